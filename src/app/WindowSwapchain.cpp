#include "app/WindowSwapchain.h"

#include "vk/Device.h"
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
                                 bool vsync, VkFormat depthFormat, uint32_t framesInFlight)
    : device_(device),
      window_(window),
      depthFormat_(depthFormat),
      swapchain_(makeSwapchain(device, surface, window, vsync)),
      pool_(device)
{
    for (uint32_t i = 0; i < framesInFlight; ++i) {
        slots_.push_back(std::make_unique<WindowFrameSlot>(device_, pool_));
    }
    rebuildTargets();
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
    rebuildTargets();
    return SwapchainState::Rebuilt;
}

VkExtent2D WindowSwapchain::resizeWindow(VkExtent2D pixels)
{
    const VkExtent2D extent = window_.resizeFramebuffer(pixels, kResizeLimit);
    stale_ = true;
    return extent;
}

void WindowSwapchain::rebuildTargets()
{
    device_.waitIdle();
    for (const auto& slot : slots_) {
        slot->targets.reset();
        slot->targets.emplace(device_, swapchain_->extent(), swapchain_->format(), depthFormat_);
    }
}

}  // namespace app
