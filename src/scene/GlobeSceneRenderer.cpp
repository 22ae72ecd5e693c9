#include "scene/GlobeSceneRenderer.h"

#include "atmosphere/Atmosphere.h"
#include "display/DisplayPass.h"
#include "planet/gpu/GlobeAtmosphere.h"
#include "planet/gpu/SeaLevelSky.h"
#include "raster/gpu/VisibilityRasterPass.h"
#include "raster/gpu/VisibilityShadePass.h"
#include "scene/RenderTargets.h"
#include "scene/SceneRendering.h"
#include "terrain/Terrain.h"
#include "vk/Barriers.h"
#include "vk/Commands.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/TimestampQueries.h"

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

}  // namespace

struct GlobeSceneRenderer::Impl {
    Impl(vk::Device& device, const vk::ShaderLibrary& shaders, const planet::CubeElevation& elevation,
         const GlobeSceneSettings& settings, const SceneOutput& output,
         std::optional<planet::gpu::GlobeStreaming> streaming, const std::optional<GlobeImageryPixels>& imagery);

    void collectSlotResults(std::uint32_t slotIndex);

    vk::Device& device;
    GlobeSceneSettings settings;
    SceneOutput output;
    vk::AttachmentFormats attachments;
    vk::CommandPool commandPool;
    std::vector<FrameSlot> slots;
    atmosphere::Atmosphere atmosphere;
    planet::gpu::SeaLevelSky seaLevelSky;
    std::optional<terrain::ImageryTexture> imagery;  // before the globe, whose draw set reads it
    planet::gpu::GlobeTerrain globe;
    raster::gpu::VisibilityRasterPass raster;
    raster::gpu::VisibilityShadePass shade;
    display::DisplayPass displayPass;
    vk::TimestampQueries timer;
    FrameStatistics latest;
    // The globe's update serial each slot's last frame recorded (0: none).
    std::vector<std::uint64_t> updateSerials;
};

GlobeSceneRenderer::Impl::Impl(vk::Device& gpuDevice, const vk::ShaderLibrary& shaders,
                               const planet::CubeElevation& elevation, const GlobeSceneSettings& initialSettings,
                               const SceneOutput& sceneOutput, std::optional<planet::gpu::GlobeStreaming> streaming,
                               const std::optional<GlobeImageryPixels>& imageryPixels)
    : device(gpuDevice),
      settings(initialSettings),
      output(sceneOutput),
      attachments(sceneAttachmentsFor(gpuDevice, sceneOutput.samples, SceneShading::Deferred)),
      commandPool(gpuDevice),
      slots(makeFrameSlots(gpuDevice, commandPool, sceneOutput.framesInFlight)),
      atmosphere(gpuDevice, shaders, planet::gpu::globeAtmosphereParameters(), sceneOutput.framesInFlight),
      seaLevelSky(gpuDevice, shaders, atmosphere),
      globe(gpuDevice, shaders, elevation, initialSettings.globe, seaLevelSky,
            withFrames(std::move(streaming), sceneOutput.framesInFlight)),
      raster(gpuDevice, shaders,
             raster::gpu::VisibilitySource{
                 "planet/GlobeRaster.comp", {}, globe.drawSetLayout(), initialSettings.globe.capacity},
             attachments.samples, sceneOutput.framesInFlight,
             initialSettings.smallTrianglePixels.value_or(
                 raster::gpu::defaultSmallTrianglePixels(gpuDevice.driverPath()))),
      shade(gpuDevice, shaders,
            raster::gpu::ShadeSource{
                "planet/GlobeShade.comp", {}, {globe.drawSetLayout(), atmosphere.descriptorSetLayout()}},
            attachments.samples, sceneOutput.framesInFlight, initialSettings.shadeLoop),
      displayPass(gpuDevice, shaders, sceneOutput.displayFormat, sceneOutput.framesInFlight),
      timer(gpuDevice, sceneOutput.framesInFlight, globeTimestampPassNames()),
      updateSerials(sceneOutput.framesInFlight, 0)
{
    if (sceneOutput.depth != camera::DepthConvention::Reversed) {
        throw std::invalid_argument("GlobeSceneRenderer: the globe draws with reversed depth");
    }
    if (imageryPixels) {
        imagery.emplace(gpuDevice, imageryPixels->pixels);
        globe.setImagery({&*imagery, imageryPixels->bounds});
    }
    latest.computeRaster = true;
    latest.leafCount = 24;  // the cube's roots
    latest.visibleCount = 0;
    latest.poolCapacity = initialSettings.globe.capacity;
    latest.bytesPerBisector = globe.bytesPerBisector();
    latest.cbtBytes = static_cast<std::uint64_t>(latest.bytesPerBisector * latest.poolCapacity);
    if (const std::optional<atmosphere::AtmosphereTableTimings> tables = atmosphere.tableTimings()) {
        latest.atmosphereTablesMs = tables->totalMs;
    }
}

void GlobeSceneRenderer::Impl::collectSlotResults(std::uint32_t slotIndex)
{
    FrameSlot& frame = slots[slotIndex];
    if (!frame.readbackPending) {
        return;
    }
    frame.readbackPending = false;
    const planet::gpu::GlobeCounts counts = planet::gpu::GlobeTerrain::countsFrom(frame.countsReadback.mapped());
    globe.noteCompletedUpdate(updateSerials[slotIndex], counts);
    latest.leafCount = counts.live;
    latest.visibleCount = counts.visible;
    latest.deferredSplits = counts.deferredSplits;
    latest.triangleCount = counts.visible;
    if (const std::optional<std::vector<vk::PassTime>> times = timer.collect(slotIndex)) {
        latest.timings = passTimingsOf(*times, 0.0);
    }
}

GlobeSceneRenderer::GlobeSceneRenderer(vk::Device& device, const vk::ShaderLibrary& shaders,
                                       const planet::CubeElevation& elevation, const GlobeSceneSettings& settings,
                                       const SceneOutput& output, std::optional<planet::gpu::GlobeStreaming> streaming,
                                       const std::optional<GlobeImageryPixels>& imagery)
    : impl_(std::make_unique<Impl>(device, shaders, elevation, settings, output, std::move(streaming), imagery))
{
}

GlobeSceneRenderer::~GlobeSceneRenderer()
{
    // Submitted frames may still use the scene's objects.
    static_cast<void>(vkDeviceWaitIdle(impl_->device.handle()));
}

std::uint32_t GlobeSceneRenderer::framesInFlight() const
{
    return static_cast<std::uint32_t>(impl_->slots.size());
}

FrameSlot& GlobeSceneRenderer::slot(std::uint32_t slotIndex)
{
    return frameSlotAt(impl_->slots, slotIndex, "GlobeSceneRenderer");
}

void GlobeSceneRenderer::recordFrame(std::uint32_t slotIndex, const GlobeFrameView& view)
{
    Impl& impl = *impl_;
    FrameSlot& frame = slot(slotIndex);
    const VkCommandBuffer commands = frame.commands;
    impl.collectSlotResults(slotIndex);
    ensureRenderTargets(impl.device, frame, view.viewport, impl.output, impl.attachments, SceneShading::Deferred);

    tiles::gpu::HeightStream* stream = impl.globe.stream();
    if (stream != nullptr) {
        // The slot's last frame completed: what it asked for comes in.
        stream->beginFrame(slotIndex);
        impl.latest.stream = stream->statistics();
    }

    impl.timer.begin(commands, slotIndex);
    if (stream != nullptr) {
        stream->recordUploads(commands, slotIndex);
    }
    impl.updateSerials[slotIndex] =
        impl.globe.recordUpdate(commands, view.view, view.viewport, view.sunDirection, &impl.timer);
    recordCountsReadback(impl.device, commands, impl.globe.countsBuffer(), planet::gpu::GlobeTerrain::countsOffset(),
                         planet::gpu::GlobeTerrain::kCountsBytes, frame);
    if (stream != nullptr) {
        stream->recordRequestReadback(commands, slotIndex);
    }

    const RenderTargets& targets = *frame.targets;
    beginDeferredShading(impl.device, commands, targets);
    const std::uint32_t drawPass = impl.timer.passIndex(terrain::kDrawTimestamp);
    impl.timer.writeStart(commands, drawPass);
    impl.raster.record(commands, slotIndex, impl.globe.drawSet(), targets.visibility(), view.viewport,
                       {&impl.globe.countsBuffer(), planet::gpu::GlobeTerrain::visibleDispatchOffset()});
    impl.timer.writeEnd(commands, drawPass);
    const std::uint32_t shadePass = impl.timer.passIndex(kShadeTimestamp);
    impl.timer.writeStart(commands, shadePass);
    impl.shade.record(commands, slotIndex, {impl.globe.drawSet(), impl.atmosphere.descriptorSet()},
                      targets.visibility(), targets.hdr());
    impl.timer.writeEnd(commands, shadePass);
    recordDisplayPass(impl.device, commands, targets, impl.displayPass, slotIndex, impl.settings.display, &impl.timer);
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

const GlobeSceneSettings& GlobeSceneRenderer::settings() const
{
    return impl_->settings;
}

FrameStatistics GlobeSceneRenderer::statistics() const
{
    return impl_->latest;
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
            return std::nullopt;
        },
        impl.displayPass);
}

const planet::gpu::GlobeTerrain& GlobeSceneRenderer::globe() const
{
    return impl_->globe;
}

tiles::gpu::HeightStream* GlobeSceneRenderer::heightStream() const
{
    return impl_->globe.stream();
}

}  // namespace scene
