#include "vk/Surface.h"

#include <utility>

namespace vk {

Surface::Surface(VkInstance instance, VkSurfaceKHR surface) : instance_(instance), surface_(surface) {}

Surface::~Surface()
{
    destroy();
}

Surface::Surface(Surface&& other) noexcept
    : instance_(std::exchange(other.instance_, VK_NULL_HANDLE)),
      surface_(std::exchange(other.surface_, VK_NULL_HANDLE))
{
}

Surface& Surface::operator=(Surface&& other) noexcept
{
    if (this != &other) {
        destroy();
        instance_ = std::exchange(other.instance_, VK_NULL_HANDLE);
        surface_ = std::exchange(other.surface_, VK_NULL_HANDLE);
    }
    return *this;
}

void Surface::destroy()
{
    if (surface_ != VK_NULL_HANDLE) {
        vkDestroySurfaceKHR(instance_, surface_, nullptr);
    }
    surface_ = VK_NULL_HANDLE;
}

}  // namespace vk
