#include "app/GlfwWindow.h"

#include "vk/Error.h"

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace app {

namespace {

bool hasDisplay()
{
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 != nullptr && x11[0] != '\0') || (wayland != nullptr && wayland[0] != '\0');
}

std::string lastGlfwError()
{
    const char* description = nullptr;
    if (glfwGetError(&description) != GLFW_NO_ERROR && description != nullptr) {
        return description;
    }
    return "unknown GLFW error";
}

}  // namespace

GlfwLibrary::GlfwLibrary()
{
    if (!hasDisplay()) {
        throw WindowError("cannot open a window: no display (set DISPLAY or use --headless)");
    }
    if (glfwInit() != GLFW_TRUE) {
        throw WindowError("cannot open a window: " + lastGlfwError() + " (use --headless without a display)");
    }
    if (glfwVulkanSupported() != GLFW_TRUE) {
        glfwTerminate();
        throw vk::Error("no Vulkan driver found: GLFW cannot load the Vulkan loader");
    }
}

GlfwLibrary::~GlfwLibrary()
{
    glfwTerminate();
}

std::vector<const char*> GlfwLibrary::requiredInstanceExtensions() const
{
    uint32_t count = 0;
    const char** names = glfwGetRequiredInstanceExtensions(&count);
    if (names == nullptr) {
        throw vk::Error("no Vulkan surface extension for this window system: " + lastGlfwError());
    }
    return std::vector<const char*>(names, names + count);
}

GlfwWindow::GlfwWindow(const GlfwLibrary& /*library: must be alive*/, viewer::PixelSize size, const std::string& title)
{
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    window_ =
        glfwCreateWindow(static_cast<int>(size.width), static_cast<int>(size.height), title.c_str(), nullptr, nullptr);
    if (window_ == nullptr) {
        throw WindowError("cannot open a window: " + lastGlfwError());
    }
}

GlfwWindow::~GlfwWindow()
{
    glfwDestroyWindow(window_);
}

VkExtent2D GlfwWindow::framebufferExtent() const
{
    int width = 0;
    int height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    return VkExtent2D{static_cast<uint32_t>(std::max(width, 0)), static_cast<uint32_t>(std::max(height, 0))};
}

bool GlfwWindow::closeRequested() const
{
    return glfwWindowShouldClose(window_) == GLFW_TRUE;
}

void GlfwWindow::requestClose() const
{
    glfwSetWindowShouldClose(window_, GLFW_TRUE);
}

void GlfwWindow::setTitle(const std::string& title) const
{
    glfwSetWindowTitle(window_, title.c_str());
}

VkExtent2D GlfwWindow::resizeFramebuffer(VkExtent2D pixels, std::chrono::milliseconds limit) const
{
    int windowWidth = 0;
    int windowHeight = 0;
    glfwGetWindowSize(window_, &windowWidth, &windowHeight);
    const VkExtent2D framebuffer = framebufferExtent();
    // Screen coordinates for `wanted` pixels at the current pixels per
    // coordinate (1 on X11, the content scale elsewhere).
    const auto coordinates = [](uint32_t wanted, uint32_t current, int currentCoordinates) {
        const double scale = currentCoordinates > 0 && current > 0
                                 ? static_cast<double>(current) / static_cast<double>(currentCoordinates)
                                 : 1.0;
        return std::max(static_cast<int>(std::lround(static_cast<double>(wanted) / scale)), 1);
    };
    const int wantedWidth = coordinates(pixels.width, framebuffer.width, windowWidth);
    const int wantedHeight = coordinates(pixels.height, framebuffer.height, windowHeight);
    glfwSetWindowSize(window_, wantedWidth, wantedHeight);
    const auto deadline = std::chrono::steady_clock::now() + limit;
    constexpr double kEventWaitSeconds = 0.005;
    while (std::chrono::steady_clock::now() < deadline) {
        glfwWaitEventsTimeout(kEventWaitSeconds);
        glfwGetWindowSize(window_, &windowWidth, &windowHeight);
        if (windowWidth == wantedWidth && windowHeight == wantedHeight) {
            break;
        }
    }
    return framebufferExtent();
}

vk::Surface GlfwWindow::createSurface(VkInstance instance) const
{
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    const VkResult result = glfwCreateWindowSurface(instance, window_, nullptr, &surface);
    vk::checkResult(result, "glfwCreateWindowSurface");
    return vk::Surface(instance, surface);
}

}  // namespace app
