// The heap backend's update refining around a point and converged, as
// gpu-update measures it; gpu-update --cbt pool runs it too, in the same
// session, for the pool-to-heap ratio.
#pragma once

#include "bench/GpuFrameTimer.h"
#include "leb/LongestEdgeBisection.h"
#include "vk/Device.h"
#include "vk/ShaderLibrary.h"

#include <glm/vec2.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bench {

struct HeapUpdateRun {
    // Timer passes: dispatcher, subdivision, sum reduction, dispatcher (new
    // tree), copy of the heap.
    PassSamples refining;
    PassSamples converged;
    int refinements = 0;
    int cpuPasses = 0;  // frames of one refinement (the CPU's passes)
    bool matchesCpu = true;
    std::uint32_t leafCount = 0;
    std::size_t heapBytes = 0;
    std::string sumReductionVariant;
};

// `point` must be on the heap's 2^-20 grid (leb::quantizePoint).
HeapUpdateRun measureHeapUpdate(vk::Device& device, const vk::ShaderLibrary& shaders, int depth, glm::dvec2 point,
                                leb::Domain domain, int iterations);

// Per frame: dispatcher + subdivision + sum reduction + dispatcher (new tree).
std::vector<double> heapUpdateMilliseconds(const PassSamples& samples);

}  // namespace bench
