// The presentation side of the viewer window: its Vulkan swapchain and one
// WindowFrameSlot (commands, synchronisation, colour + depth targets) per
// frame in flight. The swapchain and the slots' targets are rebuilt when the
// window's size changes, nothing is rendered while it is minimised, and the
// window can be resized to a requested pixel size (a camera path's size
// column).
#pragma once

#include "app/GlfwWindow.h"
#include "app/WindowFrameSlot.h"
#include "vk/Commands.h"
#include "vk/Swapchain.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace vk {
class Device;
class Surface;
}  // namespace vk

namespace app {

// What ensureUsable found.
enum class SwapchainState {
    Unchanged,  // usable as it was
    Rebuilt,    // usable, with a new swapchain and new render targets
    Minimised,  // the window has no size: render nothing, wait for events
};

class WindowSwapchain {
public:
    // Waits (handling events) while the window is minimised; throws
    // WindowError when it is closed before it could be shown.
    WindowSwapchain(const vk::Device& device, const vk::Surface& surface, const GlfwWindow& window, bool vsync,
                    VkFormat depthFormat, uint32_t framesInFlight);
    ~WindowSwapchain() = default;
    WindowSwapchain(const WindowSwapchain&) = delete;
    WindowSwapchain& operator=(const WindowSwapchain&) = delete;

    [[nodiscard]] vk::Swapchain& swapchain() { return *swapchain_; }
    [[nodiscard]] const vk::Swapchain& swapchain() const { return *swapchain_; }
    [[nodiscard]] VkExtent2D extent() const { return swapchain_->extent(); }
    [[nodiscard]] WindowFrameSlot& slot(uint32_t index) { return *slots_.at(index); }

    // The swapchain must be rebuilt before the next frame (the window was
    // resized, or acquire / present reported it out of date or suboptimal).
    void markStale() { stale_ = true; }
    // Rebuilds the swapchain and the slots' targets when stale, at the
    // window's current framebuffer size.
    SwapchainState ensureUsable();

    // Resizes the window so that its framebuffer is `pixels` (waiting up to
    // a second for the window system) and marks the swapchain stale. Returns
    // the framebuffer size the window got.
    VkExtent2D resizeWindow(VkExtent2D pixels);

private:
    void rebuildTargets();

    const vk::Device& device_;
    const GlfwWindow& window_;
    VkFormat depthFormat_;
    std::unique_ptr<vk::Swapchain> swapchain_;
    vk::CommandPool pool_;
    std::vector<std::unique_ptr<WindowFrameSlot>> slots_;
    bool stale_ = false;
};

}  // namespace app
