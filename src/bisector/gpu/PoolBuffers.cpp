#include "bisector/gpu/PoolBuffers.h"

#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>

namespace bisector::gpu {
namespace {

constexpr VkBufferUsageFlags kStorage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;

vk::Buffer storageBuffer(vk::Device& device, VkDeviceSize bytes, const char* what, VkBufferUsageFlags extraUsage = 0)
{
    if (bytes > device.maxStorageBufferRange()) {
        throw vk::Error("the bisector pool's " + std::string(what) + " (" + std::to_string(bytes) +
                        " bytes) exceeds the device's maxStorageBufferRange (" +
                        std::to_string(device.maxStorageBufferRange()) + " bytes): use a smaller pool");
    }
    return vk::Buffer(device, bytes, kStorage | extraUsage);
}

std::uint32_t checkedCapacity(std::uint32_t capacity)
{
    if (!std::has_single_bit(capacity) || capacity < 2u || capacity > (1u << 30)) {
        throw std::invalid_argument("bisector pool size " + std::to_string(capacity) +
                                    " must be a power of two from 2 to 2^30");
    }
    return capacity;
}

}  // namespace

PoolBuffers::PoolBuffers(vk::Device& device, std::uint32_t capacity)
    : device_(&device),
      capacity_(checkedCapacity(capacity)),
      counters_(storageBuffer(device, sizeof(PoolCounters), "counters", VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT)),
      keys_(storageBuffer(device, VkDeviceSize{8} * capacity, "keys")),
      links_(storageBuffer(device, VkDeviceSize{2 * 3 * 4} * capacity, "links")),
      flags_(storageBuffer(device, VkDeviceSize{4} * capacity, "flags")),
      newSlots_(storageBuffer(device, VkDeviceSize{3 * 4} * capacity, "new slots")),
      forward_(storageBuffer(device, VkDeviceSize{4} * capacity, "forward slots")),
      lists_(storageBuffer(device, VkDeviceSize{4} * kPoolListCount * capacity, "lists")),
      occupancy_(device, std::countr_zero(capacity))
{
}

void PoolBuffers::upload(const bisector::Pool& pool)
{
    if (pool.capacity() != capacity_) {
        throw std::invalid_argument("a CPU pool of " + std::to_string(pool.capacity()) +
                                    " slots does not fit a GPU pool of " + std::to_string(capacity_));
    }
    const PoolState& state = pool.state();
    vk::uploadToBuffer(*device_, keys_, std::span<const Key>(state.keys));
    std::vector<std::uint32_t> links(std::size_t{2} * 3 * capacity_, kNoSlot);
    std::vector<std::uint32_t> lists(std::size_t{kPoolListCount} * capacity_, 0u);
    std::uint32_t live = 0;
    for (Slot slot = 0; slot < capacity_; ++slot) {
        for (Edge edge = 0; edge < 3; ++edge) {
            links[std::size_t{linkRead_} * 3 * capacity_ + 3 * slot + edge] = state.links[slot][edge];
        }
        if (state.keys[slot] != kFreeKey) {
            lists[live++] = slot;
        }
    }
    vk::uploadToBuffer(*device_, links_, std::span<const std::uint32_t>(links));
    vk::uploadToBuffer(*device_, lists_, std::span<const std::uint32_t>(lists));
    vk::fillBuffer(*device_, flags_, 0u);
    vk::fillBuffer(*device_, newSlots_, kNoSlot);
    vk::fillBuffer(*device_, forward_, kNoSlot);

    cbt::ConcurrentBinaryTree occupancy(std::countr_zero(capacity_));
    occupancy.loadBitfield(state.occupancy);
    occupancy_.upload(occupancy);

    PoolCounters counters;
    counters.counts[static_cast<std::uint32_t>(PoolList::Live)] = live;
    counters.dispatch[static_cast<std::uint32_t>(PoolList::Live)] = {(live + 63) / 64, 1, 1};
    counters.drawInstanceCount = 1;
    vk::uploadToBuffer(*device_, counters_, std::as_bytes(std::span(&counters, 1)));
}

bisector::PoolState PoolBuffers::download() const
{
    PoolState state;
    state.keys = vk::downloadFromBufferAs<Key>(*device_, keys_, 0, capacity_);
    // The links the last update wrote are the ones the next one reads.
    const std::vector<std::uint32_t> links = vk::downloadFromBufferAs<std::uint32_t>(
        *device_, links_, VkDeviceSize{4} * 3 * capacity_ * linkRead_, std::size_t{3} * capacity_);
    state.links.resize(capacity_);
    for (Slot slot = 0; slot < capacity_; ++slot) {
        state.links[slot] = {links[3 * slot], links[3 * slot + 1], links[3 * slot + 2]};
    }
    const cbt::ConcurrentBinaryTree occupancy = occupancy_.download();
    state.occupancy.resize(occupancy.bitfieldWordCount());
    for (std::size_t word = 0; word < state.occupancy.size(); ++word) {
        state.occupancy[word] = occupancy.bitfieldWord(word);
    }
    return state;
}

PoolCounters PoolBuffers::downloadCounters() const
{
    const std::vector<std::byte> bytes = vk::downloadFromBuffer(*device_, counters_, 0, sizeof(PoolCounters));
    PoolCounters counters;
    std::memcpy(&counters, bytes.data(), sizeof(counters));
    return counters;
}

std::vector<std::uint32_t> PoolBuffers::downloadList(PoolList list, std::uint32_t count) const
{
    const auto first = VkDeviceSize{4} * capacity_ * static_cast<std::uint32_t>(list);
    return vk::downloadFromBufferAs<std::uint32_t>(*device_, lists_, first, count);
}

VkDeviceSize PoolBuffers::bytes() const noexcept
{
    return counters_.size() + keys_.size() + links_.size() + flags_.size() + newSlots_.size() + forward_.size() +
           lists_.size() + occupancy_.heapByteSize();
}

}  // namespace bisector::gpu
