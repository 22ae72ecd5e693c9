#include "vk/Swapchain.h"

#include "vk/Device.h"
#include "vk/Error.h"

#include <algorithm>
#include <array>
#include <limits>
#include <string>

namespace vk {

namespace {

VkSurfaceCapabilitiesKHR surfaceCapabilities(VkPhysicalDevice physical, VkSurfaceKHR surface)
{
    VkSurfaceCapabilitiesKHR capabilities{};
    VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(physical, surface, &capabilities));
    return capabilities;
}

std::vector<VkSurfaceFormatKHR> surfaceFormats(VkPhysicalDevice physical, VkSurfaceKHR surface)
{
    uint32_t count = 0;
    VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, nullptr));
    std::vector<VkSurfaceFormatKHR> formats(count);
    VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, formats.data()));
    formats.resize(count);
    return formats;
}

std::vector<VkPresentModeKHR> presentModes(VkPhysicalDevice physical, VkSurfaceKHR surface)
{
    uint32_t count = 0;
    VK_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, &count, nullptr));
    std::vector<VkPresentModeKHR> modes(count);
    VK_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, &count, modes.data()));
    modes.resize(count);
    return modes;
}

UniqueImageView makeImageView(VkDevice device, VkImage image, VkFormat format)
{
    VkImageViewCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO;
    info.image = image;
    info.viewType = VK_IMAGE_VIEW_TYPE_2D;
    info.format = format;
    info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageView view = VK_NULL_HANDLE;
    VK_CHECK(vkCreateImageView(device, &info, nullptr, &view));
    return UniqueImageView(device, view);
}

}  // namespace

VkSurfaceFormatKHR chooseSurfaceFormat(std::span<const VkSurfaceFormatKHR> available)
{
    if (available.empty()) {
        throw Error("the surface offers no image format");
    }
    for (const VkFormat preferred : {VK_FORMAT_B8G8R8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB}) {
        for (const VkSurfaceFormatKHR& format : available) {
            if (format.format == preferred && format.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) {
                return format;
            }
        }
    }
    return available.front();
}

VkPresentModeKHR choosePresentMode(std::span<const VkPresentModeKHR> available, bool vsync)
{
    if (!vsync) {
        for (const VkPresentModeKHR preferred : {VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR}) {
            if (std::find(available.begin(), available.end(), preferred) != available.end()) {
                return preferred;
            }
        }
    }
    return VK_PRESENT_MODE_FIFO_KHR;  // always supported
}

VkExtent2D chooseSwapchainExtent(const VkSurfaceCapabilitiesKHR& capabilities, VkExtent2D framebufferSize)
{
    if (capabilities.currentExtent.width != std::numeric_limits<uint32_t>::max()) {
        return capabilities.currentExtent;
    }
    return VkExtent2D{
        std::clamp(framebufferSize.width, capabilities.minImageExtent.width, capabilities.maxImageExtent.width),
        std::clamp(framebufferSize.height, capabilities.minImageExtent.height, capabilities.maxImageExtent.height)};
}

uint32_t chooseSwapchainImageCount(const VkSurfaceCapabilitiesKHR& capabilities)
{
    uint32_t count = capabilities.minImageCount + 1;
    if (capabilities.maxImageCount != 0) {
        count = std::min(count, capabilities.maxImageCount);
    }
    return count;
}

Swapchain::Swapchain(const Device& device, VkSurfaceKHR surface, VkExtent2D framebufferSize,
                     const SwapchainOptions& options)
    : device_(&device),
      surface_(surface),
      options_(options)
{
    options_.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    rebuild(framebufferSize);
}

void Swapchain::releaseImages()
{
    imageViews_.clear();
    images_.clear();
    renderFinished_.clear();
}

bool Swapchain::rebuild(VkExtent2D framebufferSize)
{
    device_->waitIdle();
    const VkPhysicalDevice physical = device_->physicalDevice();
    const VkSurfaceCapabilitiesKHR capabilities = surfaceCapabilities(physical, surface_);
    const VkExtent2D extent = chooseSwapchainExtent(capabilities, framebufferSize);
    if (extent.width == 0 || extent.height == 0) {
        releaseImages();
        swapchain_.reset();
        return false;
    }
    if ((capabilities.supportedUsageFlags & options_.usage) != options_.usage) {
        throw Error("the surface's images do not support the usage the viewer needs (flags " +
                    std::to_string(options_.usage) + ", supported " + std::to_string(capabilities.supportedUsageFlags) +
                    ")");
    }
    const std::vector<VkSurfaceFormatKHR> formats = surfaceFormats(physical, surface_);
    const std::vector<VkPresentModeKHR> modes = presentModes(physical, surface_);

    VkSwapchainCreateInfoKHR info{};
    info.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR;
    info.surface = surface_;
    info.minImageCount = chooseSwapchainImageCount(capabilities);
    info.imageFormat = chooseSurfaceFormat(formats).format;
    info.imageColorSpace = chooseSurfaceFormat(formats).colorSpace;
    info.imageExtent = extent;
    info.imageArrayLayers = 1;
    info.imageUsage = options_.usage;
    info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.preTransform = capabilities.currentTransform;
    info.compositeAlpha = (capabilities.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR) != 0
                              ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
                              : VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR;
    info.presentMode = choosePresentMode(modes, options_.vsync);
    info.clipped = VK_TRUE;
    info.oldSwapchain = swapchain_.get();

    const VkDevice device = device_->handle();
    VkSwapchainKHR created = VK_NULL_HANDLE;
    VK_CHECK(vkCreateSwapchainKHR(device, &info, nullptr, &created));
    UniqueSwapchain replacement(device, created);

    releaseImages();
    swapchain_ = std::move(replacement);  // destroys the old swapchain
    surfaceFormat_ = VkSurfaceFormatKHR{info.imageFormat, info.imageColorSpace};
    extent_ = extent;
    presentMode_ = info.presentMode;
    minImageCount_ = info.minImageCount;

    uint32_t count = 0;
    VK_CHECK(vkGetSwapchainImagesKHR(device, created, &count, nullptr));
    images_.resize(count);
    VK_CHECK(vkGetSwapchainImagesKHR(device, created, &count, images_.data()));
    images_.resize(count);
    for (const VkImage image : images_) {
        imageViews_.push_back(makeImageView(device, image, surfaceFormat_.format));
        renderFinished_.emplace_back(*device_);
    }
    ++generation_;
    return true;
}

SwapchainStatus Swapchain::acquireNextImage(VkSemaphore imageAvailable, uint32_t& imageIndex)
{
    if (!swapchain_) {
        return SwapchainStatus::OutOfDate;
    }
    const VkResult result =
        vkAcquireNextImageKHR(device_->handle(), swapchain_.get(), std::numeric_limits<uint64_t>::max(), imageAvailable,
                              VK_NULL_HANDLE, &imageIndex);
    if (result == VK_ERROR_OUT_OF_DATE_KHR) {
        return SwapchainStatus::OutOfDate;
    }
    if (result == VK_SUBOPTIMAL_KHR) {
        return SwapchainStatus::Suboptimal;
    }
    checkResult(result, "vkAcquireNextImageKHR");
    return SwapchainStatus::Ready;
}

SwapchainStatus Swapchain::present(uint32_t imageIndex)
{
    const VkSwapchainKHR swapchain = swapchain_.get();
    const VkSemaphore wait = renderFinishedSemaphore(imageIndex);
    VkPresentInfoKHR info{};
    info.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR;
    info.waitSemaphoreCount = 1;
    info.pWaitSemaphores = &wait;
    info.swapchainCount = 1;
    info.pSwapchains = &swapchain;
    info.pImageIndices = &imageIndex;
    const VkResult result = vkQueuePresentKHR(device_->queue(), &info);
    if (result == VK_ERROR_OUT_OF_DATE_KHR) {
        return SwapchainStatus::OutOfDate;
    }
    if (result == VK_SUBOPTIMAL_KHR) {
        return SwapchainStatus::Suboptimal;
    }
    checkResult(result, "vkQueuePresentKHR");
    return SwapchainStatus::Ready;
}

}  // namespace vk
