// The memory the viewer's process holds, for the --stats report and the
// soak runs (scripts/soak.sh): on a CPU Vulkan driver such as lavapipe the
// device's allocations are process memory too.
#pragma once

#include <cstdint>
#include <optional>

namespace viewer {

// Resident set size of this process in bytes (/proc/self/statm); empty where
// it cannot be read.
std::optional<uint64_t> residentMemoryBytes();

// The most this process has held resident so far, start-up included, in
// bytes (VmHWM of /proc/self/status); empty where it cannot be read.
std::optional<uint64_t> peakResidentMemoryBytes();

}  // namespace viewer
