#include "terrain/TerrainRenderer.h"

#include "atmosphere/Atmosphere.h"
#include "cbt/ConcurrentBinaryTree.h"
#include "leb/gpu/LeafDecodePass.h"
#include "terrain/HeightStatistics.h"
#include "terrain/HeightmapTexture.h"
#include "terrain/TerrainCriterion.h"
#include "terrain/TerrainDrawPass.h"
#include "terrain/TerrainFrameUniforms.h"
#include "terrain/TerrainPassTimings.h"
#include "terrain/TerrainTree.h"
#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/TimestampQueries.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain {

namespace {

atmosphere::AtmosphereView atmosphereViewOf(const FrameView& view)
{
    return atmosphere::AtmosphereView{view.view, view.projection, view.cameraPosition};
}

// Compiler messages may hold several lines; the UI shows one.
std::string oneLine(std::string message)
{
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r')) {
        message.pop_back();
    }
    std::string joined;
    for (const char character : message) {
        if (character == '\n') {
            joined += " | ";
        } else if (character != '\r') {
            joined += character;
        }
    }
    return joined;
}

// The settings, once checked (before any GPU work is done with them).
const TerrainSettings& checkedSettings(const vk::Device& device, const TerrainSettings& settings)
{
    validateTerrainSettings(settings);
    requireMaxDepthFits(device, settings.maxDepth);
    return settings;
}

std::uint32_t verticesPerLeaf(const TerrainSettings& settings)
{
    return 3u << static_cast<std::uint32_t>(settings.uniformSubdivision);
}

// Per frame slot: the uniforms of the frame being recorded and a host copy
// of the indirect arguments of the last frame recorded in the slot.
struct FrameSlot {
    vk::Buffer uniforms;
    vk::Buffer argumentsReadback;
    bool readbackPending = false;         // a frame wrote argumentsReadback, not read yet
    std::uint32_t subdivisionLevels = 0;  // of that frame
    bool updateRecorded = false;          // recordUpdate began the slot's timestamps
};

}  // namespace

struct TerrainRenderer::Impl {
    Impl(vk::Device& device, vk::ShaderCompiler& compiler, const heightmap::Heightmap& heightmap,
         const TerrainSettings& initialSettings, VkFormat colorFormat, VkFormat depthFormat,
         std::uint32_t framesInFlight);

    [[nodiscard]] std::vector<const vk::Buffer*> uniformBuffers() const;
    void writeUniforms(const FrameView& view, std::uint32_t frameSlot);
    void collectSlotResults(std::uint32_t frameSlot);
    void recordArgumentsReadback(VkCommandBuffer commands, std::uint32_t frameSlot);
    FrameSlot& slot(std::uint32_t frameSlot);
    void replaceTree(const TerrainSettings& treeSettings);
    [[nodiscard]] std::unique_ptr<leb::gpu::LeafDecodePass> decodedLeaves(const TerrainTree& terrainTree,
                                                                          std::uint32_t requestedCapacity) const;

    vk::Device& device;
    vk::ShaderCompiler& compiler;
    TerrainSettings settings;
    HeightmapTexture heightmapTexture;
    HeightStatistics heightStatistics;
    atmosphere::Atmosphere atmosphere;
    bool atmosphereRecomputePending = false;
    TerrainFrameContext context;
    std::vector<FrameSlot> slots;
    TerrainCriterion criterion;
    TerrainDrawPass drawPass;
    vk::TimestampQueries timer;
    std::unique_ptr<TerrainTree> tree;
    // The heap index of each leaf of `tree` as the last update left it, for
    // the first drawLeafCapacity leaves (the draw reads it and decodes the
    // rest itself); a frozen update leaves the tree, and the buffer, as is.
    std::unique_ptr<leb::gpu::LeafDecodePass> leafDecode;
    std::uint64_t updatesRecorded = 0;
    TerrainStatistics latest;
};

TerrainRenderer::Impl::Impl(vk::Device& gpuDevice, vk::ShaderCompiler& shaderCompiler,
                            const heightmap::Heightmap& heightmap, const TerrainSettings& initialSettings,
                            VkFormat colorFormat, VkFormat depthFormat, std::uint32_t framesInFlight)
    : device(gpuDevice),
      compiler(shaderCompiler),
      settings(checkedSettings(gpuDevice, initialSettings)),
      heightmapTexture(gpuDevice, heightmap),
      heightStatistics(gpuDevice, shaderCompiler, heightmapTexture),
      atmosphere(gpuDevice, shaderCompiler, initialSettings.atmosphere, framesInFlight),
      context{heightmap.width, heightmap.height, heightStatistics.levels(), initialSettings.maxDepth,
              terrainOutputFor(colorFormat)},
      slots([&] {
          if (framesInFlight == 0) {
              throw std::invalid_argument("TerrainRenderer: framesInFlight must be at least 1");
          }
          std::vector<FrameSlot> made;
          for (std::uint32_t i = 0; i < framesInFlight; ++i) {
              made.push_back(FrameSlot{vk::Buffer(gpuDevice, sizeof(TerrainFrameUniforms),
                                                  VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, vk::MemoryLocation::HostUpload),
                                       vk::Buffer(gpuDevice, sizeof(cbt::gpu::IndirectArguments),
                                                  VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryLocation::HostReadback)});
          }
          return made;
      }()),
      criterion(gpuDevice, heightStatistics, heightmapTexture, uniformBuffers()),
      drawPass(gpuDevice, shaderCompiler, heightmapTexture, uniformBuffers(), atmosphere.descriptorSetLayout(),
               colorFormat, depthFormat),
      timer(gpuDevice, framesInFlight, rendererTimestampPassNames())
{
    replaceTree(settings);
    latest.leafCount = 2;
    latest.triangleCount = 2;
    if (const std::optional<atmosphere::AtmosphereTableTimings> tables = atmosphere.tableTimings()) {
        latest.atmosphereTablesMs = tables->totalMs;
    }
}

std::vector<const vk::Buffer*> TerrainRenderer::Impl::uniformBuffers() const
{
    std::vector<const vk::Buffer*> buffers;
    for (const FrameSlot& frame : slots) {
        buffers.push_back(&frame.uniforms);
    }
    return buffers;
}

// A leaf decode of `terrainTree` for the draw, run once (blocking) so that
// its buffer holds the tree as it is now. No recorded command buffer may be
// pending.
std::unique_ptr<leb::gpu::LeafDecodePass> TerrainRenderer::Impl::decodedLeaves(const TerrainTree& terrainTree,
                                                                               std::uint32_t requestedCapacity) const
{
    const cbt::gpu::ConcurrentBinaryTree& heap = terrainTree.heap();
    auto decode = std::make_unique<leb::gpu::LeafDecodePass>(
        device, compiler, heap, leb::Domain::Square,
        leb::gpu::leafDecodeCapacity(device, heap.maxDepth(), requestedCapacity), false);
    device.submitAndWait([&](VkCommandBuffer commands) {
        decode->recordForDraw(commands, terrainTree.update().indirectArguments(), nullptr, 0);
    });
    return decode;
}

// Builds a tree of the settings' max depth (the square's two triangles) and
// its leaf decode, and replaces the current ones; a failure leaves the
// renderer as it was. No recorded command buffer may be pending.
void TerrainRenderer::Impl::replaceTree(const TerrainSettings& treeSettings)
{
    auto rebuilt = std::make_unique<TerrainTree>(device, compiler, treeSettings.maxDepth, criterion.criterion(),
                                                 verticesPerLeaf(treeSettings));
    std::unique_ptr<leb::gpu::LeafDecodePass> decode = decodedLeaves(*rebuilt, treeSettings.drawLeafCapacity);
    drawPass.bindTree(rebuilt->heap(), decode->heapIndexBuffer());
    leafDecode = std::move(decode);  // the old decode reads the old tree: it goes first
    tree = std::move(rebuilt);
    latest.cbtBytes = tree->heap().heapByteSize();
}

FrameSlot& TerrainRenderer::Impl::slot(std::uint32_t frameSlot)
{
    if (frameSlot >= slots.size()) {
        throw vk::Error("TerrainRenderer: frame slot " + std::to_string(frameSlot) + " of " +
                        std::to_string(slots.size()));
    }
    return slots[frameSlot];
}

void TerrainRenderer::Impl::writeUniforms(const FrameView& view, std::uint32_t frameSlot)
{
    context.maxDepth = tree->heap().maxDepth();
    const TerrainFrameUniforms uniforms = makeTerrainFrameUniforms(view, settings, context);
    std::memcpy(slot(frameSlot).uniforms.mapped().data(), &uniforms, sizeof(uniforms));
}

void TerrainRenderer::Impl::collectSlotResults(std::uint32_t frameSlot)
{
    FrameSlot& frame = slot(frameSlot);
    if (!frame.readbackPending) {
        return;
    }
    frame.readbackPending = false;
    cbt::gpu::IndirectArguments arguments{};
    std::memcpy(&arguments, frame.argumentsReadback.mapped().data(), sizeof(arguments));
    latest.leafCount = arguments.leafCount;
    latest.triangleCount = std::uint64_t{arguments.leafCount} << frame.subdivisionLevels;
    const std::optional<std::vector<vk::PassTime>> times = timer.collect(frameSlot);
    if (!times) {
        return;
    }
    double atmosphereMs = 0.0;
    if (const std::optional<atmosphere::AtmosphereFrameTimings> atmosphereTimes = atmosphere.frameTimings(frameSlot)) {
        atmosphereMs = atmosphereTimes->totalMs;
    }
    if (const std::optional<atmosphere::AtmosphereTableTimings> tables = atmosphere.tableTimings()) {
        latest.atmosphereTablesMs = tables->totalMs;
    }
    latest.timings = passTimingsOf(*times, atmosphereMs);
}

void TerrainRenderer::Impl::recordArgumentsReadback(VkCommandBuffer commands, std::uint32_t frameSlot)
{
    FrameSlot& frame = slot(frameSlot);
    const vk::Buffer& arguments = tree->update().indirectArguments();
    vk::bufferBarrier(device, commands, arguments, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                      VK_ACCESS_2_TRANSFER_READ_BIT);
    const VkBufferCopy region{0, 0, sizeof(cbt::gpu::IndirectArguments)};
    vkCmdCopyBuffer(commands, arguments.handle(), frame.argumentsReadback.handle(), 1, &region);
    vk::bufferBarrier(device, commands, frame.argumentsReadback, VK_PIPELINE_STAGE_2_COPY_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    // The next update's dispatcher rewrites the arguments after this copy read them.
    vk::bufferBarrier(device, commands, arguments, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE,
                      VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_NONE);
    frame.readbackPending = true;
    frame.subdivisionLevels = static_cast<std::uint32_t>(settings.uniformSubdivision);
}

TerrainRenderer::TerrainRenderer(vk::Device& device, vk::ShaderCompiler& compiler,
                                 const heightmap::Heightmap& heightmap, const TerrainSettings& settings,
                                 VkFormat colorFormat, VkFormat depthFormat, uint32_t framesInFlight)
    : impl_(std::make_unique<Impl>(device, compiler, heightmap, settings, colorFormat, depthFormat, framesInFlight))
{
}

TerrainRenderer::~TerrainRenderer()
{
    // Submitted frames may still use the renderer's objects; the result is
    // not checked (a lost device has nothing left to wait for).
    static_cast<void>(vkDeviceWaitIdle(impl_->device.handle()));
}

void TerrainRenderer::applySettings(const TerrainSettings& settings)
{
    validateTerrainSettings(settings);
    Impl& impl = *impl_;
    if (settings.maxDepth != impl.tree->heap().maxDepth()) {
        requireMaxDepthFits(impl.device, settings.maxDepth);
        impl.device.waitIdle();
        impl.replaceTree(settings);
    } else if (settings.drawLeafCapacity != impl.settings.drawLeafCapacity) {
        impl.device.waitIdle();
        std::unique_ptr<leb::gpu::LeafDecodePass> decode = impl.decodedLeaves(*impl.tree, settings.drawLeafCapacity);
        impl.drawPass.bindTree(impl.tree->heap(), decode->heapIndexBuffer());
        impl.leafDecode = std::move(decode);
    }
    if (settings.atmosphere != impl.atmosphere.parameters()) {
        impl.atmosphereRecomputePending = true;
    }
    impl.settings = settings;
}

const TerrainSettings& TerrainRenderer::settings() const
{
    return impl_->settings;
}

void TerrainRenderer::recordUpdate(VkCommandBuffer commands, const FrameView& view, uint32_t frameSlot)
{
    Impl& impl = *impl_;
    impl.collectSlotResults(frameSlot);
    impl.writeUniforms(view, frameSlot);
    impl.timer.begin(commands, frameSlot);
    leb::gpu::UpdatePipeline& update = impl.tree->update();
    update.dispatcher().setVerticesPerLeaf(verticesPerLeaf(impl.settings));
    if (impl.settings.freezeSubdivision) {
        const std::uint32_t dispatcherPass = impl.timer.passIndex("dispatcher");
        impl.timer.writeStart(commands, dispatcherPass);
        update.recordDispatcherOnly(commands);
        impl.timer.writeEnd(commands, dispatcherPass);
    } else {
        const leb::gpu::SubdivisionPhase phase =
            impl.updatesRecorded % 2 == 0 ? leb::gpu::SubdivisionPhase::Split : leb::gpu::SubdivisionPhase::Merge;
        update.record(commands, phase, impl.criterion.descriptorSet(frameSlot), &impl.timer);
        // The heap index of every leaf of the updated tree, for the draw. One
        // buffer serves every frame slot: see LeafDecodePass::recordForDraw.
        impl.leafDecode->recordForDraw(commands, update.indirectArguments(), &impl.timer,
                                       impl.timer.passIndex(kLeafDecodeTimestamp));
        ++impl.updatesRecorded;
    }
    impl.recordArgumentsReadback(commands, frameSlot);
    if (impl.atmosphereRecomputePending) {
        impl.atmosphere.recompute(commands, impl.settings.atmosphere, frameSlot);
        impl.atmosphereRecomputePending = false;
    }
    impl.atmosphere.recordPerFrame(commands, atmosphereViewOf(view),
                                   sunDirectionOf(impl.settings.sunAzimuthDegrees, impl.settings.sunElevationDegrees),
                                   frameSlot);
    impl.slot(frameSlot).updateRecorded = true;
}

void TerrainRenderer::recordDraw(VkCommandBuffer commands, const FrameView& view, uint32_t frameSlot)
{
    Impl& impl = *impl_;
    FrameSlot& frame = impl.slot(frameSlot);
    impl.writeUniforms(view, frameSlot);
    const bool timed = frame.updateRecorded;
    const VkDescriptorSet atmosphereSet = impl.atmosphere.descriptorSet();
    const std::uint32_t skyPass = impl.timer.passIndex(kSkyTimestamp);
    const std::uint32_t drawPass = impl.timer.passIndex(kDrawTimestamp);
    const bool reversedDepth = usesReversedDepth(view.projection);
    const auto recordSky = [&] {
        if (timed) {
            impl.timer.writeStart(commands, skyPass);
        }
        impl.drawPass.recordSky(commands, frameSlot, view.viewport, reversedDepth, atmosphereSet);
        if (timed) {
            impl.timer.writeEnd(commands, skyPass);
        }
    };
    if (!impl.drawPass.drawsSkyAfterTerrain()) {
        recordSky();
    }
    if (timed) {
        impl.timer.writeStart(commands, drawPass);
    }
    impl.drawPass.recordTerrain(commands, frameSlot, view.viewport, reversedDepth, atmosphereSet,
                                impl.tree->update().indirectArguments(), cbt::gpu::kDrawArgumentsOffset);
    if (timed) {
        impl.timer.writeEnd(commands, drawPass);
    }
    if (impl.drawPass.drawsSkyAfterTerrain()) {
        recordSky();
    }
    frame.updateRecorded = false;
}

std::optional<std::string> TerrainRenderer::reloadShaders()
{
    Impl& impl = *impl_;
    if (const std::optional<std::string> error = impl.atmosphere.reloadShaders()) {
        return oneLine(*error);
    }
    try {
        std::unique_ptr<leb::gpu::UpdatePipeline> update =
            impl.tree->compileUpdatePipeline(impl.compiler, impl.criterion.criterion());
        impl.device.waitIdle();
        impl.leafDecode->rebuildKernel(impl.compiler);  // replaces the kernel only when it compiles
        impl.drawPass.rebuildPipelines();               // replaces the draw pipelines only when all compile
        impl.tree->replaceUpdatePipeline(std::move(update));
    } catch (const std::exception& error) {
        return oneLine(error.what());
    }
    return std::nullopt;
}

TerrainTreeReadback TerrainRenderer::readBackTree() const
{
    const Impl& impl = *impl_;
    impl.device.waitIdle();
    TerrainTreeReadback readback;
    readback.heapBytes = impl.tree->heap().downloadBytes();
    const cbt::gpu::DispatcherPass& dispatcher = impl.tree->update().dispatcher();
    readback.drawLeafCount = dispatcher.download().draw.vertexCount / dispatcher.verticesPerLeaf();
    readback.leafHeapIndices = impl.leafDecode->downloadHeapIndices(readback.drawLeafCount);
    return readback;
}

TerrainStatistics TerrainRenderer::statistics() const
{
    return impl_->latest;
}

glm::vec3 TerrainRenderer::worldMin() const
{
    const glm::vec2 extent =
        terrainWorldExtent(impl_->context.heightmapWidth, impl_->context.heightmapHeight, impl_->settings);
    return glm::vec3(-0.5f * extent.x, impl_->settings.heightOffsetMetres, -0.5f * extent.y);
}

glm::vec3 TerrainRenderer::worldMax() const
{
    const glm::vec2 extent =
        terrainWorldExtent(impl_->context.heightmapWidth, impl_->context.heightmapHeight, impl_->settings);
    return glm::vec3(0.5f * extent.x, impl_->settings.heightOffsetMetres + impl_->settings.heightScaleMetres,
                     0.5f * extent.y);
}

}  // namespace terrain
