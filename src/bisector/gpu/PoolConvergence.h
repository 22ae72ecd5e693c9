// What a surface refined on the bisector pool (the flat terrain's pool
// backend, the globe) keeps from frame to frame, written once for both:
// the counts each frame reads back, and whether the mesh has converged, so
// that the pool's passes are left out under a still view.
//
// A surface's update, frame after frame:
//   noteChanged()      when the level of detail's inputs (view, viewport,
//                      settings) or the geometry under it (origin, heights,
//                      resident tiles) changed: the mesh may change;
//   recordUpdate()     the pool's passes, unless the mesh converged;
//   noteCompleted()    with the serial recordUpdate returned and the counts
//                      of that frame, once it completed: an update that
//                      changed nothing under unchanged inputs means the mesh
//                      has converged.
#pragma once

#include "bisector/gpu/PoolBuffers.h"
#include "bisector/gpu/PoolPipeline.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <span>

namespace vk {
class ComputeKernel;
class TimestampQueries;
}  // namespace vk

namespace bisector::gpu {

// The pool's statistics a frame reads back (kPoolCountsBytes at
// kStatisticsOffset of its counters).
struct PoolCounts {
    std::uint32_t live = 0;
    std::uint32_t visible = 0;
    std::uint32_t deferredSplits = 0;  // split requests the full pool made wait
    std::uint32_t changed = 0;         // bisectors split and diamonds merged by the update
};
inline constexpr VkDeviceSize kPoolCountsBytes = 4 * sizeof(std::uint32_t);

// The counts in a read-back of kPoolCountsBytes (zeros past a shorter one).
[[nodiscard]] PoolCounts poolCountsFrom(std::span<const std::byte> bytes);

class PoolConvergence {
public:
    // The mesh may change: updates recorded before no longer tell whether
    // it converged.
    void noteChanged();
    [[nodiscard]] bool converged() const { return converged_; }

    // Records `pipeline`'s update for `frame` (PoolPipeline::record, with
    // `timer` and `afterIndex`), unless the mesh converged. Returns the
    // serial for noteCompleted, 0 when the update was left out.
    std::uint64_t recordUpdate(PoolPipeline& pipeline, VkCommandBuffer commands, const PoolFrame& frame,
                               vk::TimestampQueries* timer = nullptr,
                               std::span<const vk::ComputeKernel* const> afterIndex = {});
    // The frame whose update had `serial` completed with `counts`.
    void noteCompleted(std::uint64_t serial, const PoolCounts& counts);

    // Updates left out because the mesh had converged.
    [[nodiscard]] std::uint64_t skippedUpdates() const { return skippedUpdates_; }

private:
    std::uint64_t serial_ = 0;
    bool converged_ = false;
    std::uint64_t skippedUpdates_ = 0;
};

}  // namespace bisector::gpu
