#include "scene/SceneRenderer.h"

#include "scene/SceneRendering.h"

#include "atmosphere/Atmosphere.h"
#include "atmosphere/SkyPass.h"
#include "camera/Projection.h"
#include "display/DisplayPass.h"
#include "terrain/DrawArgumentsPass.h"
#include "vk/Barriers.h"
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

constexpr VkPipelineStageFlags2 kCompute = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
constexpr VkPipelineStageFlags2 kDrawReaders = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT |
                                               VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
                                               VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
constexpr VkAccessFlags2 kDrawReads =
    VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_READ_BIT;
constexpr VkAccessFlags2 kStorageReadWrite = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
// Where the terrain's buffers are read for its pixels, on either raster path.
constexpr VkPipelineStageFlags2 kTerrainReaders = kDrawReaders | kCompute;

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

struct SceneRenderer::Impl {
    Impl(vk::Device& device, const vk::ShaderLibrary& shaders, const heightmap::Heightmap& heightmap,
         const SceneSettings& settings, const SceneOutput& output, const terrain::ImageryPixels& imagery,
         std::optional<tiles::gpu::HeightStreamSource> stream);

    void collectSlotResults(std::uint32_t slotIndex);
    // Uniforms, the frame-start barrier, the terrain's update and the leaf
    // count's read-back: the part of a frame recordTerrainUpdate records too.
    void recordTerrainPart(std::uint32_t slotIndex, const camera::FrameView& view, glm::vec3 sun);
    void recordCountsReadback(VkCommandBuffer commands, FrameSlot& frame);
    void recordSceneRendering(VkCommandBuffer commands, const RenderTargets& targets, std::uint32_t slotIndex,
                              const camera::FrameView& view);
    void recordComputeRaster(VkCommandBuffer commands, const RenderTargets& targets, std::uint32_t slotIndex,
                             const camera::FrameView& view);
    void recordDisplay(VkCommandBuffer commands, const RenderTargets& targets, std::uint32_t slotIndex);

    vk::Device& device;
    const vk::ShaderLibrary& shaders;
    SceneSettings settings;
    SceneOutput output;
    vk::AttachmentFormats attachments;
    vk::CommandPool commandPool;
    std::vector<FrameSlot> slots;
    atmosphere::Atmosphere atmosphere;
    bool atmosphereRecomputePending = false;
    terrain::Terrain terrain;
    atmosphere::SkyPass sky;
    display::DisplayPass displayPass;
    vk::TimestampQueries timer;
    FrameStatistics latest;
};

SceneRenderer::Impl::Impl(vk::Device& gpuDevice, const vk::ShaderLibrary& shaderLibrary,
                          const heightmap::Heightmap& heightmap, const SceneSettings& initialSettings,
                          const SceneOutput& sceneOutput, const terrain::ImageryPixels& imagery,
                          std::optional<tiles::gpu::HeightStreamSource> stream)
    : device(gpuDevice),
      shaders(shaderLibrary),
      settings(validated(initialSettings)),
      output(checkedOutput(sceneOutput)),
      attachments(sceneAttachmentsFor(gpuDevice, sceneOutput.samples)),
      commandPool(gpuDevice),
      slots(makeFrameSlots(gpuDevice, commandPool, sceneOutput.framesInFlight)),
      atmosphere(gpuDevice, shaderLibrary, initialSettings.atmosphere, sceneOutput.framesInFlight),
      terrain(gpuDevice, shaderLibrary, heightmap, initialSettings.terrain, uniformBuffersOf(slots),
              atmosphere.descriptorSetLayout(), attachments, sceneOutput.depth, imagery, std::move(stream)),
      sky(gpuDevice, shaderLibrary, atmosphere.descriptorSetLayout(), attachments, sceneOutput.depth),
      displayPass(gpuDevice, shaderLibrary, sceneOutput.displayFormat, sceneOutput.framesInFlight),
      timer(gpuDevice, sceneOutput.framesInFlight, frameTimestampPassNames())
{
    // The tessellation before its first update: the square's two halves,
    // or the pool's four roots.
    latest.computeRaster = sceneOutput.raster == RasterPath::Compute;
    latest.leafCount = initialSettings.terrain.backend == terrain::TerrainBackend::Pool ? 4 : 2;
    latest.visibleCount = latest.leafCount;
    latest.triangleCount = latest.leafCount;
    latest.cbtBytes = terrain.cbtBytes();
    latest.poolCapacity = terrain.poolCapacity();
    latest.bytesPerBisector = terrain.bytesPerBisector();
    if (const std::optional<atmosphere::AtmosphereTableTimings> tables = atmosphere.tableTimings()) {
        latest.atmosphereTablesMs = tables->totalMs;
    }
}

void SceneRenderer::Impl::collectSlotResults(std::uint32_t slotIndex)
{
    FrameSlot& frame = slots[slotIndex];
    if (!frame.readbackPending) {
        return;
    }
    frame.readbackPending = false;
    const terrain::TerrainCounts counts = terrain.countsFrom(frame.countsReadback.mapped());
    terrain.noteCompletedFrame(slotIndex, frame.countsReadback.mapped());
    latest.leafCount = counts.leaves;
    latest.visibleCount = counts.visible;
    latest.deferredSplits = counts.deferredSplits;
    latest.triangleCount = std::uint64_t{counts.visible} << frame.subdivisionLevels;
    latest.cbtBytes = terrain.cbtBytes();
    latest.poolCapacity = terrain.poolCapacity();
    latest.bytesPerBisector = terrain.bytesPerBisector();
    const std::optional<std::vector<vk::PassTime>> times = timer.collect(slotIndex);
    if (!times) {
        return;
    }
    double atmosphereMs = 0.0;
    if (const std::optional<atmosphere::AtmosphereFrameTimings> atmosphereTimes = atmosphere.frameTimings(slotIndex)) {
        atmosphereMs = atmosphereTimes->totalMs;
    }
    if (const std::optional<atmosphere::AtmosphereTableTimings> tables = atmosphere.tableTimings()) {
        latest.atmosphereTablesMs = tables->totalMs;
    }
    latest.timings = passTimingsOf(*times, atmosphereMs);
}

void SceneRenderer::Impl::recordTerrainPart(std::uint32_t slotIndex, const camera::FrameView& view, glm::vec3 sun)
{
    FrameSlot& frame = slots[slotIndex];
    const VkCommandBuffer commands = frame.commands;
    if (tiles::gpu::HeightStream* stream = terrain.stream()) {
        // The slot's last frame completed: what it asked for comes in.
        stream->beginFrame(slotIndex);
        latest.stream = stream->statistics();
    }
    // The uniforms of this frame, written once, before the passes that read them.
    const terrain::TerrainUniforms terrainUniforms = terrain.uniformsFor(view, sun);
    std::memcpy(frame.terrainUniforms.mapped().data(), &terrainUniforms, sizeof(terrainUniforms));

    timer.begin(commands, slotIndex);
    // The draws (or the compute raster passes) of the frames before read
    // what this frame's compute passes rewrite (the tree, its leaf heap
    // indices, the draw arguments).
    vk::memoryBarrier(device, commands, kTerrainReaders, kDrawReads, kCompute, kStorageReadWrite);
    terrain.recordStreamUploads(commands, slotIndex);
    terrain.recordUpdate(commands, slotIndex, view, &timer);
    terrain.recordSunShadows(commands, sun);
    recordCountsReadback(commands, frame);
}

void SceneRenderer::Impl::recordCountsReadback(VkCommandBuffer commands, FrameSlot& frame)
{
    const terrain::TerrainCountsSource counts = terrain.countsSource();
    scene::recordCountsReadback(device, commands, *counts.buffer, counts.offset, counts.bytes, frame);
    frame.subdivisionLevels = static_cast<std::uint32_t>(settings.terrain.uniformSubdivision);
}

// The terrain, then the sky where the terrain left the far depth.
void SceneRenderer::Impl::recordSceneRendering(VkCommandBuffer commands, const RenderTargets& targets,
                                               std::uint32_t slotIndex, const camera::FrameView& view)
{
    beginSceneRendering(device, commands, targets, output);
    const VkDescriptorSet atmosphereSet = atmosphere.descriptorSet();
    terrain.recordDraw(commands, slotIndex, view.viewport, atmosphereSet, &timer);
    // Inside rendering: no barrier after the start timestamp (see vk::TimedPass).
    const std::uint32_t skyPass = timer.passIndex(kSkyTimestamp);
    timer.writeStart(commands, skyPass);
    sky.record(commands, view, atmosphereSet);
    timer.writeEnd(commands, skyPass);
    endSceneRendering(device, commands, targets, output);
}

// The terrain's visibility pass and its shading, terrain and sky, in compute.
void SceneRenderer::Impl::recordComputeRaster(VkCommandBuffer commands, const RenderTargets& targets,
                                              std::uint32_t slotIndex, const camera::FrameView& view)
{
    beginDeferredShading(device, commands, targets);
    terrain.recordVisibility(commands, slotIndex, targets.visibility(), view.viewport, &timer);
    const vk::TimedPass time(device, &timer, commands, kShadeTimestamp);
    terrain.recordShading(commands, slotIndex, targets.visibility(), targets.hdr(), atmosphere.descriptorSet());
}

void SceneRenderer::Impl::recordDisplay(VkCommandBuffer commands, const RenderTargets& targets, std::uint32_t slotIndex)
{
    recordDisplayPass(device, commands, targets, displayPass, slotIndex, settings.display, &timer);
}

SceneRenderer::SceneRenderer(vk::Device& device, const vk::ShaderLibrary& shaders,
                             const heightmap::Heightmap& heightmap, const SceneSettings& settings,
                             const SceneOutput& output, const terrain::ImageryPixels& imagery,
                             std::optional<tiles::gpu::HeightStreamSource> stream)
    : impl_(std::make_unique<Impl>(device, shaders, heightmap, settings, output, imagery, std::move(stream)))
{
}

SceneRenderer::~SceneRenderer()
{
    // Submitted frames may still use the scene's objects; the result is not
    // checked (a lost device has nothing left to wait for).
    static_cast<void>(vkDeviceWaitIdle(impl_->device.handle()));
}

std::uint32_t SceneRenderer::framesInFlight() const
{
    return static_cast<std::uint32_t>(impl_->slots.size());
}

FrameSlot& SceneRenderer::slot(std::uint32_t slotIndex)
{
    return frameSlotAt(impl_->slots, slotIndex, "SceneRenderer");
}

const FrameSlot& SceneRenderer::slot(std::uint32_t slotIndex) const
{
    return const_cast<SceneRenderer*>(this)->slot(slotIndex);
}

void SceneRenderer::recordFrame(std::uint32_t slotIndex, const camera::FrameView& view)
{
    Impl& impl = *impl_;
    FrameSlot& frame = slot(slotIndex);
    const VkCommandBuffer commands = frame.commands;
    impl.collectSlotResults(slotIndex);
    ensureRenderTargets(impl.device, frame, view.viewport, impl.output, impl.attachments,
                        shadingOf(impl.output.raster));
    const glm::vec3 sun = atmosphere::sunDirection(impl.settings.sun);
    impl.recordTerrainPart(slotIndex, view, sun);
    if (impl.atmosphereRecomputePending) {
        impl.atmosphere.recompute(commands, impl.settings.atmosphere, slotIndex);
        impl.atmosphereRecomputePending = false;
    }
    impl.atmosphere.recordPerFrame(commands, view, sun, slotIndex);
    // What the compute passes wrote, for the draw's indirect command and
    // shaders, or for the compute raster passes.
    vk::memoryBarrier(impl.device, commands, kCompute, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, kTerrainReaders,
                      kDrawReads);

    if (impl.output.raster == RasterPath::Compute) {
        impl.recordComputeRaster(commands, *frame.targets, slotIndex, view);
    } else {
        impl.recordSceneRendering(commands, *frame.targets, slotIndex, view);
    }
    impl.terrain.recordStreamReadback(commands, slotIndex);
    impl.recordDisplay(commands, *frame.targets, slotIndex);
}

void SceneRenderer::recordTerrainUpdate(std::uint32_t slotIndex, const camera::FrameView& view)
{
    Impl& impl = *impl_;
    static_cast<void>(slot(slotIndex));
    impl.collectSlotResults(slotIndex);
    impl.recordTerrainPart(slotIndex, view, atmosphere::sunDirection(impl.settings.sun));
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
    impl.latest.cbtBytes = impl.terrain.cbtBytes();
    impl.latest.poolCapacity = impl.terrain.poolCapacity();
    impl.latest.bytesPerBisector = impl.terrain.bytesPerBisector();
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
    return impl_->latest;
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
            return std::nullopt;
        },
        impl.displayPass);
}

tiles::gpu::HeightStream* SceneRenderer::heightStream()
{
    return impl_->terrain.stream();
}

const terrain::Terrain& SceneRenderer::terrain() const
{
    return impl_->terrain;
}

camera::DepthConvention SceneRenderer::depthConvention() const
{
    return impl_->output.depth;
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
