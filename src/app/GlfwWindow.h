// GLFW: the library's lifetime, one window without a client API (Vulkan
// draws into it) and its Vulkan surface.
#pragma once

#include "viewer/CommandLine.h"
#include "vk/Surface.h"

#include <vulkan/vulkan.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

struct GLFWwindow;

namespace app {

// The window could not be opened; what() is one line.
class WindowError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// glfwInit / glfwTerminate. Throws WindowError "cannot open a window: no
// display (set DISPLAY or use --headless)" when there is no display.
class GlfwLibrary {
public:
    GlfwLibrary();
    ~GlfwLibrary();
    GlfwLibrary(const GlfwLibrary&) = delete;
    GlfwLibrary& operator=(const GlfwLibrary&) = delete;

    // The instance extensions a window surface needs.
    [[nodiscard]] std::vector<const char*> requiredInstanceExtensions() const;
};

class GlfwWindow {
public:
    GlfwWindow(const GlfwLibrary& library, viewer::PixelSize size, const std::string& title);
    ~GlfwWindow();
    GlfwWindow(const GlfwWindow&) = delete;
    GlfwWindow& operator=(const GlfwWindow&) = delete;

    [[nodiscard]] GLFWwindow* handle() const { return window_; }
    // Framebuffer size in pixels (0 x 0 while minimised).
    [[nodiscard]] VkExtent2D framebufferExtent() const;
    [[nodiscard]] bool closeRequested() const;
    void requestClose() const;
    void setTitle(const std::string& title) const;
    // Asks for a framebuffer of `pixels` (the window's size in screen
    // coordinates scaled by its current pixels per coordinate) and handles
    // events until the window has that size, or `limit` passed (a window
    // manager may refuse or clamp it). Returns the framebuffer size then.
    VkExtent2D resizeFramebuffer(VkExtent2D pixels, std::chrono::milliseconds limit) const;

    // A Vulkan surface for the window, owned by the returned object.
    [[nodiscard]] vk::Surface createSurface(VkInstance instance) const;

private:
    GLFWwindow* window_ = nullptr;
};

}  // namespace app
