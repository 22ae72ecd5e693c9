// The bisector pool on the GPU: the buffers of shaders/bisector/BisectorPool.glsl
// for a pool of P slots, filled from a CPU pool and read back into one.
#pragma once

#include "bisector/Pool.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "vk/Buffer.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace vk {
class Device;
}

namespace bisector::gpu {

// The lists of pool_lists (shaders/bisector/BisectorPool.glsl).
enum class PoolList : std::uint32_t {
    Live = 0,
    Split = 1,
    Changed = 2,
    Diamonds = 3,
    MergeCandidates = 4,
    Visible = 5
};
inline constexpr std::uint32_t kPoolListCount = 6;
inline constexpr std::uint32_t kPoolCountedLists = 5;

struct DispatchArguments {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    std::uint32_t z = 0;
};

// PoolCounters of BisectorPool.glsl, byte for byte.
struct PoolCounters {
    std::int32_t budget = 0;
    std::uint32_t allocationCursor = 0;
    std::uint32_t deferredCount = 0;
    std::uint32_t freedCount = 0;
    std::uint32_t counts[kPoolCountedLists] = {};
    std::uint32_t visibleCount = 0;
    // Copies of the live, visible and deferred counts, and of what the update
    // changed (bisectors split + diamonds merged), side by side, written by a
    // use of the pool for its statistics read-back.
    std::uint32_t liveStatistic = 0;
    std::uint32_t visibleStatistic = 0;
    std::uint32_t deferredStatistic = 0;
    std::uint32_t changedStatistic = 0;
    DispatchArguments dispatch[kPoolCountedLists];
    std::uint32_t drawVertexCount = 0;
    std::uint32_t drawInstanceCount = 0;
    std::uint32_t drawFirstVertex = 0;
    std::uint32_t drawFirstInstance = 0;
    // Workgroups of 64 over the visible list, for a compute pass that draws
    // it (at most 65535, the least maxComputeWorkGroupCount: such a pass
    // strides over the list), written with the draw's arguments.
    DispatchArguments visibleDispatch;
    // Workgroups of 64 over the changed list, then over the diamond list: the
    // index pass's threads for the bisectors the update created.
    DispatchArguments createdDispatch;
};
static_assert(offsetof(PoolCounters, dispatch) == 56);
static_assert(sizeof(PoolCounters) == 156);
inline constexpr VkDeviceSize kDrawArgumentsOffset = offsetof(PoolCounters, drawVertexCount);
inline constexpr VkDeviceSize kVisibleDispatchOffset = offsetof(PoolCounters, visibleDispatch);
inline constexpr VkDeviceSize kCreatedDispatchOffset = offsetof(PoolCounters, createdDispatch);
inline constexpr VkDeviceSize kStatisticsOffset = offsetof(PoolCounters, liveStatistic);

// Bytes per slot of the topology buffers: key 8, two link copies 24, flags
// 4, new slots 12, forward 4, six lists 24, and the occupancy tree's 4 bits.
inline constexpr double kTopologyBytesPerSlot = 8 + 24 + 4 + 12 + 4 + 24 + 0.5;

class PoolBuffers {
public:
    // A pool of `capacity` slots (a power of two from 2 to 2^30). Throws
    // vk::Error, in one line, when a buffer would exceed the device's
    // maxStorageBufferRange.
    PoolBuffers(vk::Device& device, std::uint32_t capacity);

    [[nodiscard]] std::uint32_t capacity() const noexcept { return capacity_; }
    // The link copy the next update reads (0 or 1); flip() after each update.
    [[nodiscard]] std::uint32_t linkRead() const noexcept { return linkRead_; }
    void flip() noexcept { linkRead_ = 1u - linkRead_; }

    // Replaces the GPU pool by `pool` (same capacity): keys, links (into the
    // copy the next update reads), occupancy and its reduction, and the live
    // list in slot order.
    void upload(const bisector::Pool& pool);
    // The state after the last update (waits for the device to be idle).
    [[nodiscard]] bisector::PoolState download() const;
    [[nodiscard]] PoolCounters downloadCounters() const;
    // The first `count` entries of `list`.
    [[nodiscard]] std::vector<std::uint32_t> downloadList(PoolList list, std::uint32_t count) const;

    [[nodiscard]] const vk::Buffer& counters() const { return counters_; }
    [[nodiscard]] const vk::Buffer& keys() const { return keys_; }
    [[nodiscard]] const vk::Buffer& links() const { return links_; }
    [[nodiscard]] const vk::Buffer& flags() const { return flags_; }
    [[nodiscard]] const vk::Buffer& newSlots() const { return newSlots_; }
    [[nodiscard]] const vk::Buffer& forward() const { return forward_; }
    [[nodiscard]] const vk::Buffer& lists() const { return lists_; }
    [[nodiscard]] const cbt::gpu::ConcurrentBinaryTree& occupancy() const { return occupancy_; }
    [[nodiscard]] VkDeviceSize bytes() const noexcept;

private:
    vk::Device* device_;
    std::uint32_t capacity_;
    std::uint32_t linkRead_ = 0;
    vk::Buffer counters_;
    vk::Buffer keys_;
    vk::Buffer links_;
    vk::Buffer flags_;
    vk::Buffer newSlots_;
    vk::Buffer forward_;
    vk::Buffer lists_;
    cbt::gpu::ConcurrentBinaryTree occupancy_;
};

}  // namespace bisector::gpu
