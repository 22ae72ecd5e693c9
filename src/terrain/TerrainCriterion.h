// The C++ side of shaders/terrain/TerrainCriterion.glsl, the terrain's
// level-of-detail criterion for the subdivision pass: owns its descriptor
// set 1 (one per frame slot): binding 0 the slot's frame uniforms
// (TerrainFrameUniforms), bindings 1 and 2 the min/max and moments chains of
// HeightStatistics, binding 3 the heightmap texture.
#pragma once

#include "terrain/SubdivisionPass.h"
#include "vk/Descriptors.h"

#include <cstdint>
#include <span>
#include <vector>

namespace gpu {
class Buffer;
class Device;
}  // namespace gpu

namespace terrain {

class HeightStatistics;
class HeightmapTexture;

class TerrainCriterion {
public:
    // One set per element of `frameUniforms`; the buffers, `statistics` and
    // `heightmap` must outlive the criterion.
    TerrainCriterion(const gpu::Device& device, const HeightStatistics& statistics, const HeightmapTexture& heightmap,
                     std::span<const gpu::Buffer* const> frameUniforms);

    // What to build the subdivision pass with; the criterion must outlive it.
    [[nodiscard]] SubdivisionCriterion criterion() const;
    [[nodiscard]] VkDescriptorSet descriptorSet(std::uint32_t frameSlot) const { return sets_.at(frameSlot); }

private:
    gpu::DescriptorSetLayout setLayout_;
    gpu::DescriptorPool pool_;
    std::vector<VkDescriptorSet> sets_;
};

}  // namespace terrain
