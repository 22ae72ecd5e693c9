#include "app/GlfwWindow.h"

#include "vk/Error.h"

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdlib>

namespace app {

namespace {

bool hasDisplay() {
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 != nullptr && x11[0] != '\0') || (wayland != nullptr && wayland[0] != '\0');
}

std::string lastGlfwError() {
    const char* description = nullptr;
    if (glfwGetError(&description) != GLFW_NO_ERROR && description != nullptr) {
        return description;
    }
    return "unknown GLFW error";
}

}  // namespace

GlfwLibrary::GlfwLibrary() {
    if (!hasDisplay()) {
        throw WindowError("cannot open a window: no display (set DISPLAY or use --headless)");
    }
    if (glfwInit() != GLFW_TRUE) {
        throw WindowError("cannot open a window: " + lastGlfwError() + " (use --headless without a display)");
    }
    if (glfwVulkanSupported() != GLFW_TRUE) {
        glfwTerminate();
        throw gpu::Error("no Vulkan driver found: GLFW cannot load the Vulkan loader");
    }
}

GlfwLibrary::~GlfwLibrary() {
    glfwTerminate();
}

std::vector<const char*> GlfwLibrary::requiredInstanceExtensions() const {
    uint32_t count = 0;
    const char** names = glfwGetRequiredInstanceExtensions(&count);
    if (names == nullptr) {
        throw gpu::Error("no Vulkan surface extension for this window system: " + lastGlfwError());
    }
    return std::vector<const char*>(names, names + count);
}

GlfwWindow::GlfwWindow(const GlfwLibrary& /*library: must be alive*/, PixelSize size, const std::string& title) {
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    window_ = glfwCreateWindow(static_cast<int>(size.width), static_cast<int>(size.height), title.c_str(), nullptr,
                               nullptr);
    if (window_ == nullptr) {
        throw WindowError("cannot open a window: " + lastGlfwError());
    }
}

GlfwWindow::~GlfwWindow() {
    glfwDestroyWindow(window_);
}

VkExtent2D GlfwWindow::framebufferExtent() const {
    int width = 0;
    int height = 0;
    glfwGetFramebufferSize(window_, &width, &height);
    return VkExtent2D{static_cast<uint32_t>(std::max(width, 0)), static_cast<uint32_t>(std::max(height, 0))};
}

bool GlfwWindow::closeRequested() const {
    return glfwWindowShouldClose(window_) == GLFW_TRUE;
}

void GlfwWindow::requestClose() const {
    glfwSetWindowShouldClose(window_, GLFW_TRUE);
}

void GlfwWindow::setTitle(const std::string& title) const {
    glfwSetWindowTitle(window_, title.c_str());
}

gpu::Surface GlfwWindow::createSurface(VkInstance instance) const {
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    const VkResult result = glfwCreateWindowSurface(instance, window_, nullptr, &surface);
    gpu::checkResult(result, "glfwCreateWindowSurface");
    return gpu::Surface(instance, surface);
}

}  // namespace app
