// The per-frame-in-flight resources of the window: a command buffer, the
// fence of its last submission, the semaphore its swapchain image was
// acquired with, and the colour + depth targets the terrain is drawn into.
#pragma once

#include "app/RenderTargets.h"
#include "vk/Commands.h"

#include <optional>

namespace vk {
class Swapchain;
}

namespace app {

struct WindowFrameSlot {
    WindowFrameSlot(const vk::Device& device, const vk::CommandPool& pool)
        : commands(pool.allocate()),
          inFlight(device, true),
          imageAvailable(device)
    {
    }

    VkCommandBuffer commands;
    vk::Fence inFlight;
    vk::Semaphore imageAvailable;
    std::optional<RenderTargets> targets;  // rebuilt with the swapchain
};

// Submits the slot's commands: they wait for the acquired image (at the
// transfer stage, where the copy into it starts), signal the image's
// render-finished semaphore for present, and signal the slot's fence.
void submitWindowFrame(const vk::Device& device, const WindowFrameSlot& slot, const vk::Swapchain& swapchain,
                       uint32_t imageIndex);

}  // namespace app
