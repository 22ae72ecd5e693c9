// Owner of a VkSurfaceKHR (made by the windowing library, e.g.
// glfwCreateWindowSurface, and adopted here).
#pragma once

#include <vulkan/vulkan.h>

namespace vk {

// Move-only; the VkInstance must outlive it, and every swapchain made on
// the surface must be destroyed first.
class Surface {
public:
    Surface() = default;
    // Takes ownership of `surface`, created from `instance`.
    Surface(VkInstance instance, VkSurfaceKHR surface);
    ~Surface();
    Surface(const Surface&) = delete;
    Surface& operator=(const Surface&) = delete;
    Surface(Surface&& other) noexcept;
    Surface& operator=(Surface&& other) noexcept;

    [[nodiscard]] VkSurfaceKHR handle() const { return surface_; }

private:
    void destroy();

    VkInstance instance_ = VK_NULL_HANDLE;
    VkSurfaceKHR surface_ = VK_NULL_HANDLE;
};

}  // namespace vk
