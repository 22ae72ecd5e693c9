#include "terrain/Terrain.h"

#include "terrain/HeapTerrain.h"
#include "terrain/HeightStatistics.h"
#include "terrain/HeightmapTexture.h"
#include "terrain/ImageryTexture.h"
#include "terrain/PoolTerrain.h"
#include "terrain/SeaMask.h"
#include "terrain/SunShadowMap.h"
#include "terrain/TerrainComputeRaster.h"
#include "terrain/TerrainCriterion.h"
#include "terrain/TerrainPrograms.h"
#include "terrain/TerrainTree.h"
#include "text/TextParsing.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/TimestampQueries.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain {

namespace {

// The settings, once checked (before any GPU work is done with them).
const TerrainSettings& checkedSettings(const vk::Device& device, const TerrainSettings& settings)
{
    validateTerrainSettings(settings);
    if (settings.backend == TerrainBackend::Heap) {
        requireMaxDepthFits(device, settings.maxDepth);
    }
    return settings;
}

// Whether going from `current` to `next` needs a new tessellation (the
// pool's depth is a per-frame setting: lowering it merges the mesh down).
bool needsNewTessellation(const TerrainSettings& current, const TerrainSettings& next)
{
    if (current.backend != next.backend) {
        return true;
    }
    if (next.backend == TerrainBackend::Pool) {
        return current.poolCapacity != next.poolCapacity;
    }
    return current.maxDepth != next.maxDepth;
}

SeaMaskTexture seaMaskTextureFor(vk::Device& device, const heightmap::Heightmap& heightmap,
                                 const TerrainSettings& settings)
{
    if (const std::optional<std::vector<std::uint8_t>> mask = seaMaskSamplesFor(heightmap, settings)) {
        return SeaMaskTexture(device, heightmap.width, heightmap.height, *mask);
    }
    return SeaMaskTexture(device, 1, 1, {0});
}

// The stream's source, once checked against the heightmap (its coarse
// level).
std::optional<tiles::gpu::TileStreamSource>& streamedSource(std::optional<tiles::gpu::TileStreamSource>& source,
                                                            const heightmap::Heightmap& heightmap)
{
    const tiles::TilePyramidLayout& layout = source->layout;
    const std::uint32_t coarse = layout.levelCount();
    if (layout.levelColumns(coarse) != heightmap.width || layout.levelRows(coarse) != heightmap.height) {
        throw std::invalid_argument("Terrain: the heightmap is not the streamed pyramid's level " +
                                    std::to_string(coarse));
    }
    return source;
}

}  // namespace

struct Terrain::Impl {
    Impl(vk::Device& device, const vk::ShaderLibrary& shaderLibrary, const heightmap::Heightmap& heightmap,
         const TerrainSettings& initialSettings, std::span<const vk::Buffer* const> frameUniforms,
         VkDescriptorSetLayout atmosphereLayout, const vk::AttachmentFormats& attachments,
         camera::DepthConvention depth, const ImageryPixels& imageryPixels,
         std::optional<tiles::gpu::TileStreamSource> streamSource,
         std::optional<tiles::gpu::TileStreamSource> imageryStreamSource);

    void replaceTessellation(const TerrainSettings& newSettings);
    [[nodiscard]] glm::dvec2 extentMetres() const;
    [[nodiscard]] TerrainUniformContext uniformContext() const;
    // The visibility path in compute for the current backend, built on first use.
    [[nodiscard]] TerrainComputeRaster& computeRaster();
    [[nodiscard]] const tiles::gpu::TileAtlas& drawAtlas() const { return stream ? stream->atlas() : *emptyAtlas; }
    [[nodiscard]] TerrainDrawInputs drawInputs() const
    {
        return TerrainDrawInputs{&heightmapTexture, &sunShadows,
                                 &seaMask,          &imagery,
                                 &drawAtlas(),      imageryStream ? &imageryStream->atlas() : &*noImageryTiles};
    }

    vk::Device& device;
    const vk::ShaderLibrary& shaders;
    TerrainSettings settings;
    std::uint32_t heightmapWidth;
    std::uint32_t heightmapHeight;
    HeightmapTexture heightmapTexture;
    // The level-0 size of a streamed elevation model, else the heightmap's.
    std::uint32_t fullWidth;
    std::uint32_t fullHeight;
    std::unique_ptr<tiles::gpu::TileStream> stream;
    // What the draws bind when nothing streams.
    std::unique_ptr<tiles::gpu::TileAtlas> emptyAtlas;
    HeightStatistics heightStatistics;
    SunShadowMap sunShadows;
    SeaMaskTexture seaMask;
    ImageryTexture imagery;
    // Streamed imagery's tiles over `imagery` (its coarsest level), or the
    // empty atlas the draws bind when it does not stream.
    std::unique_ptr<tiles::gpu::TileStream> imageryStream;
    std::optional<tiles::gpu::TileAtlas> noImageryTiles;
    TerrainCriterion criterion;
    // The heap (terrain::HeapTerrain) or the pool (terrain::PoolTerrain).
    std::unique_ptr<TerrainTessellation> tessellation;
    // What a new tessellation is built with.
    std::vector<const vk::Buffer*> uniformBuffers;
    VkDescriptorSetLayout atmosphereSetLayout;
    vk::AttachmentFormats attachmentFormats;
    camera::DepthConvention depthConvention;
    // The visibility path in compute, once a frame has asked for it; made
    // anew with the tessellation.
    std::unique_ptr<TerrainComputeRaster> compute;
};

Terrain::Impl::Impl(vk::Device& gpuDevice, const vk::ShaderLibrary& shaderLibrary,
                    const heightmap::Heightmap& heightmap, const TerrainSettings& initialSettings,
                    std::span<const vk::Buffer* const> frameUniforms, VkDescriptorSetLayout atmosphereLayout,
                    const vk::AttachmentFormats& attachments, camera::DepthConvention depth,
                    const ImageryPixels& imageryPixels, std::optional<tiles::gpu::TileStreamSource> streamSource,
                    std::optional<tiles::gpu::TileStreamSource> imageryStreamSource)
    : device(gpuDevice),
      shaders(shaderLibrary),
      settings(checkedSettings(gpuDevice, initialSettings)),
      heightmapWidth(heightmap.width),
      heightmapHeight(heightmap.height),
      heightmapTexture(gpuDevice, heightmap),
      fullWidth(streamSource ? streamSource->layout.columns() : heightmap.width),
      fullHeight(streamSource ? streamSource->layout.rows() : heightmap.height),
      stream(streamSource
                 ? std::make_unique<tiles::gpu::TileStream>(gpuDevice, *streamedSource(streamSource, heightmap),
                                                            static_cast<std::uint32_t>(frameUniforms.size()))
                 : nullptr),
      emptyAtlas(stream ? nullptr : std::make_unique<tiles::gpu::TileAtlas>(gpuDevice, std::nullopt, 0, 1, 1)),
      heightStatistics(gpuDevice, shaderLibrary, heightmapTexture),
      sunShadows(gpuDevice, shaderLibrary, heightmapTexture),
      seaMask(seaMaskTextureFor(gpuDevice, heightmap, settings)),
      imagery(gpuDevice, imageryPixels),
      imageryStream(imageryStreamSource
                        ? std::make_unique<tiles::gpu::TileStream>(gpuDevice, *imageryStreamSource,
                                                                   static_cast<std::uint32_t>(frameUniforms.size()))
                        : nullptr),
      criterion(gpuDevice, heightStatistics, heightmapTexture, drawAtlas(), frameUniforms),
      uniformBuffers(frameUniforms.begin(), frameUniforms.end()),
      atmosphereSetLayout(atmosphereLayout),
      attachmentFormats(attachments),
      depthConvention(depth)
{
    if (!imageryStream) {
        noImageryTiles.emplace(gpuDevice, std::nullopt, 0, 1, 1, tiles::gpu::TileTexels::Colours);
    }
    replaceTessellation(settings);
}

// The heap's tree or the pool, as the settings' backend says; a failure
// leaves the terrain as it was. No recorded command buffer may be pending.
void Terrain::Impl::replaceTessellation(const TerrainSettings& newSettings)
{
    std::unique_ptr<TerrainTessellation> rebuilt;
    if (newSettings.backend == TerrainBackend::Pool) {
        rebuilt = std::make_unique<PoolTerrain>(device, shaders, drawInputs(), heightStatistics, uniformBuffers,
                                                newSettings, atmosphereSetLayout, attachmentFormats, depthConvention);
    } else {
        rebuilt = std::make_unique<HeapTerrain>(device, shaders, drawInputs(), criterion, uniformBuffers, newSettings,
                                                atmosphereSetLayout, attachmentFormats, depthConvention);
    }
    compute.reset();  // it binds the old tessellation's draw set
    tessellation = std::move(rebuilt);
}

glm::dvec2 Terrain::Impl::extentMetres() const
{
    return glm::dvec2(terrainWorldExtent(fullWidth, fullHeight, settings));
}

TerrainComputeRaster& Terrain::Impl::computeRaster()
{
    if (compute) {
        return *compute;
    }
    if (depthConvention != camera::DepthConvention::Reversed) {
        throw std::invalid_argument("Terrain: the visibility pass in compute needs the reversed depth convention");
    }
    // The large list holds at most this many triangles (16 MiB): far more
    // than a frame's views leave large, however fine the tessellation.
    constexpr std::uint32_t kLargeTriangleCapacity = 1u << 22;
    TerrainComputeSource source;
    source.drawSetLayout = tessellation->drawSetLayout();
    source.atmosphereLayout = atmosphereSetLayout;
    source.macros = terrainProgramMacros(device.driverPath(), drawAtlas());
    if (tessellation->backend() == TerrainBackend::Pool) {
        source.macros.push_back({"TERRAIN_POOL", ""});
    }
    source.triangleCapacity = kLargeTriangleCapacity;
    compute = std::make_unique<TerrainComputeRaster>(device, shaders, source, attachmentFormats.samples,
                                                     static_cast<std::uint32_t>(uniformBuffers.size()));
    return *compute;
}

TerrainUniformContext Terrain::Impl::uniformContext() const
{
    const int maxDepth = settings.maxDepth;
    TerrainUniformContext context;
    context.heightmapWidth = heightmapWidth;
    context.heightmapHeight = heightmapHeight;
    context.statisticsLevels = heightStatistics.levels();
    context.maxDepth = maxDepth;
    context.imagery = imagery.present();
    if (stream) {
        const tiles::TilePyramidLayout& layout = stream->layout();
        context.fullResolutionWidth = fullWidth;
        context.fullResolutionHeight = fullHeight;
        context.streamTileSize = layout.tileSize();
        context.streamTexelsPerPixel = stream->texelsPerPixel();
        for (std::uint32_t level = 0; level < layout.levelCount(); ++level) {
            context.streamLevels.push_back(StreamLevelUniform{layout.firstEntry(level), layout.tilesAcross(level),
                                                              layout.levelColumns(level), layout.levelRows(level)});
        }
    }
    return context;
}

void Terrain::replaceBaseHeightmap(const heightmap::Heightmap& heightmap)
{
    Impl& impl = *impl_;
    if (heightmap.width != impl.heightmapWidth || heightmap.height != impl.heightmapHeight) {
        throw std::invalid_argument("Terrain::replaceBaseHeightmap: " + std::to_string(heightmap.width) + " x " +
                                    std::to_string(heightmap.height) + " samples replace " +
                                    std::to_string(impl.heightmapWidth) + " x " + std::to_string(impl.heightmapHeight));
    }
    impl.device.waitIdle();
    impl.heightmapTexture.replaceSamples(impl.device, heightmap);
    impl.heightStatistics.rebuild(impl.device, impl.shaders, impl.heightmapTexture);
    if (const std::optional<std::vector<std::uint8_t>> mask = seaMaskSamplesFor(heightmap, impl.settings)) {
        impl.seaMask.replaceMask(impl.device, *mask);
    }
    impl.sunShadows.markStale();
    impl.tessellation->noteHeightsReplaced();
    if (impl.stream) {
        impl.stream->dropFilledTiles();
    }
}

Terrain::Terrain(vk::Device& device, const vk::ShaderLibrary& shaders, const heightmap::Heightmap& heightmap,
                 const TerrainSettings& settings, std::span<const vk::Buffer* const> frameUniforms,
                 VkDescriptorSetLayout atmosphereLayout, const vk::AttachmentFormats& attachments,
                 camera::DepthConvention depth, const ImageryPixels& imagery,
                 std::optional<tiles::gpu::TileStreamSource> stream,
                 std::optional<tiles::gpu::TileStreamSource> imageryStream)
    : impl_(std::make_unique<Impl>(device, shaders, heightmap, settings, frameUniforms, atmosphereLayout, attachments,
                                   depth, imagery, std::move(stream), std::move(imageryStream)))
{
}

tiles::gpu::TileStream* Terrain::imageryStream()
{
    return impl_->imageryStream.get();
}

tiles::gpu::TileStream* Terrain::stream()
{
    return impl_->stream.get();
}

const tiles::gpu::TileStream* Terrain::stream() const
{
    return impl_->stream.get();
}

void Terrain::recordStreamUploads(VkCommandBuffer commands, std::uint32_t frameSlot)
{
    if (impl_->stream) {
        impl_->stream->recordUploads(commands, frameSlot);
    }
}

Terrain::~Terrain()
{
    // Submitted frames may still use the terrain's objects; the result is
    // not checked (a lost device has nothing left to wait for).
    static_cast<void>(vkDeviceWaitIdle(impl_->device.handle()));
}

void Terrain::applySettings(const TerrainSettings& settings)
{
    checkedSettings(impl_->device, settings);
    Impl& impl = *impl_;
    if (needsNewTessellation(impl.settings, settings)) {
        impl.device.waitIdle();
        impl.replaceTessellation(settings);
    } else {
        impl.tessellation->applySettings(settings);
    }
    impl.settings = settings;
}

const TerrainSettings& Terrain::settings() const
{
    return impl_->settings;
}

TerrainUniforms Terrain::uniformsFor(const camera::FrameView& view, glm::vec3 sunDirection) const
{
    TerrainUniforms uniforms = makeTerrainUniforms(view, sunDirection, impl_->settings, impl_->uniformContext());
    if (const tiles::gpu::TileStream* imagery = impl_->imageryStream.get()) {
        const tiles::TilePyramidLayout& layout = imagery->layout();
        uniforms.imageryStream = glm::uvec4(1u, layout.levelCount(), layout.columns(), layout.rows());
    }
    return uniforms;
}

void Terrain::recordUpdate(VkCommandBuffer commands, std::uint32_t frameSlot, const camera::FrameView& view,
                           vk::TimestampQueries* timer)
{
    Impl& impl = *impl_;
    impl.tessellation->recordUpdate(commands, frameSlot, view, impl.settings, impl.extentMetres(), timer);
}

void Terrain::recordSunShadows(VkCommandBuffer commands, glm::vec3 sunDirection)
{
    Impl& impl = *impl_;
    const glm::dvec2 extent = impl.extentMetres();
    impl.sunShadows.recordIfStale(commands,
                                  SunShadowInputs{sunDirection, glm::vec2(extent), impl.settings.heightScaleMetres,
                                                  impl.settings.heightOffsetMetres},
                                  impl.settings.shadows);
}

void Terrain::recordDraw(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                         VkDescriptorSet atmosphereSet, vk::TimestampQueries* timer) const
{
    const Impl& impl = *impl_;
    if (timer != nullptr) {
        // Inside rendering: no barrier after the start timestamp (see vk::TimedPass).
        timer->writeStart(commands, timer->passIndex(kDrawTimestamp));
    }
    impl.tessellation->recordDraw(commands, frameSlot, viewport, atmosphereSet);
    if (timer != nullptr) {
        timer->writeEnd(commands, timer->passIndex(kDrawTimestamp));
    }
}

void Terrain::recordVisibility(VkCommandBuffer commands, std::uint32_t frameSlot, const vk::Buffer& visibility,
                               VkExtent2D extent)
{
    Impl& impl = *impl_;
    TerrainComputeRaster& compute = impl.computeRaster();
    compute.recordVisibility(commands, frameSlot, impl.tessellation->drawSet(frameSlot), visibility, extent,
                             impl.tessellation->visibilityDispatch(extent));
}

void Terrain::recordShading(VkCommandBuffer commands, std::uint32_t frameSlot, const vk::Buffer& visibility,
                            const vk::Image& hdr, VkDescriptorSet atmosphereSet)
{
    Impl& impl = *impl_;
    impl.computeRaster().recordShading(commands, frameSlot, impl.tessellation->drawSet(frameSlot), atmosphereSet,
                                       visibility, hdr);
}

vk::BufferRange Terrain::countsSource() const
{
    return impl_->tessellation->countsSource();
}

void Terrain::noteCompletedFrame(std::uint32_t frameSlot, std::span<const std::byte> counts)
{
    impl_->tessellation->noteCompletedFrame(frameSlot, counts);
}

TerrainCounts Terrain::countsFrom(std::span<const std::byte> bytes) const
{
    return impl_->tessellation->countsFrom(bytes);
}

std::optional<std::string> Terrain::reloadShaders()
{
    Impl& impl = *impl_;
    try {
        impl.tessellation->reloadShaders();
        if (impl.compute) {
            impl.compute->rebuildPipelines();
        }
    } catch (const std::exception& error) {
        return text::oneLine(error.what());
    }
    return std::nullopt;
}

TerrainTreeReadback Terrain::readBackTree() const
{
    const auto* heap = dynamic_cast<const HeapTerrain*>(impl_->tessellation.get());
    if (heap == nullptr) {
        throw std::logic_error("readBackTree: the terrain runs on the bisector pool");
    }
    return heap->readBackTree();
}

namespace {

// The pool, for its read-backs; throws std::logic_error naming `what` on the heap.
const PoolTerrain& poolOf(const TerrainTessellation& tessellation, const char* what)
{
    const auto* pool = dynamic_cast<const PoolTerrain*>(&tessellation);
    if (pool == nullptr) {
        throw std::logic_error(std::string(what) + ": the terrain runs on the heap backend");
    }
    return *pool;
}

}  // namespace

bisector::PoolState Terrain::readBackPool() const
{
    return poolOf(*impl_->tessellation, "readBackPool").readBack();
}

PoolGeometryReadback Terrain::readBackPoolGeometry() const
{
    return poolOf(*impl_->tessellation, "readBackPoolGeometry").readBackGeometry();
}

const bisector::KeyLayout& Terrain::poolLayout() const
{
    return poolOf(*impl_->tessellation, "poolLayout").layout();
}

const bisector::HalfedgeMesh& Terrain::poolMesh() const
{
    return poolOf(*impl_->tessellation, "poolMesh").mesh();
}

std::uint64_t Terrain::cbtBytes() const
{
    return impl_->tessellation->bytes();
}

std::uint32_t Terrain::poolCapacity() const
{
    return impl_->tessellation->slotCapacity();
}

double Terrain::bytesPerBisector() const
{
    return impl_->tessellation->slotBytes();
}

glm::vec3 Terrain::worldMin() const
{
    const glm::vec2 extent = terrainWorldExtent(impl_->heightmapWidth, impl_->heightmapHeight, impl_->settings);
    return glm::vec3(-0.5f * extent.x, impl_->settings.heightOffsetMetres, -0.5f * extent.y);
}

glm::vec3 Terrain::worldMax() const
{
    const glm::vec2 extent = terrainWorldExtent(impl_->heightmapWidth, impl_->heightmapHeight, impl_->settings);
    return glm::vec3(0.5f * extent.x, impl_->settings.heightOffsetMetres + impl_->settings.heightScaleMetres,
                     0.5f * extent.y);
}

std::vector<std::string> Terrain::timestampPassNames()
{
    std::vector<std::string> names = leb::gpu::UpdatePipeline::timestampPassNames();
    names.emplace_back(kLeafDecodeTimestamp);
    for (const std::string& name : PoolTerrain::timestampPassNames()) {
        names.push_back(name);
    }
    names.emplace_back(kDrawTimestamp);
    return names;
}

}  // namespace terrain
