// Dear ImGui (1.86, GLFW + Vulkan backends from libimgui-dev) over the
// swapchain: its context and backends, and its own VkRenderPass (this ImGui
// predates dynamic rendering in its Vulkan backend) that loads the
// swapchain image the terrain was copied into, draws the overlay and leaves
// the image ready to present.
#pragma once

#include "vk/Descriptors.h"
#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

struct GLFWwindow;

namespace vk {
class Device;
class Instance;
class Swapchain;
}  // namespace vk

namespace app {

using UniqueRenderPass = vk::UniqueDeviceHandle<VkRenderPass, vkDestroyRenderPass>;
using UniqueFramebuffer = vk::UniqueDeviceHandle<VkFramebuffer, vkDestroyFramebuffer>;

// One per window. Create it after the window's input callbacks are installed
// (the GLFW backend chains to them) and destroy it before the device.
class ImGuiOverlay {
public:
    ImGuiOverlay(GLFWwindow* window, const vk::Instance& instance, vk::Device& device, const vk::Swapchain& swapchain);
    ~ImGuiOverlay();
    ImGuiOverlay(const ImGuiOverlay&) = delete;
    ImGuiOverlay& operator=(const ImGuiOverlay&) = delete;

    // Rebuilds the framebuffers over the swapchain's new images. Throws
    // vk::Error when the image format changed.
    void onSwapchainRebuilt(const vk::Swapchain& swapchain);

    // Starts an ImGui frame (widgets are added between beginFrame and endFrame).
    void beginFrame();
    void endFrame();

    // Records the overlay pass over swapchain image `imageIndex`, which must
    // be in TRANSFER_DST_OPTIMAL after transfer writes; leaves it in
    // PRESENT_SRC_KHR. Draws the widgets only when `visible`.
    void recordDraw(VkCommandBuffer commands, uint32_t imageIndex, bool visible);

    // Whether ImGui wants text input / the mouse for itself.
    [[nodiscard]] static bool wantsTextInput();
    [[nodiscard]] static bool wantsMouse();

private:
    void createFramebuffers(const vk::Swapchain& swapchain);

    vk::Device* device_;
    VkFormat format_;
    VkExtent2D extent_{0, 0};
    UniqueRenderPass renderPass_;
    std::vector<UniqueFramebuffer> framebuffers_;
    vk::DescriptorPool descriptorPool_;
    bool glfwBackend_ = false;
    bool vulkanBackend_ = false;
};

}  // namespace app
