#include "app/WindowInput.h"
#include "vk/Swapchain.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <span>

namespace app {
namespace {

using viewer::ViewerAction;

TEST(WindowInput, KeysMapToTheDocumentedActions)
{
    EXPECT_EQ(actionForKey(GLFW_KEY_F), ViewerAction::ToggleWireframe);
    EXPECT_EQ(actionForKey(GLFW_KEY_SPACE), ViewerAction::ToggleFreeze);
    EXPECT_EQ(actionForKey(GLFW_KEY_F1), ViewerAction::ToggleOverlay);
    EXPECT_EQ(actionForKey(GLFW_KEY_F12), ViewerAction::Screenshot);
    EXPECT_EQ(actionForKey(GLFW_KEY_R), ViewerAction::ReloadShaders);
    EXPECT_EQ(actionForKey(GLFW_KEY_HOME), ViewerAction::ResetCamera);
    EXPECT_EQ(actionForKey(GLFW_KEY_ESCAPE), ViewerAction::Quit);
    EXPECT_FALSE(actionForKey(GLFW_KEY_W));
    EXPECT_EQ(actionForKey(GLFW_KEY_K), ViewerAction::AddKeyframe);
    EXPECT_EQ(actionForKey(GLFW_KEY_P), ViewerAction::PlayKeyframes);
    EXPECT_EQ(actionForKey(GLFW_KEY_S, GLFW_MOD_CONTROL), ViewerAction::SaveKeyframes);
    EXPECT_FALSE(actionForKey(GLFW_KEY_S));
    EXPECT_FALSE(actionForKey(GLFW_KEY_K, GLFW_MOD_CONTROL));
}

TEST(SwapchainChoice, PrefersSrgbAndTheRequestedPresentMode)
{
    const std::array<VkSurfaceFormatKHR, 3> formats{
        VkSurfaceFormatKHR{VK_FORMAT_B8G8R8A8_UNORM, VK_COLOR_SPACE_SRGB_NONLINEAR_KHR},
        VkSurfaceFormatKHR{VK_FORMAT_R8G8B8A8_SRGB, VK_COLOR_SPACE_SRGB_NONLINEAR_KHR},
        VkSurfaceFormatKHR{VK_FORMAT_B8G8R8A8_SRGB, VK_COLOR_SPACE_SRGB_NONLINEAR_KHR}};
    EXPECT_EQ(vk::chooseSurfaceFormat(formats).format, VK_FORMAT_B8G8R8A8_SRGB);
    EXPECT_EQ(vk::chooseSurfaceFormat(std::span(formats).first(1)).format, VK_FORMAT_B8G8R8A8_UNORM);

    const std::array<VkPresentModeKHR, 3> modes{VK_PRESENT_MODE_FIFO_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR,
                                                VK_PRESENT_MODE_MAILBOX_KHR};
    EXPECT_EQ(vk::choosePresentMode(modes, true), VK_PRESENT_MODE_FIFO_KHR);
    EXPECT_EQ(vk::choosePresentMode(modes, false), VK_PRESENT_MODE_MAILBOX_KHR);
    EXPECT_EQ(vk::choosePresentMode(std::span(modes).first(2), false), VK_PRESENT_MODE_IMMEDIATE_KHR);
    EXPECT_EQ(vk::choosePresentMode(std::span(modes).first(1), false), VK_PRESENT_MODE_FIFO_KHR);
}

TEST(SwapchainChoice, ExtentAndImageCountRespectTheSurface)
{
    VkSurfaceCapabilitiesKHR capabilities{};
    capabilities.minImageCount = 2;
    capabilities.maxImageCount = 0;
    capabilities.currentExtent = VkExtent2D{800, 600};
    capabilities.minImageExtent = VkExtent2D{1, 1};
    capabilities.maxImageExtent = VkExtent2D{4096, 4096};
    EXPECT_EQ(vk::chooseSwapchainExtent(capabilities, VkExtent2D{1, 1}).width, 800u);
    EXPECT_EQ(vk::chooseSwapchainImageCount(capabilities), 3u);
    capabilities.maxImageCount = 2;
    EXPECT_EQ(vk::chooseSwapchainImageCount(capabilities), 2u);
    capabilities.currentExtent = VkExtent2D{std::numeric_limits<uint32_t>::max(), std::numeric_limits<uint32_t>::max()};
    const VkExtent2D clamped = vk::chooseSwapchainExtent(capabilities, VkExtent2D{9000, 300});
    EXPECT_EQ(clamped.width, 4096u);
    EXPECT_EQ(clamped.height, 300u);
    capabilities.currentExtent = VkExtent2D{0, 0};  // minimised
    EXPECT_EQ(vk::chooseSwapchainExtent(capabilities, VkExtent2D{640, 480}).width, 0u);
}

}  // namespace
}  // namespace app
