// A swapchain on a surface that can be rebuilt when the window changes size
// or the surface goes out of date, with one "render finished" semaphore per
// image (present waits on the semaphore of the image it shows, so a
// semaphore is never re-signalled while a present may still wait on it).
#pragma once

#include "vk/Commands.h"
#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>
#include <vector>

namespace vk {

class Device;

using UniqueSwapchain = UniqueDeviceHandle<VkSwapchainKHR, vkDestroySwapchainKHR>;

struct SwapchainOptions {
    // FIFO when true; otherwise MAILBOX, else IMMEDIATE, else FIFO.
    bool vsync = true;
    // Usage of the images; COLOR_ATTACHMENT is always added.
    VkImageUsageFlags usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
};

// The choices a swapchain makes, exposed for tests.
// An 8-bit sRGB format (B8G8R8A8_SRGB, then R8G8B8A8_SRGB) in the
// SRGB_NONLINEAR colour space when offered, else the first format.
VkSurfaceFormatKHR chooseSurfaceFormat(std::span<const VkSurfaceFormatKHR> available);
VkPresentModeKHR choosePresentMode(std::span<const VkPresentModeKHR> available, bool vsync);
// The surface's current extent when it has one, else the framebuffer size
// clamped to the surface's limits.
VkExtent2D chooseSwapchainExtent(const VkSurfaceCapabilitiesKHR& capabilities, VkExtent2D framebufferSize);
// One more than the minimum (so a frame can be recorded while the others
// wait), within the maximum (0 = no maximum).
uint32_t chooseSwapchainImageCount(const VkSurfaceCapabilitiesKHR& capabilities);

enum class SwapchainStatus {
    Ready,       // all good
    Suboptimal,  // worked, but the swapchain should be rebuilt
    OutOfDate,   // did not work: rebuild the swapchain
};

class Swapchain {
public:
    // Builds the swapchain (see rebuild). The device must have been created
    // with this surface and VK_KHR_swapchain.
    Swapchain(const Device& device, VkSurfaceKHR surface, VkExtent2D framebufferSize, const SwapchainOptions& options);
    ~Swapchain() = default;
    Swapchain(const Swapchain&) = delete;
    Swapchain& operator=(const Swapchain&) = delete;
    Swapchain(Swapchain&&) = delete;
    Swapchain& operator=(Swapchain&&) = delete;

    // Waits for the device to be idle, then replaces the swapchain with one
    // of the surface's current size. Returns false, leaving no swapchain
    // (isUsable() false), when the surface has a zero extent (a minimised
    // window): call again once it has a size.
    bool rebuild(VkExtent2D framebufferSize);
    // Changes the present mode preference; takes effect at the next rebuild.
    void setVsync(bool vsync) { options_.vsync = vsync; }

    [[nodiscard]] bool isUsable() const { return static_cast<bool>(swapchain_); }
    [[nodiscard]] VkSwapchainKHR handle() const { return swapchain_.get(); }
    [[nodiscard]] VkSurfaceFormatKHR surfaceFormat() const { return surfaceFormat_; }
    [[nodiscard]] VkFormat format() const { return surfaceFormat_.format; }
    [[nodiscard]] VkExtent2D extent() const { return extent_; }
    [[nodiscard]] VkPresentModeKHR presentMode() const { return presentMode_; }
    [[nodiscard]] uint32_t minImageCount() const { return minImageCount_; }
    [[nodiscard]] uint32_t imageCount() const { return static_cast<uint32_t>(images_.size()); }
    [[nodiscard]] VkImage image(uint32_t index) const { return images_.at(index); }
    [[nodiscard]] VkImageView imageView(uint32_t index) const { return imageViews_.at(index).get(); }
    // Signal it from the submission that renders image `index`; present() waits on it.
    [[nodiscard]] VkSemaphore renderFinishedSemaphore(uint32_t index) const
    {
        return renderFinished_.at(index).handle();
    }
    // Incremented by every successful rebuild (lets users of the images
    // notice that their framebuffers are stale).
    [[nodiscard]] uint64_t generation() const { return generation_; }

    // Acquires the next image; `imageAvailable` is signalled when it can be
    // written. OutOfDate: nothing was acquired (and nothing will signal).
    SwapchainStatus acquireNextImage(VkSemaphore imageAvailable, uint32_t& imageIndex);
    // Presents image `imageIndex` once its renderFinishedSemaphore is signalled.
    SwapchainStatus present(uint32_t imageIndex);

private:
    void releaseImages();

    const Device* device_;
    VkSurfaceKHR surface_;
    SwapchainOptions options_;
    UniqueSwapchain swapchain_;
    VkSurfaceFormatKHR surfaceFormat_{};
    VkExtent2D extent_{0, 0};
    VkPresentModeKHR presentMode_ = VK_PRESENT_MODE_FIFO_KHR;
    uint32_t minImageCount_ = 0;
    std::vector<VkImage> images_;
    std::vector<UniqueImageView> imageViews_;
    std::vector<Semaphore> renderFinished_;
    uint64_t generation_ = 0;
};

}  // namespace vk
