#include "app/WindowSwapchain.h"

#include "app/ImGuiOverlay.h"
#include "app/WindowInput.h"

#include "scene/FrameSlot.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Surface.h"

#include <GLFW/glfw3.h>

#include <chrono>

namespace app {

namespace {

// How long resizeWindow waits for the window system to apply a size.
constexpr std::chrono::milliseconds kResizeLimit{1000};

// A swapchain with images: waits while the window is minimised.
std::unique_ptr<vk::Swapchain> makeSwapchain(const vk::Device& device, const vk::Surface& surface,
                                             const GlfwWindow& window, bool vsync)
{
    vk::SwapchainOptions swapchainOptions;
    swapchainOptions.vsync = vsync;
    auto swapchain =
        std::make_unique<vk::Swapchain>(device, surface.handle(), window.framebufferExtent(), swapchainOptions);
    while (!swapchain->isUsable() && !window.closeRequested()) {
        glfwWaitEvents();
        swapchain->rebuild(window.framebufferExtent());
    }
    if (!swapchain->isUsable()) {
        throw WindowError("the window was closed before it could be shown");
    }
    return swapchain;
}

}  // namespace

WindowSwapchain::WindowSwapchain(const vk::Device& device, const vk::Surface& surface, const GlfwWindow& window,
                                 bool vsync)
    : window_(window),
      swapchain_(makeSwapchain(device, surface, window, vsync))
{
}

SwapchainState WindowSwapchain::ensureUsable()
{
    if (!stale_ && swapchain_->isUsable()) {
        return SwapchainState::Unchanged;
    }
    const VkExtent2D extent = window_.framebufferExtent();
    if (extent.width == 0 || extent.height == 0 || !swapchain_->rebuild(extent)) {
        return SwapchainState::Minimised;
    }
    stale_ = false;
    return SwapchainState::Rebuilt;
}

VkExtent2D WindowSwapchain::resizeWindow(VkExtent2D pixels)
{
    const VkExtent2D extent = window_.resizeFramebuffer(pixels, kResizeLimit);
    stale_ = true;
    return extent;
}

void submitWindowFrame(const vk::Device& device, const scene::FrameSlot& slot, const vk::Swapchain& swapchain,
                       uint32_t imageIndex)
{
    const VkSemaphore wait = slot.imageAvailable.handle();
    const VkPipelineStageFlags waitStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    const VkSemaphore signal = swapchain.renderFinishedSemaphore(imageIndex);
    VkSubmitInfo info{};
    info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    info.waitSemaphoreCount = 1;
    info.pWaitSemaphores = &wait;
    info.pWaitDstStageMask = &waitStage;
    info.commandBufferCount = 1;
    info.pCommandBuffers = &slot.commands;
    info.signalSemaphoreCount = 1;
    info.pSignalSemaphores = &signal;
    VK_CHECK(vkQueueSubmit(device.queue(), 1, &info, slot.inFlight.handle()));
}

bool keepSwapchainUsable(WindowSwapchain& presentation, WindowInput& input, ImGuiOverlay& overlay)
{
    if (input.takeResized()) {
        presentation.markStale();
    }
    switch (presentation.ensureUsable()) {
        case SwapchainState::Minimised: return false;
        case SwapchainState::Rebuilt: overlay.onSwapchainRebuilt(presentation.swapchain()); return true;
        case SwapchainState::Unchanged: return true;
    }
    return true;
}

std::optional<std::uint32_t> acquireWindowImage(WindowSwapchain& presentation, const scene::FrameSlot& slot)
{
    slot.inFlight.wait();
    std::uint32_t imageIndex = 0;
    const vk::SwapchainStatus acquired =
        presentation.swapchain().acquireNextImage(slot.imageAvailable.handle(), imageIndex);
    if (acquired != vk::SwapchainStatus::Ready) {
        presentation.markStale();
        if (acquired == vk::SwapchainStatus::OutOfDate) {
            return std::nullopt;
        }
    }
    return imageIndex;
}

void presentWindowImage(WindowSwapchain& presentation, std::uint32_t imageIndex)
{
    if (presentation.swapchain().present(imageIndex) != vk::SwapchainStatus::Ready) {
        presentation.markStale();
    }
}

}  // namespace app
