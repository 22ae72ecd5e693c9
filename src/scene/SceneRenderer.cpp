#include "scene/SceneRenderer.h"

#include "scene/SceneFrame.h"
#include "scene/SceneRendering.h"

#include "atmosphere/Atmosphere.h"
#include "atmosphere/SkyPass.h"
#include "camera/Projection.h"
#include "display/DisplayPass.h"
#include "terrain/DrawArgumentsPass.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/GraphicsPipeline.h"
#include "vk/TimestampQueries.h"

#include <cstring>
#include <exception>
#include <stdexcept>
#include <utility>
#include <vector>

namespace scene {

namespace {

SceneShading shadingOf(RasterPath raster)
{
    return raster == RasterPath::Compute ? SceneShading::Deferred : SceneShading::Forward;
}

const SceneOutput& checkedOutput(const SceneOutput& output)
{
    if (output.raster == RasterPath::Compute && output.depth != camera::DepthConvention::Reversed) {
        throw std::invalid_argument("SceneRenderer: the compute raster path draws with reversed depth");
    }
    return output;
}
const SceneSettings& validated(const SceneSettings& settings)
{
    validateSceneSettings(settings);
    return settings;
}

std::vector<const vk::Buffer*> uniformBuffersOf(const std::vector<FrameSlot>& slots)
{
    std::vector<const vk::Buffer*> buffers;
    for (const FrameSlot& frame : slots) {
        buffers.push_back(&frame.terrainUniforms);
    }
    return buffers;
}

}  // namespace

std::string_view rasterPathName(RasterPath path)
{
    return path == RasterPath::Compute ? "compute" : "graphics";
}

RasterPath defaultRasterPath(vk::DriverPath path)
{
    return path == vk::DriverPath::Gpu ? RasterPath::Compute : RasterPath::Graphics;
}

// The flat terrain as the frame's surface (scene::SceneFrame), under its
// atmosphere: the terrain's update, its draw and the sky, or its visibility
// pass and shading.
struct SceneRenderer::Impl : SceneSurface {
    Impl(vk::Device& device, const vk::ShaderLibrary& shaders, const heightmap::Heightmap& heightmap,
         const SceneSettings& settings, const SceneOutput& output, const terrain::ImageryPixels& imagery,
         std::optional<tiles::gpu::TileStreamSource> stream, std::optional<tiles::gpu::TileStreamSource> imageryStream);

    tiles::gpu::TileStream* stream() override { return terrain.stream(); }
    tiles::gpu::TileStream* imageryStream() override { return terrain.imageryStream(); }
    void collect(std::uint32_t slotIndex, const FrameSlot& frame, FrameStatistics& latest) override;
    [[nodiscard]] double atmosphereMilliseconds(std::uint32_t slotIndex) const override;
    void prepare(FrameSlot& frame) override;
    void recordUpdate(VkCommandBuffer commands, std::uint32_t slotIndex, vk::TimestampQueries& timer) override;
    [[nodiscard]] vk::BufferRange counts() const override;
    void recordBeforePixels(VkCommandBuffer commands, std::uint32_t slotIndex) override;
    void recordDraw(VkCommandBuffer commands, std::uint32_t slotIndex, VkExtent2D viewport,
                    vk::TimestampQueries& timer) override;
    void recordVisibility(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility,
                          VkExtent2D viewport) override;
    void recordShading(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility,
                       const vk::Image& hdr) override;
    [[nodiscard]] vectordata::gpu::DrapeView drapeView() const override;

    // The terrain's sizes in the statistics.
    void noteSizes();

    vk::Device& device;
    const vk::ShaderLibrary& shaders;
    SceneSettings settings;
    SceneFrame frame;
    atmosphere::Atmosphere atmosphere;
    bool atmosphereRecomputePending = false;
    terrain::Terrain terrain;
    atmosphere::SkyPass sky;
    // The frame being recorded: its view and sun.
    camera::FrameView view;
    glm::vec3 sun{0.0f, 1.0f, 0.0f};
};

SceneRenderer::Impl::Impl(vk::Device& gpuDevice, const vk::ShaderLibrary& shaderLibrary,
                          const heightmap::Heightmap& heightmap, const SceneSettings& initialSettings,
                          const SceneOutput& sceneOutput, const terrain::ImageryPixels& imagery,
                          std::optional<tiles::gpu::TileStreamSource> stream,
                          std::optional<tiles::gpu::TileStreamSource> imageryStream)
    : device(gpuDevice),
      shaders(shaderLibrary),
      settings(validated(initialSettings)),
      frame(gpuDevice, shaderLibrary, checkedOutput(sceneOutput), shadingOf(sceneOutput.raster),
            frameTimestampPassNames()),
      atmosphere(gpuDevice, shaderLibrary, initialSettings.atmosphere, sceneOutput.framesInFlight),
      terrain(gpuDevice, shaderLibrary, heightmap, initialSettings.terrain, uniformBuffersOf(frame.slots()),
              atmosphere.descriptorSetLayout(), frame.attachments(), sceneOutput.depth, imagery, std::move(stream),
              std::move(imageryStream)),
      sky(gpuDevice, shaderLibrary, atmosphere.descriptorSetLayout(), frame.attachments(), sceneOutput.depth)
{
    // The tessellation before its first update: the square's two halves,
    // or the pool's four roots.
    FrameStatistics& latest = frame.latest();
    latest.leafCount = initialSettings.terrain.backend == terrain::TerrainBackend::Pool ? 4 : 2;
    latest.visibleCount = latest.leafCount;
    latest.triangleCount = latest.leafCount;
    noteSizes();
    if (const std::optional<atmosphere::AtmosphereTableTimings> tables = atmosphere.tableTimings()) {
        latest.atmosphereTablesMs = tables->totalMs;
    }
}

vectordata::gpu::DrapeView SceneRenderer::Impl::drapeView() const
{
    vectordata::gpu::DrapeView drape;
    drape.cameraPosition = glm::dvec3(view.cameraPosition);
    drape.sceneToView = glm::dmat3(glm::mat3(view.view));
    drape.projection = view.projection;
    drape.clearDepth = camera::depthClearValue(frame.output().depth);
    drape.viewport = view.viewport;
    return drape;
}

void SceneRenderer::Impl::noteSizes()
{
    FrameStatistics& latest = frame.latest();
    latest.cbtBytes = terrain.cbtBytes();
    latest.poolCapacity = terrain.poolCapacity();
    latest.bytesPerBisector = terrain.bytesPerBisector();
}

void SceneRenderer::Impl::collect(std::uint32_t slotIndex, const FrameSlot& completed, FrameStatistics& latest)
{
    const terrain::TerrainCounts counts = terrain.countsFrom(completed.countsReadback.mapped());
    terrain.noteCompletedFrame(slotIndex, completed.countsReadback.mapped());
    latest.leafCount = counts.leaves;
    latest.visibleCount = counts.visible;
    latest.deferredSplits = counts.deferredSplits;
    latest.triangleCount = std::uint64_t{counts.visible} << completed.subdivisionLevels;
    noteSizes();
    if (const std::optional<atmosphere::AtmosphereTableTimings> tables = atmosphere.tableTimings()) {
        latest.atmosphereTablesMs = tables->totalMs;
    }
}

double SceneRenderer::Impl::atmosphereMilliseconds(std::uint32_t slotIndex) const
{
    const std::optional<atmosphere::AtmosphereFrameTimings> times = atmosphere.frameTimings(slotIndex);
    return times ? times->totalMs : 0.0;
}

void SceneRenderer::Impl::prepare(FrameSlot& slot)
{
    // The uniforms of this frame, written once, before the passes that read them.
    const terrain::TerrainUniforms terrainUniforms = terrain.uniformsFor(view, sun);
    std::memcpy(slot.terrainUniforms.mapped().data(), &terrainUniforms, sizeof(terrainUniforms));
    slot.subdivisionLevels = static_cast<std::uint32_t>(settings.terrain.uniformSubdivision);
}

void SceneRenderer::Impl::recordUpdate(VkCommandBuffer commands, std::uint32_t slotIndex, vk::TimestampQueries& timer)
{
    terrain.recordStreamUploads(commands, slotIndex);
    terrain.recordUpdate(commands, slotIndex, view, &timer);
    terrain.recordSunShadows(commands, sun);
}

vk::BufferRange SceneRenderer::Impl::counts() const
{
    return terrain.countsSource();
}

void SceneRenderer::Impl::recordBeforePixels(VkCommandBuffer commands, std::uint32_t slotIndex)
{
    if (atmosphereRecomputePending) {
        atmosphere.recompute(commands, settings.atmosphere, slotIndex);
        atmosphereRecomputePending = false;
    }
    atmosphere.recordPerFrame(commands, view, sun, slotIndex);
}

// The terrain, then the sky where the terrain left the far depth.
void SceneRenderer::Impl::recordDraw(VkCommandBuffer commands, std::uint32_t slotIndex, VkExtent2D viewport,
                                     vk::TimestampQueries& timer)
{
    const VkDescriptorSet atmosphereSet = atmosphere.descriptorSet();
    terrain.recordDraw(commands, slotIndex, viewport, atmosphereSet, &timer);
    // Inside rendering: no barrier after the start timestamp (see vk::TimedPass).
    const std::uint32_t skyPass = timer.passIndex(kSkyTimestamp);
    timer.writeStart(commands, skyPass);
    sky.record(commands, view, atmosphereSet);
    timer.writeEnd(commands, skyPass);
}

void SceneRenderer::Impl::recordVisibility(VkCommandBuffer commands, std::uint32_t slotIndex,
                                           const vk::Buffer& visibility, VkExtent2D viewport)
{
    terrain.recordVisibility(commands, slotIndex, visibility, viewport);
}

// Every pixel: its triangles' ground, or the sky.
void SceneRenderer::Impl::recordShading(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility,
                                        const vk::Image& hdr)
{
    terrain.recordShading(commands, slotIndex, visibility, hdr, atmosphere.descriptorSet());
}

SceneRenderer::SceneRenderer(vk::Device& device, const vk::ShaderLibrary& shaders,
                             const heightmap::Heightmap& heightmap, const SceneSettings& settings,
                             const SceneOutput& output, const terrain::ImageryPixels& imagery,
                             std::optional<tiles::gpu::TileStreamSource> stream,
                             std::optional<tiles::gpu::TileStreamSource> imageryStream)
    : impl_(std::make_unique<Impl>(device, shaders, heightmap, settings, output, imagery, std::move(stream),
                                   std::move(imageryStream)))
{
}

tiles::gpu::TileStream* SceneRenderer::imageryStream()
{
    return impl_->terrain.imageryStream();
}

SceneRenderer::~SceneRenderer()
{
    // Submitted frames may still use the scene's objects; the result is not
    // checked (a lost device has nothing left to wait for).
    static_cast<void>(vkDeviceWaitIdle(impl_->device.handle()));
}

std::uint32_t SceneRenderer::framesInFlight() const
{
    return impl_->frame.framesInFlight();
}

FrameSlot& SceneRenderer::slot(std::uint32_t slotIndex)
{
    return impl_->frame.slot(slotIndex, "SceneRenderer");
}

const FrameSlot& SceneRenderer::slot(std::uint32_t slotIndex) const
{
    return const_cast<SceneRenderer*>(this)->slot(slotIndex);
}

void SceneRenderer::recordFrame(std::uint32_t slotIndex, const camera::FrameView& view)
{
    Impl& impl = *impl_;
    static_cast<void>(slot(slotIndex));
    impl.view = view;
    impl.sun = atmosphere::sunDirection(impl.settings.sun);
    impl.frame.record(slotIndex, view.viewport, impl.settings.display, impl);
}

void SceneRenderer::recordTerrainUpdate(std::uint32_t slotIndex, const camera::FrameView& view)
{
    Impl& impl = *impl_;
    static_cast<void>(slot(slotIndex));
    impl.view = view;
    impl.sun = atmosphere::sunDirection(impl.settings.sun);
    impl.frame.recordUpdate(slotIndex, impl);
}

void SceneRenderer::applySettings(const SceneSettings& settings)
{
    validateSceneSettings(settings);
    Impl& impl = *impl_;
    impl.terrain.applySettings(settings.terrain);
    if (settings.atmosphere != impl.atmosphere.parameters()) {
        impl.atmosphereRecomputePending = true;
    }
    impl.settings = settings;
    impl.noteSizes();
}

void SceneRenderer::replaceBaseHeightmap(const heightmap::Heightmap& heightmap)
{
    impl_->terrain.replaceBaseHeightmap(heightmap);
}

const SceneSettings& SceneRenderer::settings() const
{
    return impl_->settings;
}

FrameStatistics SceneRenderer::statistics() const
{
    return impl_->frame.latest();
}

std::optional<std::string> SceneRenderer::reloadShaders()
{
    Impl& impl = *impl_;
    return reloadSceneShaders(
        impl.device, impl.atmosphere,
        [&]() -> std::optional<std::string> {
            if (std::optional<std::string> error = impl.terrain.reloadShaders()) {
                return error;
            }
            impl.sky.rebuildPipeline();
            return impl.frame.reloadVectorShaders();
        },
        impl.frame.displayPass());
}

void SceneRenderer::setVectorLayers(const vectordata::DrapedLayers& layers)
{
    impl_->frame.setVectorLayers(impl_->shaders, layers);
}

void SceneRenderer::setMeasuredPath(const vectordata::DrapedLayers& path)
{
    impl_->frame.setMeasuredPath(impl_->shaders, path);
}

void SceneRenderer::requestPick(VkOffset2D pixel)
{
    impl_->frame.requestPick(pixel);
}

std::optional<PickedPoint> SceneRenderer::takePicked()
{
    return impl_->frame.takePicked();
}

void SceneRenderer::setVectorLayerShown(std::size_t layer, bool shown)
{
    impl_->frame.setVectorLayerShown(layer, shown);
}

tiles::gpu::TileStream* SceneRenderer::heightStream()
{
    return impl_->terrain.stream();
}

const terrain::Terrain& SceneRenderer::terrain() const
{
    return impl_->terrain;
}

camera::DepthConvention SceneRenderer::depthConvention() const
{
    return impl_->frame.output().depth;
}

glm::vec3 SceneRenderer::worldMin() const
{
    return impl_->terrain.worldMin();
}

glm::vec3 SceneRenderer::worldMax() const
{
    return impl_->terrain.worldMax();
}

}  // namespace scene
