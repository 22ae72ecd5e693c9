// The C++ side of shaders/planet/GlobeCriterion.glsl and GlobeGeometry.glsl:
// the globe's level of detail for the bisector pool on the GPU
// (bisector::gpu::PoolPipeline), the mirror of planet::globeDecision, and its
// geometry per bisector. Owns the pool kernels' descriptor set 1: the
// elevation on the cube, its height ranges and the roots' exact vertices
// (device-local, uploaded once), sea level on the cube (planet::CubeGeoid),
// a streamed model's atlas, page table,
// request bits and tile statistics (tiles::gpu::TileAtlas; an empty one
// without streaming), the frame's GlobeLevelOfDetail and origin (host-visible), and each
// slot's exact vertices, geometry cache, the detail's sums at its vertices
// and their shading (the data's normal and the detail's grid). The
// criterion reads those sums: the live slots' geometry must be written
// (refreshProgram over the live list) before the first update.
#pragma once

#include "bisector/HalfedgeMesh.h"
#include "bisector/gpu/PoolPipeline.h"
#include "planet/CubeElevation.h"
#include "planet/CubeTilePyramid.h"
#include "planet/GlobeCriterion.h"
#include "vk/Buffer.h"
#include "vk/Descriptors.h"
#include "vk/ShaderLibrary.h"

#include <glm/ext/vector_int4_sized.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>

namespace tiles::gpu {
class TileAtlas;
}  // namespace tiles::gpu

namespace vk {
class Device;
}

namespace planet::gpu {

// The streamed levels the criterion reads from the atlas.
struct GlobeStreamLevels {
    CubeTilePyramid pyramid;
    StreamedHeightRange range;
};

class GlobeCriterion {
public:
    // `mesh` is the pool's base mesh (planet::cubeMesh), of `capacity`
    // slots; `atlas` holds the tiles of `stream` (the empty atlas without).
    // Throws vk::Error when the device lacks shaderFloat64.
    GlobeCriterion(vk::Device& device, const CubeElevation& elevation, const bisector::HalfedgeMesh& mesh,
                   std::uint32_t capacity, const tiles::gpu::TileAtlas& atlas,
                   const std::optional<GlobeStreamLevels>& stream);

    // The programs to build a PoolPipeline with (which must not outlive this).
    [[nodiscard]] bisector::gpu::PoolPrograms programs() const;
    // The refresh of every live bisector's geometry (GlobeRefresh.comp), a
    // kernel for PoolPipeline::makeKernel.
    [[nodiscard]] static vk::ShaderProgram refreshProgram();
    // The largest buffer per slot (the exact vertices): a device binds at
    // most maxStorageBufferRange / kLargestBytesPerSlot slots.
    static constexpr VkDeviceSize kLargestBytesPerSlot = 3 * 4 * sizeof(std::int64_t);
    [[nodiscard]] VkDescriptorSet descriptorSet() const { return set_; }
    [[nodiscard]] VkDescriptorSetLayout setLayout() const { return setLayout_.handle(); }
    // Three vec4 per slot: the vertices from the origin, and their heights.
    [[nodiscard]] const vk::Buffer& cache() const { return cache_; }
    // The nearest exact point (shaders/planet/CubeGeometry.glsl: 2^34 units
    // a cube side's half) to a cube point, w 0.
    [[nodiscard]] static glm::i64vec4 exactCubePointOf(const glm::dvec3& cubePoint);
    // Three i64vec4 per slot: the exact cube vertices in xyz, the data's
    // height there in w (a double's bits).
    [[nodiscard]] const vk::Buffer& exact() const { return exact_; }
    // Three uints per slot, for the draw's shading: the data's normal at
    // each vertex and the grid the detail there starts under
    // (shaders/planet/VertexShading.glsl).
    [[nodiscard]] const vk::Buffer& shading() const { return shading_; }
    // The elevation's grid on the cube (the base's, when the model streams;
    // shaders/planet/CubeElevation.glsl).
    [[nodiscard]] const vk::Buffer& elevation() const { return elevation_; }
    // Sea level on the cube (shaders/planet/CubeGeoid.glsl).
    [[nodiscard]] const vk::Buffer& geoid() const { return geoid_; }
    // The buffers of every slot (exact vertices, cache, sums, shading), and the
    // elevation's (grid, height ranges and sea level).
    [[nodiscard]] VkDeviceSize slotBytes() const
    {
        return exact_.size() + cache_.size() + detailSums_.size() + shading_.size();
    }
    [[nodiscard]] VkDeviceSize elevationBytes() const
    {
        return elevation_.size() + heightRanges_.size() + geoid_.size();
    }

    // Call these only while no submitted work that reads them is pending.
    void setLevelOfDetail(const GlobeLevelOfDetail& lod);
    // The origin of the cache; the cache holds it once refreshed.
    void setOrigin(const glm::dvec3& originEcef);

private:
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool pool_;
    VkDescriptorSet set_ = VK_NULL_HANDLE;
    vk::Buffer elevation_;
    vk::Buffer heightRanges_;
    vk::Buffer geoid_;
    vk::Buffer roots_;
    vk::Buffer levelOfDetail_;
    vk::Buffer exact_;
    vk::Buffer cache_;
    vk::Buffer detailSums_;  // the detail's octave sums at each slot's vertices
    vk::Buffer shading_;     // each slot's vertices' normals and grids, for the draw
    vk::Buffer origin_;
    vk::Buffer streamLevels_;  // GlobeStream (planet/CubeStreamedElevation.glsl)
    std::uint32_t intervals_ = 0;
    double detailBound_ = 0.0;  // CubeElevation::detailBoundMetres
};

}  // namespace planet::gpu
