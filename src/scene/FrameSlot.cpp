#include "scene/FrameSlot.h"

#include "terrain/TerrainUniforms.h"

namespace scene {

FrameSlot::FrameSlot(const vk::Device& device, const vk::CommandPool& pool)
    : commands(pool.allocate()),
      inFlight(device, true),
      imageAvailable(device),
      terrainUniforms(device, sizeof(terrain::TerrainUniforms), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                      vk::MemoryLocation::HostUpload),
      countsReadback(device, kCountsReadbackBytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryLocation::HostReadback)
{
}

}  // namespace scene
