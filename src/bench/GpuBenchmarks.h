// The GPU subcommands of cbt-bench. Each opens a GpuSession (throwing
// vk::Error with a one-line message when no Vulkan device is usable), runs
// its passes at least GpuRunOptions::iterations (>= 100) times with
// timestamps, next to a vkCmdCopyBuffer of the heap's bytes recorded in the
// same command buffers, checks the GPU result against the CPU library, and
// returns the report.
#pragma once

#include "bench/BenchCommandLine.h"
#include "bench/GpuSession.h"

#include <cstddef>
#include <span>
#include <vector>

namespace bench {

// cbt-bench devices: every Vulkan device with index, name, type, API
// version, driver, whether it is usable and which one would be chosen.
CommandOutcome runDevicesListing(const DevicesOptions& options);

// cbt-bench gpu-reduce: the sum-reduction pass on a random bitfield.
CommandOutcome runGpuReduce(const GpuReduceOptions& options);

// cbt-bench gpu-update: dispatcher + subdivision + sum reduction (+ the
// dispatcher that refreshes the draw arguments) refining around a point,
// while refining from the root triangles and once converged.
CommandOutcome runGpuUpdate(const GpuUpdateOptions& options);

// cbt-bench gpu-update --cbt pool: the bisector pool's passes (reset to
// index) refining around the point from the four roots and converged,
// checked against the CPU pool in canonical form; next to the heap's update
// at the same depth when it is at most kMaxComparedHeapDepth.
CommandOutcome runGpuPoolUpdate(const GpuUpdateOptions& options);
inline constexpr int kMaxComparedHeapDepth = 26;

// cbt-bench gpu-decode: the leaf-decode pass on a full tree (2^D leaves).
CommandOutcome runGpuDecode(const GpuDecodeOptions& options);

// cbt-bench flyover: the viewer's frame on the heap and on the pool, pose by
// pose along a camera path in one process (bench/FlyoverBenchmark.cpp).
// Throws as the viewer does for bad inputs.
CommandOutcome runFlyover(const FlyoverOptions& options);

// The heap bytes with levels 0 .. D-1 (the sum reduction) cleared; the
// header and the bitfield are kept. What the GPU reduction must rebuild.
std::vector<std::byte> withoutSumReduction(std::span<const std::byte> heapBytes, int maxDepth);

}  // namespace bench
