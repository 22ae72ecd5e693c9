#include "scene/GlobeSceneRenderer.h"

#include "atmosphere/Atmosphere.h"
#include "camera/Projection.h"
#include "display/DisplayPass.h"
#include "planet/gpu/GlobeAtmosphere.h"
#include "planet/gpu/SeaLevelSky.h"
#include "raster/gpu/VisibilityRasterPass.h"
#include "raster/gpu/VisibilityShadePass.h"
#include "scene/RenderTargets.h"
#include "scene/SceneFrame.h"
#include "scene/SceneRendering.h"
#include "terrain/Terrain.h"
#include "vk/Commands.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/TimestampQueries.h"

#include <deque>
#include <exception>
#include <stdexcept>
#include <vector>

namespace scene {
namespace {

std::vector<std::string> globeTimestampPassNames()
{
    std::vector<std::string> names = bisector::gpu::PoolPipeline::timestampPassNames();
    names.emplace_back(terrain::kDrawTimestamp);
    names.emplace_back(kShadeTimestamp);
    names.emplace_back(kDisplayTimestamp);
    names.emplace_back(kVectorsTimestamp);
    return names;
}

std::optional<planet::gpu::GlobeStreaming> withFrames(std::optional<planet::gpu::GlobeStreaming> streaming,
                                                      std::uint32_t framesInFlight)
{
    if (streaming) {
        streaming->framesInFlight = framesInFlight;
    }
    return streaming;
}

const SceneOutput& checkedGlobeOutput(const SceneOutput& output)
{
    if (output.depth != camera::DepthConvention::Reversed) {
        throw std::invalid_argument("GlobeSceneRenderer: the globe draws with reversed depth");
    }
    return output;
}

}  // namespace

// The globe as the frame's surface (scene::SceneFrame): its update on the
// bisector pool, its visibility pass and shading in compute.
struct GlobeSceneRenderer::Impl : SceneSurface {
    Impl(vk::Device& device, const vk::ShaderLibrary& shaders, const planet::CubeElevation& elevation,
         const GlobeSceneSettings& settings, const SceneOutput& output,
         std::optional<planet::gpu::GlobeStreaming> streaming, std::span<const GlobeImageryPixels> imagery,
         const std::optional<terrain::ImageryPixels>& nightLights);

    tiles::gpu::TileStream* stream() override { return globe.stream(); }
    tiles::gpu::TileStream* imageryStream() override { return imageryTiles.get(); }
    void collect(std::uint32_t slotIndex, const FrameSlot& frame, FrameStatistics& latest) override;
    void recordUpdate(VkCommandBuffer commands, std::uint32_t slotIndex, vk::TimestampQueries& timer) override;
    [[nodiscard]] vk::BufferRange counts() const override;
    // The globe is drawn in compute only.
    void recordDraw(VkCommandBuffer /*commands*/, std::uint32_t /*slotIndex*/, VkExtent2D /*viewport*/,
                    vk::TimestampQueries& /*timer*/) override
    {
    }
    void recordVisibility(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility,
                          VkExtent2D viewport) override;
    void recordShading(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility,
                       const vk::Image& hdr) override;
    [[nodiscard]] vectordata::gpu::DrapeView drapeView() const override;

    vk::Device& device;
    const vk::ShaderLibrary& shaders;
    GlobeSceneSettings settings;
    SceneFrame frame;
    atmosphere::Atmosphere atmosphere;
    planet::gpu::SeaLevelSky seaLevelSky;
    std::deque<terrain::ImageryTexture> imagery;           // before the globe, whose draw set reads it
    std::unique_ptr<tiles::gpu::TileStream> imageryTiles;  // likewise: the streamed layer's
    std::optional<terrain::ImageryTexture> nightLights;    // likewise
    planet::gpu::GlobeTerrain globe;
    raster::gpu::VisibilityRasterPass raster;
    raster::gpu::VisibilityShadePass shade;
    // The globe's update serial each slot's last frame recorded (0: none).
    std::vector<std::uint64_t> updateSerials;
    GlobeFrameView view;  // of the frame being recorded
};

GlobeSceneRenderer::Impl::Impl(vk::Device& gpuDevice, const vk::ShaderLibrary& shaderLibrary,
                               const planet::CubeElevation& elevation, const GlobeSceneSettings& initialSettings,
                               const SceneOutput& sceneOutput, std::optional<planet::gpu::GlobeStreaming> streaming,
                               std::span<const GlobeImageryPixels> imageryPixels,
                               const std::optional<terrain::ImageryPixels>& nightLightPixels)
    : device(gpuDevice),
      shaders(shaderLibrary),
      settings(initialSettings),
      frame(gpuDevice, shaders, checkedGlobeOutput(sceneOutput), SceneShading::Deferred, globeTimestampPassNames()),
      atmosphere(gpuDevice, shaders, planet::gpu::globeAtmosphereParameters(), sceneOutput.framesInFlight),
      seaLevelSky(gpuDevice, shaders, atmosphere),
      globe(gpuDevice, shaders, elevation, initialSettings.globe, seaLevelSky,
            withFrames(std::move(streaming), sceneOutput.framesInFlight)),
      raster(gpuDevice, shaders,
             raster::gpu::VisibilitySource{
                 "planet/GlobeRaster.comp", {}, globe.drawSetLayout(), initialSettings.globe.capacity},
             frame.attachments().samples, sceneOutput.framesInFlight,
             initialSettings.smallTrianglePixels.value_or(
                 raster::gpu::defaultSmallTrianglePixels(gpuDevice.driverPath()))),
      shade(gpuDevice, shaders,
            raster::gpu::ShadeSource{
                "planet/GlobeShade.comp", {}, {globe.drawSetLayout(), atmosphere.descriptorSetLayout()}},
            frame.attachments().samples, sceneOutput.framesInFlight, initialSettings.shadeLoop),
      updateSerials(sceneOutput.framesInFlight, 0)
{
    std::vector<planet::gpu::GlobeImagery> layers;
    for (const GlobeImageryPixels& layer : imageryPixels) {
        const tiles::gpu::TileStream* tiles = nullptr;
        if (layer.tiles) {
            if (imageryTiles) {
                throw std::invalid_argument("the globe streams one imagery layer at most");
            }
            imageryTiles =
                std::make_unique<tiles::gpu::TileStream>(gpuDevice, *layer.tiles, sceneOutput.framesInFlight);
            tiles = imageryTiles.get();
        }
        layers.push_back({&imagery.emplace_back(gpuDevice, layer.pixels), layer.bounds, tiles});
    }
    globe.setImagery(layers);
    if (nightLightPixels) {
        nightLights.emplace(gpuDevice, *nightLightPixels);
        globe.setNightLights(&*nightLights);
    }
    FrameStatistics& latest = frame.latest();
    latest.leafCount = 24;  // the cube's roots
    latest.visibleCount = 0;
    latest.poolCapacity = initialSettings.globe.capacity;
    latest.bytesPerBisector = globe.bytesPerBisector();
    latest.cbtBytes = static_cast<std::uint64_t>(latest.bytesPerBisector * latest.poolCapacity);
    if (const std::optional<atmosphere::AtmosphereTableTimings> tables = atmosphere.tableTimings()) {
        latest.atmosphereTablesMs = tables->totalMs;
    }
}

void GlobeSceneRenderer::Impl::collect(std::uint32_t slotIndex, const FrameSlot& completed, FrameStatistics& latest)
{
    const bisector::gpu::PoolCounts counts = bisector::gpu::poolCountsFrom(completed.countsReadback.mapped());
    globe.noteCompletedUpdate(updateSerials[slotIndex], counts);
    latest.leafCount = counts.live;
    latest.visibleCount = counts.visible;
    latest.deferredSplits = counts.deferredSplits;
    latest.triangleCount = counts.visible;
}

void GlobeSceneRenderer::Impl::recordUpdate(VkCommandBuffer commands, std::uint32_t slotIndex,
                                            vk::TimestampQueries& timer)
{
    if (tiles::gpu::TileStream* heights = globe.stream()) {
        heights->recordUploads(commands, slotIndex);
    }
    updateSerials[slotIndex] = globe.recordUpdate(commands, view.view, view.viewport, view.sunDirection, &timer);
}

vk::BufferRange GlobeSceneRenderer::Impl::counts() const
{
    return vk::BufferRange{&globe.countsBuffer(), planet::gpu::GlobeTerrain::countsOffset(),
                           bisector::gpu::kPoolCountsBytes};
}

void GlobeSceneRenderer::Impl::recordVisibility(VkCommandBuffer commands, std::uint32_t slotIndex,
                                                const vk::Buffer& visibility, VkExtent2D viewport)
{
    raster.record(commands, slotIndex, globe.drawSet(), visibility, viewport,
                  {&globe.countsBuffer(), planet::gpu::GlobeTerrain::visibleDispatchOffset()});
}

void GlobeSceneRenderer::Impl::recordShading(VkCommandBuffer commands, std::uint32_t slotIndex,
                                             const vk::Buffer& visibility, const vk::Image& hdr)
{
    shade.record(commands, slotIndex, {globe.drawSet(), atmosphere.descriptorSet()}, visibility, hdr);
}

vectordata::gpu::DrapeView GlobeSceneRenderer::Impl::drapeView() const
{
    vectordata::gpu::DrapeView drape;
    drape.cameraPosition = view.view.positionEcef;
    drape.sceneToView = view.view.ecefToView;
    drape.projection = glm::mat4(globe.projection(view.viewport));
    drape.clearDepth = camera::depthClearValue(camera::DepthConvention::Reversed);
    drape.viewport = view.viewport;
    return drape;
}

GlobeSceneRenderer::GlobeSceneRenderer(vk::Device& device, const vk::ShaderLibrary& shaders,
                                       const planet::CubeElevation& elevation, const GlobeSceneSettings& settings,
                                       const SceneOutput& output, std::optional<planet::gpu::GlobeStreaming> streaming,
                                       std::span<const GlobeImageryPixels> imagery,
                                       const std::optional<terrain::ImageryPixels>& nightLights)
    : impl_(std::make_unique<Impl>(device, shaders, elevation, settings, output, std::move(streaming), imagery,
                                   nightLights))
{
}

GlobeSceneRenderer::~GlobeSceneRenderer()
{
    // Submitted frames may still use the scene's objects.
    static_cast<void>(vkDeviceWaitIdle(impl_->device.handle()));
}

std::uint32_t GlobeSceneRenderer::framesInFlight() const
{
    return impl_->frame.framesInFlight();
}

FrameSlot& GlobeSceneRenderer::slot(std::uint32_t slotIndex)
{
    return impl_->frame.slot(slotIndex, "GlobeSceneRenderer");
}

void GlobeSceneRenderer::recordFrame(std::uint32_t slotIndex, const GlobeFrameView& view)
{
    Impl& impl = *impl_;
    static_cast<void>(slot(slotIndex));
    impl.view = view;
    impl.frame.record(slotIndex, view.viewport, impl.settings.display, impl);
}

void GlobeSceneRenderer::setDisplay(const display::DisplaySettings& display)
{
    impl_->settings.display = display;
}

void GlobeSceneRenderer::setWireframe(bool wireframe)
{
    impl_->settings.globe.wireframe = wireframe;
    impl_->globe.setWireframe(wireframe);
}

void GlobeSceneRenderer::setShowImagery(bool show)
{
    impl_->settings.globe.showImagery = show;
    impl_->globe.setShowImagery(show);
}

void GlobeSceneRenderer::setShadows(bool shadows)
{
    impl_->settings.globe.shadows = shadows;
    impl_->globe.setShadows(shadows);
}

void GlobeSceneRenderer::setContourInterval(double metres)
{
    impl_->settings.globe.contourIntervalMetres = metres;
    impl_->globe.setContourInterval(metres);
}

const GlobeSceneSettings& GlobeSceneRenderer::settings() const
{
    return impl_->settings;
}

FrameStatistics GlobeSceneRenderer::statistics() const
{
    return impl_->frame.latest();
}

const raster::gpu::VisibilityRasterPass& GlobeSceneRenderer::visibilityPass() const
{
    return impl_->raster;
}

std::optional<std::string> GlobeSceneRenderer::reloadShaders()
{
    Impl& impl = *impl_;
    return reloadSceneShaders(
        impl.device, impl.atmosphere,
        [&]() -> std::optional<std::string> {
            impl.seaLevelSky.rebuild();
            impl.raster.rebuildPipelines();
            impl.shade.rebuildPipelines();
            return impl.frame.reloadVectorShaders();
        },
        impl.frame.displayPass());
}

void GlobeSceneRenderer::setVectorLayers(const vectordata::DrapedLayers& layers)
{
    impl_->frame.setVectorLayers(impl_->shaders, layers);
}

void GlobeSceneRenderer::setMeasuredPath(const vectordata::DrapedLayers& path)
{
    impl_->frame.setMeasuredPath(impl_->shaders, path);
}

void GlobeSceneRenderer::requestPick(VkOffset2D pixel)
{
    impl_->frame.requestPick(pixel);
}

std::optional<PickedPoint> GlobeSceneRenderer::takePicked()
{
    return impl_->frame.takePicked();
}

void GlobeSceneRenderer::setVectorLayerShown(std::size_t layer, bool shown)
{
    impl_->frame.setVectorLayerShown(layer, shown);
}

const planet::gpu::GlobeTerrain& GlobeSceneRenderer::globe() const
{
    return impl_->globe;
}

tiles::gpu::TileStream* GlobeSceneRenderer::heightStream() const
{
    return impl_->globe.stream();
}

tiles::gpu::TileStream* GlobeSceneRenderer::imageryStream() const
{
    return impl_->imageryTiles.get();
}

}  // namespace scene
