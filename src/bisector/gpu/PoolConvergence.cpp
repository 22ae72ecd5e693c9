#include "bisector/gpu/PoolConvergence.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace bisector::gpu {

PoolCounts poolCountsFrom(std::span<const std::byte> bytes)
{
    std::array<std::uint32_t, 4> values{};
    std::memcpy(values.data(), bytes.data(), std::min(bytes.size(), sizeof(values)));
    return {values[0], values[1], values[2], values[3]};
}

void PoolConvergence::noteChanged()
{
    ++serial_;
    converged_ = false;
}

std::uint64_t PoolConvergence::recordUpdate(PoolPipeline& pipeline, VkCommandBuffer commands, const PoolFrame& frame,
                                            vk::TimestampQueries* timer,
                                            std::span<const vk::ComputeKernel* const> afterIndex)
{
    if (converged_) {
        ++skippedUpdates_;
        return 0;
    }
    pipeline.record(commands, frame, timer, afterIndex);
    return serial_;
}

void PoolConvergence::noteCompleted(std::uint64_t serial, const PoolCounts& counts)
{
    if (serial != 0 && serial == serial_ && counts.changed == 0) {
        converged_ = true;
    }
}

}  // namespace bisector::gpu
