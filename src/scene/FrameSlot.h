// The resources of one frame in flight, for the window and the headless
// runs alike: the command buffer the frame is recorded into, the fence of
// its last submission, the semaphore a window acquires its swapchain image
// with, the render targets, and the scene's per-frame buffers (the terrain's
// uniform block, the read-back of the terrain's counts).
#pragma once

#include "scene/FrameTimings.h"
#include "scene/RenderTargets.h"
#include "scene/ScenePick.h"
#include "vk/Buffer.h"
#include "vk/Commands.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace scene {

// Room for a surface's counts (SceneSurface::counts).
inline constexpr VkDeviceSize kCountsReadbackBytes = 16;

struct FrameSlot {
    FrameSlot(const vk::Device& device, const vk::CommandPool& pool);

    VkCommandBuffer commands;
    vk::Fence inFlight;                      // signalled once the slot's last submission completed
    vk::Semaphore imageAvailable;            // a window's acquired swapchain image (unused headless)
    std::unique_ptr<RenderTargets> targets;  // (re)made at the size of the frame's view
    vk::Buffer terrainUniforms;              // terrain::TerrainUniforms, written once per frame
    vk::Buffer countsReadback;               // the terrain's counts of the frame last recorded in the slot
    vk::Buffer pickReadback;                 // the depth under a picked pixel (ScenePick.h)
    std::optional<PendingPick> pendingPick;  // the pick that frame recorded, if any
    bool readbackPending = false;            // that frame's counts and timestamps are not read yet
    std::uint32_t subdivisionLevels = 0;     // that frame's uniform subdivision
};

// Submits the slot's command buffer (recorded and ended) to the device's
// queue, signalling the slot's fence when it completes.
void submitFrameSlot(const vk::Device& device, const FrameSlot& slot);

// Waits for slot `slotIndex`'s last submission, records one frame of `scene`
// seen through `view` into it and submits it; returns the scene's statistics
// as they stand once it is recorded (the results of the last frame that
// used the slot). For the headless runs of either scene (SceneRenderer,
// GlobeSceneRenderer), whose frames need no swapchain image.
template <class Scene, class View>
FrameStatistics recordAndSubmitFrame(const vk::Device& device, Scene& scene, std::uint32_t slotIndex, const View& view)
{
    FrameSlot& slot = scene.slot(slotIndex);
    slot.inFlight.wait();
    slot.inFlight.reset();
    vk::beginCommandBuffer(slot.commands);
    scene.recordFrame(slotIndex, view);
    const FrameStatistics statistics = scene.statistics();
    vk::endCommandBuffer(slot.commands);
    submitFrameSlot(device, slot);
    return statistics;
}

// slots[slotIndex]; throws vk::Error naming `owner` when there is no such slot.
FrameSlot& frameSlotAt(std::vector<FrameSlot>& slots, std::uint32_t slotIndex, const char* owner);

// `count` frame slots from `pool` (at least one; std::invalid_argument otherwise).
std::vector<FrameSlot> makeFrameSlots(const vk::Device& device, const vk::CommandPool& pool, std::uint32_t count);

}  // namespace scene
