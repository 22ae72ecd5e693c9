#include "app/HeadlessViewer.h"

#include "app/FlyCamera.h"
#include "app/ProcessMemory.h"
#include "app/RenderTargets.h"
#include "app/ViewerSetup.h"
#include "atmosphere/TonemapPass.h"
#include "terrain/TerrainRenderer.h"
#include "vk/Commands.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Image.h"
#include "vk/Instance.h"
#include "vk/ShaderCompiler.h"

#include <chrono>
#include <memory>
#include <vector>

namespace app {

namespace {

// The resources of one frame in flight.
struct HeadlessFrameSlot {
    HeadlessFrameSlot(const vk::Device& device, const vk::CommandPool& pool, VkExtent2D extent, VkFormat depth)
        : commands(pool.allocate()),
          inFlight(device, true),
          targets(std::make_unique<RenderTargets>(device, extent, kHeadlessColorFormat, depth))
    {
    }

    VkCommandBuffer commands;
    vk::Fence inFlight;
    std::unique_ptr<RenderTargets> targets;  // replaced when a camera path changes the render size
};

void submit(const vk::Device& device, VkCommandBuffer commands, const vk::Fence& fence)
{
    VkSubmitInfo info{};
    info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    info.commandBufferCount = 1;
    info.pCommandBuffers = &commands;
    VK_CHECK(vkQueueSubmit(device.queue(), 1, &info, fence.handle()));
}

// Records and submits one frame in `slot`; returns the renderer's statistics
// as they stand right after recordUpdate (the results of the last frame that
// used this slot).
terrain::TerrainStatistics renderFrame(vk::Device& device, terrain::TerrainRenderer& renderer,
                                       const atmosphere::TonemapPass& display, HeadlessFrameSlot& slot,
                                       uint32_t slotIndex, const terrain::FrameView& view, float depthClear)
{
    slot.inFlight.wait();
    slot.inFlight.reset();
    const VkExtent2D extent = slot.targets->extent();
    if (extent.width != view.viewport.width || extent.height != view.viewport.height) {
        // The slot's last submission has completed: its targets are free.
        const VkFormat depthFormat = slot.targets->depth().format();
        slot.targets.reset();
        slot.targets = std::make_unique<RenderTargets>(device, view.viewport, kHeadlessColorFormat, depthFormat);
    }
    vk::beginCommandBuffer(slot.commands);
    recordTerrainFrame(device, slot.commands, renderer, display, *slot.targets, view, slotIndex, depthClear);
    const terrain::TerrainStatistics statistics = renderer.statistics();
    vk::endCommandBuffer(slot.commands);
    submit(device, slot.commands, slot.inFlight);
    return statistics;
}

// Everything that lives on the device: when this returns, every Vulkan
// object of the run is destroyed, so the validation layer has reported any
// leak (at vkDestroyDevice) before the caller counts its messages.
void renderHeadless(const vk::Instance& instance, const ViewerOptions& options, const dem::TerrainSource& terrain,
                    const std::vector<CameraPathFrame>& path, std::ostream& out)
{
    const heightmap::Heightmap& heightmap = terrain.heightmap;
    const uint32_t frameCount = headlessFrameCount(options, path.size());
    vk::Device device = openViewerDevice(instance, options, VK_NULL_HANDLE, {});
    checkViewerDeviceFeatures(device);
    checkHeightmapFitsDevice(heightmap, device);

    vk::ShaderCompiler compiler;
    const terrain::TerrainSettings settings = initialTerrainSettings(options, heightmap, terrain.dem);
    const VkFormat depthFormat = chooseDepthFormat(device);
    VkExtent2D extent{options.size.width, options.size.height};
    terrain::TerrainRenderer renderer(device, compiler, heightmap, settings, atmosphere::kHdrColorFormat, depthFormat,
                                      kFramesInFlight);
    const atmosphere::TonemapPass display(device, compiler, kHeadlessColorFormat, kFramesInFlight);

    const ProjectionSettings projection{60.0f, kTerrainDepthConvention};
    const float depthClear = depthClearValue(projection.depth);
    const glm::vec3 worldMin = renderer.worldMin();
    const glm::vec3 worldMax = renderer.worldMax();
    const float aspect = static_cast<float>(extent.width) / static_cast<float>(extent.height);
    FlyCamera camera(options.camera.value_or(framingPose(worldMin, worldMax, projection.verticalFovDegrees, aspect)));

    const vk::CommandPool pool(device);
    std::vector<std::unique_ptr<HeadlessFrameSlot>> slots;
    for (uint32_t i = 0; i < kFramesInFlight; ++i) {
        slots.push_back(std::make_unique<HeadlessFrameSlot>(device, pool, extent, depthFormat));
    }

    const DeviceIdleGuard idleBeforeDestruction(device);

    RunStatistics statistics;
    uint32_t lastSlot = 0;
    for (uint32_t frame = 0; frame < frameCount; ++frame) {
        const auto start = std::chrono::steady_clock::now();
        if (!path.empty()) {
            const CameraPathFrame& step = path[frame % path.size()];
            camera.setPose(step.pose);
            if (step.renderSize) {
                extent = VkExtent2D{step.renderSize->width, step.renderSize->height};
            }
        }
        lastSlot = frame % kFramesInFlight;
        const terrain::FrameView view = makeFrameView(camera, extent, projection, worldMin, worldMax);
        const terrain::TerrainStatistics completed =
            renderFrame(device, renderer, display, *slots[lastSlot], lastSlot, view, depthClear);
        if (frame >= kFramesInFlight) {
            statistics.addTerrainStatistics(completed);  // frame - kFramesInFlight
        }
        const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
        statistics.addFrameTime(elapsed.count());
        if (const std::optional<uint64_t> resident = residentMemoryBytes()) {
            statistics.addResidentMemory(static_cast<double>(*resident) / (1024.0 * 1024.0));
        }
    }
    device.waitIdle();

    const RenderTargets& lastTargets = *slots[lastSlot]->targets;
    if (options.screenshotPath) {
        writeColorTargetPng(device, lastTargets, *options.screenshotPath);
    }

    // The results of the last frames in flight are read when their slots are
    // recorded again: record one more frame per slot (after the screenshot).
    for (uint32_t frame = frameCount; frame < frameCount + kFramesInFlight; ++frame) {
        const uint32_t slotIndex = frame % kFramesInFlight;
        const terrain::FrameView view = makeFrameView(camera, extent, projection, worldMin, worldMax);
        const terrain::TerrainStatistics completed =
            renderFrame(device, renderer, display, *slots[slotIndex], slotIndex, view, depthClear);
        if (frame >= kFramesInFlight) {
            statistics.addTerrainStatistics(completed);
        }
    }
    device.waitIdle();

    const RunDescription description = describeRun(options, heightmap, settings, device, extent, frameCount);
    if (options.statsPath) {
        writeTextFile(*options.statsPath, statistics.toJson(description));
    }
    out << "cbt-terrain: rendered " << frameCount << " frames of " << extent.width << "x" << extent.height << " on "
        << description.deviceName << ", D = " << settings.maxDepth;
    if (const auto& latest = statistics.latest()) {
        out << ", " << latest->leafCount << " leaves";
    }
    if (const auto frameTimes = statistics.frameTimes().summary()) {
        out << ", median frame " << frameTimes->median << " ms";
    }
    out << "\n";
}

}  // namespace

int runHeadless(const ViewerOptions& options, std::ostream& out)
{
    checkOutputFolders(options);
    const dem::TerrainSource terrain = loadViewerTerrain(options);
    if (const std::string description = describeTerrainSource(terrain); !description.empty()) {
        out << "cbt-terrain: " << description << "\n";
    }
    const std::vector<CameraPathFrame> path = loadViewerCameraPathFrames(options);

    vk::InstanceOptions instanceOptions;
    instanceOptions.validation = options.validate;
    const vk::Instance instance(instanceOptions);
    renderHeadless(instance, options, terrain, path, out);
    return reportValidationMessages(instance);
}

}  // namespace app
