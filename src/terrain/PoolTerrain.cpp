#include "terrain/PoolTerrain.h"

#include "bisector/ExactGeometry.h"
#include "camera/Projection.h"
#include "terrain/HeightStatistics.h"
#include "terrain/HeightmapTexture.h"
#include "terrain/PoolTerrainDrawPass.h"
#include "terrain/TerrainPrograms.h"
#include "tiles/gpu/TileAtlas.h"
#include "vk/Barriers.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/DriverPath.h"
#include "vk/Error.h"
#include "vk/ShaderLibrary.h"
#include "vk/TimestampQueries.h"

#include <glm/mat3x3.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

namespace terrain {
namespace {

constexpr VkShaderStageFlags kCompute = VK_SHADER_STAGE_COMPUTE_BIT;
constexpr std::array<vk::DescriptorBinding, 12> kCriterionBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kCompute, 1},
    {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kCompute, 1},
    {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {6, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {7, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kCompute, 1},
    {8, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {9, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {10, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {11, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
}};

// Exact vertices (3 x 16 bytes), the geometry cache (4 x 16 bytes) and the
// draw list's entry (4 bytes) per slot.
constexpr VkDeviceSize kExactBytesPerSlot = 48;
constexpr VkDeviceSize kCacheBytesPerSlot = 64;
constexpr VkDeviceSize kDrawListBytesPerSlot = 4;
// The draw order's distance bands (terrain/PoolTerrainDrawOrder.glsl): a
// count and a placed count each.
constexpr std::size_t kDrawBands = 64;
// The draw order keeps a band above a slot in one 32-bit list entry.
static_assert(std::uint64_t{kMaxPoolCapacity} * kDrawBands <= std::uint64_t{1} << 32);
// The origin moves in steps of 1/64 of the unit square: 2^28 units of 2^-34.
constexpr int kOriginCellBits = 28;
constexpr double kUnitsPerSquare = 0x1p34;

// The largest per-slot buffer is the cache; the pool's own lists come next.
constexpr VkDeviceSize kLargestBytesPerSlot = kCacheBytesPerSlot;

// Throws, naming the largest pool that fits, when a buffer of a pool of
// `capacity` slots would exceed the device's maxStorageBufferRange.
std::uint32_t fittingCapacity(const vk::Device& device, std::uint32_t capacity)
{
    const VkDeviceSize range = device.maxStorageBufferRange();
    if (kLargestBytesPerSlot * capacity > range) {
        const VkDeviceSize fits = std::bit_floor(range / kLargestBytesPerSlot);
        throw vk::Error("a bisector pool of " + std::to_string(capacity) + " slots (--pool-size) needs buffers of " +
                        std::to_string(kLargestBytesPerSlot * capacity) + " bytes, beyond " + device.info().name +
                        "'s maxStorageBufferRange of " + std::to_string(range) + " bytes; the largest that fits is " +
                        std::to_string(fits));
    }
    return capacity;
}

vk::Buffer perSlotBuffer(vk::Device& device, VkDeviceSize bytesPerSlot, std::uint32_t capacity)
{
    return vk::Buffer(device, bytesPerSlot * capacity, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
}

bisector::Pool rootPool(const TerrainSettings& settings)
{
    return bisector::Pool(
        bisector::HalfedgeMesh::unitSquare(),
        {.capacity = settings.poolCapacity, .maxDepth = settings.maxDepth, .rootDepth = kPoolRootDepth});
}

}  // namespace

struct PoolTerrain::Kernels {
    std::unique_ptr<bisector::gpu::PoolPipeline> pipeline;
    std::unique_ptr<vk::ComputeKernel> refresh;
    // The draw order (terrain/PoolTerrainDrawOrder.glsl), after the index pass.
    std::unique_ptr<vk::ComputeKernel> drawOrderCount;
    std::unique_ptr<vk::ComputeKernel> drawOrderPlace;
    std::unique_ptr<vk::ComputeKernel> drawArguments;
};

PoolTerrainFrame poolTerrainFrameFor(const camera::FrameView& view, glm::dvec2 cameraUnitSquare,
                                     glm::dvec2 extentMetres, bool backFaceCulling)
{
    PoolTerrainFrame frame;
    frame.viewProjectionFromCamera = view.projection * glm::mat4(glm::mat3(view.view));
    frame.frustumPlanesFromCamera = camera::frustumPlanesOf(frame.viewProjectionFromCamera);
    const glm::dvec2 cell = glm::floor(cameraUnitSquare * 64.0);
    const glm::dvec2 origin = cell / 64.0;
    frame.originUnits = glm::i64vec2(static_cast<std::int64_t>(cell.x) << kOriginCellBits,
                                     static_cast<std::int64_t>(cell.y) << kOriginCellBits);
    const glm::dvec2 fromOrigin = (cameraUnitSquare - origin) * extentMetres;
    frame.cameraFromOrigin =
        glm::vec4(static_cast<float>(fromOrigin.x), view.cameraPosition.y, static_cast<float>(fromOrigin.y), 0.0f);
    frame.backFaceCulling = backFaceCulling ? 1u : 0u;
    frame.focalPixels = 0.5f * static_cast<float>(view.viewport.height) * std::abs(view.projection[1][1]);
    // The nearer of the two depth planes (which one is the near plane depends
    // on the depth convention; a far plane at infinity has no normal).
    float near = std::numeric_limits<float>::max();
    for (const std::size_t plane : {std::size_t{4}, std::size_t{5}}) {
        const glm::vec4 equation = frame.frustumPlanesFromCamera[plane];
        const float normal = glm::length(glm::vec3(equation));
        if (normal > 0.0f) {
            near = std::min(near, std::abs(equation.w) / normal);
        }
    }
    frame.nearMetres = std::max(near == std::numeric_limits<float>::max() ? 0.0f : near, 1.0e-3f);
    return frame;
}

PoolTerrain::PoolTerrain(vk::Device& device, const vk::ShaderLibrary& shaders, const TerrainDrawInputs& inputs,
                         const HeightStatistics& statistics, std::span<const vk::Buffer* const> frameUniforms,
                         const TerrainSettings& settings, VkDescriptorSetLayout atmosphereLayout,
                         const vk::AttachmentFormats& attachments, camera::DepthConvention depth)
    : device_(&device),
      shaders_(&shaders),
      atlas_(inputs.atlas),
      capacity_(fittingCapacity(device, settings.poolCapacity)),
      cpuPool_(rootPool(settings)),
      buffers_(device, settings.poolCapacity),
      exact_(perSlotBuffer(device, kExactBytesPerSlot, settings.poolCapacity)),
      cache_(perSlotBuffer(device, kCacheBytesPerSlot, settings.poolCapacity)),
      drawList_(perSlotBuffer(device, kDrawListBytesPerSlot, settings.poolCapacity)),
      drawBands_(device, 2 * kDrawBands * sizeof(std::uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT),
      setLayout_(device, kCriterionBindings),
      setPool_(device, setLayout_, static_cast<std::uint32_t>(frameUniforms.size()))
{
    const HeightmapTexture& heightmap = *inputs.heightmap;
    const tiles::gpu::TileAtlas& atlas = *inputs.atlas;
    for (const vk::Buffer* uniforms : frameUniforms) {
        vk::Buffer& frame = frames_.emplace_back(device, sizeof(PoolTerrainFrame), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                                 vk::MemoryLocation::HostUpload);
        const VkDescriptorSet set = setPool_.allocate(setLayout_);
        vk::DescriptorWriter()
            .storageBuffer(0, frame)
            .uniformBuffer(1, *uniforms)
            .combinedImageSampler(2, heightmap.view(), heightmap.sampler(), HeightmapTexture::kLayout)
            .storageBuffer(3, statistics.minMaxBuffer())
            .storageBuffer(4, statistics.momentsBuffer())
            .storageBuffer(5, exact_)
            .storageBuffer(6, cache_)
            .combinedImageSampler(7, atlas.view(), atlas.sampler(), tiles::gpu::TileAtlas::kLayout)
            .storageBuffer(8, atlas.pageTable())
            .storageBuffer(9, atlas.tileStatistics())
            .storageBuffer(10, drawBands_)
            .storageBuffer(11, drawList_)
            .update(device, set);
        sets_.push_back(set);
    }
    slotSerial_.assign(frameUniforms.size(), 0);
    kernels_ = buildKernels();
    draw_ = std::make_unique<PoolTerrainDrawPass>(device, shaders, inputs, buffers_, drawList_, cache_, frameUniforms,
                                                  frames_, atmosphereLayout, attachments, depth,
                                                  settings.uniformSubdivision);
    // The draw order's band counts start cleared; the draw arguments pass
    // clears them after each update.
    const std::array<std::uint32_t, 2 * kDrawBands> clearedBands{};
    vk::uploadToBuffer(device, drawBands_, std::span<const std::uint32_t>(clearedBands));
    uploadRoots();
}

PoolTerrain::~PoolTerrain() = default;

std::unique_ptr<PoolTerrain::Kernels> PoolTerrain::buildKernels()
{
    const std::vector<vk::ShaderMacro> macros = terrainProgramMacros(device_->driverPath(), *atlas_);
    const bisector::gpu::PoolPrograms programs{{"terrain/PoolTerrainClassify.comp", macros},
                                               {"terrain/PoolTerrainIndex.comp", macros},
                                               {"terrain/PoolTerrainBisect.comp", macros},
                                               {"terrain/PoolTerrainMergeWrite.comp", macros},
                                               setLayout_.handle()};
    auto kernels = std::make_unique<Kernels>();
    kernels->pipeline =
        std::make_unique<bisector::gpu::PoolPipeline>(*device_, *shaders_, buffers_, cpuPool_.layout(), programs);
    kernels->refresh =
        kernels->pipeline->makeKernel(*shaders_, {"terrain/PoolTerrainRefresh.comp", macros}, setLayout_.handle());
    kernels->drawOrderCount = kernels->pipeline->makeKernel(
        *shaders_, {"terrain/PoolTerrainDrawOrderCount.comp", macros}, setLayout_.handle());
    kernels->drawOrderPlace = kernels->pipeline->makeKernel(
        *shaders_, {"terrain/PoolTerrainDrawOrderPlace.comp", macros}, setLayout_.handle());
    kernels->drawArguments = kernels->pipeline->makeKernel(*shaders_, {"terrain/PoolTerrainDrawArguments.comp", macros},
                                                           setLayout_.handle());
    return kernels;
}

// The roots' keys, links and exact vertices (unit-square coordinates: 0,
// 1/2 or 1, exact in 2^-34 units); their cache is computed by the first
// frame's refresh.
void PoolTerrain::uploadRoots()
{
    buffers_.upload(cpuPool_);
    std::vector<glm::i64vec2> exact(std::size_t{3} * cpuPool_.liveCount());
    for (const bisector::Slot slot : cpuPool_.liveSlots()) {
        const std::array<glm::dvec3, 3> vertices = cpuPool_.vertices(slot);
        for (std::size_t corner = 0; corner < 3; ++corner) {
            exact[3 * slot + corner] = glm::i64vec2(static_cast<std::int64_t>(vertices[corner].x * kUnitsPerSquare),
                                                    static_cast<std::int64_t>(vertices[corner].y * kUnitsPerSquare));
        }
    }
    vk::uploadToBuffer(*device_, exact_, std::span<const glm::i64vec2>(exact));
    cacheValid_ = false;
}

const std::vector<std::string>& PoolTerrain::timestampPassNames()
{
    return bisector::gpu::PoolPipeline::timestampPassNames();
}

void PoolTerrain::recordUpdate(VkCommandBuffer commands, std::uint32_t frameSlot, const camera::FrameView& view,
                               const TerrainSettings& settings, glm::dvec2 extentMetres, vk::TimestampQueries* timer)
{
    const glm::dvec2 cameraUnitSquare(static_cast<double>(view.cameraPosition.x) / extentMetres.x + 0.5,
                                      static_cast<double>(view.cameraPosition.z) / extentMetres.y + 0.5);
    const PoolTerrainFrame frame =
        poolTerrainFrameFor(view, cameraUnitSquare, extentMetres, settings.uniformSubdivision == 0);
    std::memcpy(frames_.at(frameSlot).mapped().data(), &frame, sizeof(frame));

    const bisector::gpu::PoolFrame poolFrame{
        .frame = updates_, .maxDepth = settings.maxDepth, .criterionArgument = 0, .criterionSet = sets_.at(frameSlot)};
    const std::array<float, 4> heights{settings.heightScaleMetres, settings.heightOffsetMetres,
                                       static_cast<float>(extentMetres.x), static_cast<float>(extentMetres.y)};
    const UpdateInputs inputs{view,
                              {settings.targetEdgePixels, settings.flatnessThreshold, settings.heightScaleMetres,
                               settings.heightOffsetMetres, settings.depthPerWidth},
                              extentMetres,
                              settings.maxDepth,
                              settings.uniformSubdivision};
    if (!lastInputs_ || !(*lastInputs_ == inputs)) {
        lastInputs_ = inputs;
        convergence_.noteChanged();
    }
    if (!cacheValid_ || frame.originUnits != cachedOrigin_ || heights != cachedHeights_ ||
        atlas_->pageTableVersion() != cachedPageTable_) {
        kernels_->pipeline->recordOverLiveList(commands, *kernels_->refresh, poolFrame);
        cacheValid_ = true;
        cachedOrigin_ = frame.originUnits;
        cachedHeights_ = heights;
        cachedPageTable_ = atlas_->pageTableVersion();
        convergence_.noteChanged();
    }
    slotSerial_.at(frameSlot) = 0;
    if (!settings.freezeSubdivision) {  // frozen, the mesh stays as it is
        const std::array<const vk::ComputeKernel*, 2> drawOrder{kernels_->drawOrderCount.get(),
                                                                kernels_->drawOrderPlace.get()};
        slotSerial_.at(frameSlot) =
            convergence_.recordUpdate(*kernels_->pipeline, commands, poolFrame, timer, drawOrder);
        if (slotSerial_.at(frameSlot) != 0) {
            ++updates_;
        }
    }
    kernels_->pipeline->recordSingle(commands, *kernels_->drawArguments, poolFrame);
}

bool PoolTerrain::UpdateInputs::operator==(const UpdateInputs& other) const
{
    return view.view == other.view.view && view.projection == other.view.projection &&
           view.cameraPosition == other.view.cameraPosition && view.viewport.width == other.view.viewport.width &&
           view.viewport.height == other.view.viewport.height && settings == other.settings &&
           extentMetres == other.extentMetres && maxDepth == other.maxDepth &&
           uniformSubdivision == other.uniformSubdivision;
}

void PoolTerrain::noteCompletedUpdate(std::uint32_t frameSlot, const bisector::gpu::PoolCounts& counts)
{
    convergence_.noteCompleted(slotSerial_.at(frameSlot), counts);
}

void PoolTerrain::recordDraw(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                             VkDescriptorSet atmosphereSet) const
{
    draw_->record(commands, frameSlot, viewport, atmosphereSet);
}

void PoolTerrain::applySettings(const TerrainSettings& settings)
{
    if (!draw_->specializedFor(settings.uniformSubdivision)) {
        device_->waitIdle();
        draw_->setUniformSubdivision(settings.uniformSubdivision);
    }
}

VkDescriptorSetLayout PoolTerrain::drawSetLayout() const
{
    return draw_->setLayout();
}

VkDescriptorSet PoolTerrain::drawSet(std::uint32_t frameSlot) const
{
    return draw_->descriptorSet(frameSlot);
}

raster::gpu::VisibilityDispatch PoolTerrain::visibilityDispatch(VkExtent2D /*extent*/) const
{
    return {&buffers_.counters(), bisector::gpu::kVisibleDispatchOffset, 0};
}

vk::BufferRange PoolTerrain::countsSource() const
{
    return {&countsBuffer(), countsOffset(), bisector::gpu::kPoolCountsBytes};
}

TerrainCounts PoolTerrain::countsFrom(std::span<const std::byte> bytes) const
{
    const bisector::gpu::PoolCounts counts = bisector::gpu::poolCountsFrom(bytes);
    return {counts.live, counts.visible, counts.deferredSplits};
}

void PoolTerrain::noteCompletedFrame(std::uint32_t frameSlot, std::span<const std::byte> counts)
{
    noteCompletedUpdate(frameSlot, bisector::gpu::poolCountsFrom(counts));
}

const vk::Buffer& PoolTerrain::countsBuffer() const
{
    return buffers_.counters();
}

VkDeviceSize PoolTerrain::countsOffset()
{
    return bisector::gpu::kStatisticsOffset;
}

double PoolTerrain::slotBytes() const
{
    return bisector::gpu::kTopologyBytesPerSlot +
           static_cast<double>(kExactBytesPerSlot + kCacheBytesPerSlot + kDrawListBytesPerSlot);
}

std::uint64_t PoolTerrain::bytes() const
{
    return buffers_.bytes() + exact_.size() + cache_.size() + drawList_.size() + drawBands_.size();
}

void PoolTerrain::reloadShaders()
{
    std::unique_ptr<Kernels> kernels = buildKernels();
    device_->waitIdle();
    draw_->rebuildPipeline();
    kernels_ = std::move(kernels);
    convergence_.noteChanged();
    // The new pipeline reads the link copy the buffers say; nothing else changes.
}

bisector::PoolState PoolTerrain::readBack() const
{
    device_->waitIdle();
    return buffers_.download();
}

PoolGeometryReadback PoolTerrain::readBackGeometry() const
{
    device_->waitIdle();
    PoolGeometryReadback readback;
    readback.exact = vk::downloadFromBufferAs<glm::i64vec2>(*device_, exact_, 0, std::size_t{3} * capacity_);
    readback.cache = vk::downloadFromBufferAs<glm::vec4>(*device_, cache_, 0, std::size_t{4} * capacity_);
    readback.unitsPerSquare = kUnitsPerSquare;
    const bisector::gpu::PoolCounts counts = bisector::gpu::poolCountsFrom(
        vk::downloadFromBuffer(*device_, countsBuffer(), countsOffset(), bisector::gpu::kPoolCountsBytes));
    readback.drawList = vk::downloadFromBufferAs<std::uint32_t>(*device_, drawList_, 0, counts.visible);
    return readback;
}

}  // namespace terrain
