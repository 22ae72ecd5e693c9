// The presentation side of the viewer window: its Vulkan swapchain, rebuilt
// when the window's size changes (nothing is rendered while it is
// minimised), the window resized to a requested pixel size (a camera path's
// size column), and the submission of a frame slot that presents.
#pragma once

#include "app/GlfwWindow.h"
#include "vk/Swapchain.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace scene {
struct FrameSlot;
}  // namespace scene
namespace vk {
class Device;
class Surface;
}  // namespace vk

namespace app {

// What ensureUsable found.
enum class SwapchainState {
    Unchanged,  // usable as it was
    Rebuilt,    // usable, with a new swapchain
    Minimised,  // the window has no size: render nothing, wait for events
};

class WindowSwapchain {
public:
    // Waits (handling events) while the window is minimised; throws
    // WindowError when it is closed before it could be shown.
    WindowSwapchain(const vk::Device& device, const vk::Surface& surface, const GlfwWindow& window, bool vsync);
    ~WindowSwapchain() = default;
    WindowSwapchain(const WindowSwapchain&) = delete;
    WindowSwapchain& operator=(const WindowSwapchain&) = delete;

    [[nodiscard]] vk::Swapchain& swapchain() { return *swapchain_; }
    [[nodiscard]] const vk::Swapchain& swapchain() const { return *swapchain_; }
    [[nodiscard]] VkExtent2D extent() const { return swapchain_->extent(); }

    // The swapchain must be rebuilt before the next frame (the window was
    // resized, or acquire / present reported it out of date or suboptimal).
    void markStale() { stale_ = true; }
    // Rebuilds the swapchain when stale, at the window's current framebuffer size.
    SwapchainState ensureUsable();

    // Resizes the window so that its framebuffer is `pixels` (waiting up to
    // a second for the window system) and marks the swapchain stale. Returns
    // the framebuffer size the window got.
    VkExtent2D resizeWindow(VkExtent2D pixels);

private:
    const GlfwWindow& window_;
    std::unique_ptr<vk::Swapchain> swapchain_;
    bool stale_ = false;
};

// Submits a frame slot's commands: they wait for the acquired image (at the
// transfer stage, where the copy into it starts), signal the image's
// render-finished semaphore for present, and signal the slot's fence.
void submitWindowFrame(const vk::Device& device, const scene::FrameSlot& slot, const vk::Swapchain& swapchain,
                       uint32_t imageIndex);

// Waits for the slot's last submission, then acquires the next swapchain
// image with the slot's semaphore: its index, or nothing when the swapchain
// is out of date (marked stale, to be rebuilt before the next frame).
std::optional<std::uint32_t> acquireWindowImage(WindowSwapchain& presentation, const scene::FrameSlot& slot);
// Presents the image, marking the swapchain stale when it was not optimal.
void presentWindowImage(WindowSwapchain& presentation, std::uint32_t imageIndex);

class WindowInput;
class ImGuiOverlay;
// Before a window frame: rebuilds the swapchain when the window was resized
// or it went stale (telling the overlay); false while the window is
// minimised (nothing to draw into).
bool keepSwapchainUsable(WindowSwapchain& presentation, WindowInput& input, ImGuiOverlay& overlay);

}  // namespace app
