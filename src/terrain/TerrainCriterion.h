// The C++ side of shaders/terrain/TerrainCriterion.glsl, the terrain's
// level-of-detail criterion for the subdivision pass (compiled into it by
// shaders/terrain/TerrainSubdivision.comp): owns its descriptor set 1 (one
// per frame slot): binding 0 the slot's TerrainUniforms, bindings 1 and 2 the
// min/max and moments chains of HeightStatistics, binding 3 the heightmap,
// bindings 4 to 6 the streamed tiles' atlas, page table and bounds
// (TileAtlas).
#pragma once

#include "leb/gpu/SubdivisionPass.h"
#include "vk/Descriptors.h"
#include "vk/DriverPath.h"

#include <cstdint>
#include <span>
#include <vector>

namespace vk {
class Buffer;
class Device;
}  // namespace vk

namespace tiles::gpu {
class TileAtlas;
}  // namespace tiles::gpu

namespace terrain {

class HeightStatistics;
class HeightmapTexture;

class TerrainCriterion {
public:
    // One set per element of `frameUniforms`; the buffers, `statistics` and
    // `heightmap` must outlive the criterion.
    TerrainCriterion(const vk::Device& device, const HeightStatistics& statistics, const HeightmapTexture& heightmap,
                     const tiles::gpu::TileAtlas& atlas, std::span<const vk::Buffer* const> frameUniforms);

    // What to build the subdivision pass with; the criterion must outlive it.
    [[nodiscard]] leb::gpu::SubdivisionCriterion criterion() const;
    [[nodiscard]] VkDescriptorSet descriptorSet(std::uint32_t frameSlot) const { return sets_.at(frameSlot); }

private:
    // The macros of its program (terrain/TerrainPrograms.h).
    std::vector<vk::ShaderMacro> macros_;
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool pool_;
    std::vector<VkDescriptorSet> sets_;
};

}  // namespace terrain
