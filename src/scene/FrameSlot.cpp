#include "scene/FrameSlot.h"

#include "terrain/TerrainUniforms.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <stdexcept>
#include <string>

namespace scene {

FrameSlot::FrameSlot(const vk::Device& device, const vk::CommandPool& pool)
    : commands(pool.allocate()),
      inFlight(device, true),
      imageAvailable(device),
      // A uniform buffer for the draw, a storage buffer for the passes in
      // compute (terrain::kFrameUniformsStorageBinding).
      terrainUniforms(device, sizeof(terrain::TerrainUniforms),
                      VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                      vk::MemoryLocation::HostUpload),
      countsReadback(device, kCountsReadbackBytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryLocation::HostReadback),
      pickReadback(device, kPickReadbackBytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryLocation::HostReadback)
{
}

void submitFrameSlot(const vk::Device& device, const FrameSlot& slot)
{
    VkSubmitInfo info{};
    info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    info.commandBufferCount = 1;
    info.pCommandBuffers = &slot.commands;
    VK_CHECK(vkQueueSubmit(device.queue(), 1, &info, slot.inFlight.handle()));
}

FrameSlot& frameSlotAt(std::vector<FrameSlot>& slots, std::uint32_t slotIndex, const char* owner)
{
    if (slotIndex >= slots.size()) {
        throw vk::Error(std::string(owner) + ": frame slot " + std::to_string(slotIndex) + " of " +
                        std::to_string(slots.size()));
    }
    return slots[slotIndex];
}

std::vector<FrameSlot> makeFrameSlots(const vk::Device& device, const vk::CommandPool& pool, std::uint32_t count)
{
    if (count == 0) {
        throw std::invalid_argument("a scene needs at least one frame in flight");
    }
    std::vector<FrameSlot> slots;
    slots.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        slots.emplace_back(device, pool);
    }
    return slots;
}

}  // namespace scene
