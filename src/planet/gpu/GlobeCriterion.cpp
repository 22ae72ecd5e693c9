#include "planet/gpu/GlobeCriterion.h"

#include "tiles/gpu/TileAtlas.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <glm/ext/vector_int4_sized.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace planet::gpu {
namespace {

constexpr std::array<vk::DescriptorBinding, 15> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {6, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {7, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {8, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {9, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {10, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {11, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {12, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {13, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {14, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

constexpr VkDeviceSize kExactBytesPerSlot = GlobeCriterion::kLargestBytesPerSlot;
constexpr VkDeviceSize kCacheBytesPerSlot = 3 * 4 * sizeof(float);
constexpr VkDeviceSize kDetailSumBytesPerSlot = 3 * sizeof(double);
constexpr VkDeviceSize kShadingBytesPerSlot = 3 * sizeof(std::uint32_t);

// Units of the exact cube coordinates (shaders/planet/CubeGeometry.glsl).
constexpr double kUnitsPerCube = 17179869184.0;  // 2^34

// std430 GlobeLevelOfDetail.
struct LevelOfDetailBlock {
    glm::dvec4 camera;
    std::array<glm::dvec4, 6> planes;
    glm::dvec4 parameters;
    std::uint32_t intervals = 0;
    std::uint32_t padding0 = 0;
    double seabedHiddenBelow = 0.0;
    double horizonRadius = 0.0;
    double polarStretch = 1.0;
};
static_assert(sizeof(LevelOfDetailBlock) == 32 * 9);
static_assert(offsetof(LevelOfDetailBlock, seabedHiddenBelow) == 264);

// std430 GlobeStream (shaders/planet/CubeStreamedElevation.glsl).
struct StreamBlock {
    double range[2] = {0.0, 1.0};
    std::uint32_t levels = 0;
    std::uint32_t finestIntervals = 0;
    std::uint32_t tileSize = 1;
    std::uint32_t firstEntries[CubeTilePyramid::kMaxLevels] = {};
    std::uint32_t padding = 0;
};
static_assert(sizeof(StreamBlock) == 64);

StreamBlock streamBlockOf(const std::optional<GlobeStreamLevels>& stream)
{
    StreamBlock block;
    if (!stream) {
        return block;
    }
    block.range[0] = stream->range.lowestMetres;
    block.range[1] = stream->range.metresPerStep;
    block.levels = stream->pyramid.levelCount();
    block.finestIntervals = stream->pyramid.finestIntervals();
    block.tileSize = stream->pyramid.tileSize();
    for (std::uint32_t level = 0; level < block.levels; ++level) {
        block.firstEntries[level] = stream->pyramid.layout().firstEntry(level);
    }
    return block;
}

vk::Device& withFloat64(vk::Device& device)
{
    if (!device.features().shaderFloat64) {
        throw vk::Error("Vulkan device " + device.info().name + " lacks shaderFloat64, which the globe needs");
    }
    return device;
}

vk::Buffer storageHolding(vk::Device& device, std::span<const std::byte> bytes)
{
    vk::Buffer buffer(device, bytes.size(), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    vk::uploadToBuffer(device, buffer, bytes);
    return buffer;
}

vk::Buffer streamBufferOf(vk::Device& device, const std::optional<GlobeStreamLevels>& stream)
{
    const std::array<StreamBlock, 1> block{streamBlockOf(stream)};
    return storageHolding(device, std::as_bytes(std::span<const StreamBlock>(block)));
}

vk::Buffer geoidBufferOf(vk::Device& device, const CubeGeoid& geoid)
{
    const std::vector<std::uint32_t> words = geoid.gpuWords();
    return storageHolding(device, std::as_bytes(std::span<const std::uint32_t>(words)));
}

// The roots' vertices in exact cube units, three per root, as a buffer.
vk::Buffer exactRootsBuffer(vk::Device& device, const bisector::HalfedgeMesh& mesh)
{
    std::vector<glm::i64vec4> roots;
    for (std::uint32_t h = 0; h < mesh.halfedgeCount(); ++h) {
        for (const glm::dvec3& vertex : mesh.rootTriangle(h)) {
            roots.push_back(GlobeCriterion::exactCubePointOf(vertex));
        }
    }
    return storageHolding(device, std::as_bytes(std::span<const glm::i64vec4>(roots)));
}

}  // namespace

GlobeCriterion::GlobeCriterion(vk::Device& device, const CubeElevation& elevation, const bisector::HalfedgeMesh& mesh,
                               std::uint32_t capacity, const tiles::gpu::TileAtlas& atlas,
                               const std::optional<GlobeStreamLevels>& stream)
    : setLayout_(withFloat64(device), kBindings),
      pool_(device, setLayout_, 1),
      set_(pool_.allocate(setLayout_)),
      elevation_(storageHolding(device, std::as_bytes(std::span(elevation.samples())))),
      heightRanges_(storageHolding(device, std::as_bytes(std::span(elevation.heightRanges())))),
      geoid_(geoidBufferOf(device, elevation.geoid())),
      roots_(exactRootsBuffer(device, mesh)),
      levelOfDetail_(device, sizeof(LevelOfDetailBlock), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                     vk::MemoryLocation::HostUpload),
      exact_(device, kExactBytesPerSlot * capacity, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      cache_(device, kCacheBytesPerSlot * capacity, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      detailSums_(device, kDetailSumBytesPerSlot * capacity, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      shading_(device, kShadingBytesPerSlot * capacity, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      origin_(device, sizeof(glm::dvec4), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryLocation::HostUpload),
      streamLevels_(streamBufferOf(device, stream)),
      intervals_(elevation.intervals()),
      detailBound_(elevation.detailBoundMetres())
{
    vk::DescriptorWriter()
        .storageBuffer(0, elevation_)
        .storageBuffer(1, roots_)
        .storageBuffer(2, levelOfDetail_)
        .storageBuffer(3, exact_)
        .storageBuffer(4, cache_)
        .storageBuffer(5, origin_)
        .storageBuffer(6, heightRanges_)
        .storageBuffer(7, detailSums_)
        .storageBuffer(8, atlas.pageTable())
        .combinedImageSampler(9, atlas.view(), atlas.sampler(), tiles::gpu::TileAtlas::kLayout)
        .storageBuffer(10, atlas.requests())
        .storageBuffer(11, atlas.tileStatistics())
        .storageBuffer(12, streamLevels_)
        .storageBuffer(13, shading_)
        .storageBuffer(14, geoid_)
        .update(device, set_);
    setLevelOfDetail(GlobeLevelOfDetail{});
    setOrigin(glm::dvec3(0.0));
}

bisector::gpu::PoolPrograms GlobeCriterion::programs() const
{
    return {{"planet/GlobeClassify.comp", {}},
            {"planet/GlobeIndex.comp", {}},
            {"planet/GlobeBisect.comp", {}},
            {"planet/GlobeMergeWrite.comp", {}},
            setLayout_.handle()};
}

glm::i64vec4 GlobeCriterion::exactCubePointOf(const glm::dvec3& cubePoint)
{
    return {static_cast<std::int64_t>(std::llround(cubePoint.x * kUnitsPerCube)),
            static_cast<std::int64_t>(std::llround(cubePoint.y * kUnitsPerCube)),
            static_cast<std::int64_t>(std::llround(cubePoint.z * kUnitsPerCube)), 0};
}

vk::ShaderProgram GlobeCriterion::refreshProgram()
{
    return {"planet/GlobeRefresh.comp", {}};
}

void GlobeCriterion::setOrigin(const glm::dvec3& originEcef)
{
    const glm::dvec4 origin(originEcef, 0.0);
    std::memcpy(origin_.mapped().data(), &origin, sizeof(origin));
}

void GlobeCriterion::setLevelOfDetail(const GlobeLevelOfDetail& lod)
{
    LevelOfDetailBlock block;
    block.camera = glm::dvec4(lod.cameraEcef, lod.occluderRadius);
    block.planes = lod.frustumPlanes;
    block.parameters = glm::dvec4(lod.pixelsPerRadian, lod.targetEdgePixels, lod.nearMetres, detailBound_);
    block.intervals = intervals_;
    block.seabedHiddenBelow = lod.seabedHiddenBelowMetres;
    block.horizonRadius = lod.horizonRadius;
    block.polarStretch = lod.polarStretch;
    std::memcpy(levelOfDetail_.mapped().data(), &block, sizeof(block));
}

}  // namespace planet::gpu
