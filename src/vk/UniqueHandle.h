// Move-only owners of Vulkan handles that are destroyed through a VkDevice
// (vkDestroyBuffer, vkFreeMemory, ...). Every RAII class in src/vk holds its
// handles in these, so destruction order is member order reversed.
//
// The VkDevice a handle was created from must outlive the handle.
#pragma once

#include <vulkan/vulkan.h>

#include <utility>

namespace vk {

// Owns `handle`, created from `device`; calls Destroy(device, handle, nullptr)
// when destroyed or reset. Destroy is a function such as vkDestroyBuffer.
template <typename Handle, auto Destroy>
class UniqueDeviceHandle {
public:
    UniqueDeviceHandle() = default;
    UniqueDeviceHandle(VkDevice device, Handle handle) : device_(device), handle_(handle) {}
    ~UniqueDeviceHandle() { reset(); }

    UniqueDeviceHandle(const UniqueDeviceHandle&) = delete;
    UniqueDeviceHandle& operator=(const UniqueDeviceHandle&) = delete;
    UniqueDeviceHandle(UniqueDeviceHandle&& other) noexcept
        : device_(std::exchange(other.device_, VK_NULL_HANDLE)),
          handle_(std::exchange(other.handle_, VK_NULL_HANDLE))
    {
    }
    UniqueDeviceHandle& operator=(UniqueDeviceHandle&& other) noexcept
    {
        if (this != &other) {
            reset();
            device_ = std::exchange(other.device_, VK_NULL_HANDLE);
            handle_ = std::exchange(other.handle_, VK_NULL_HANDLE);
        }
        return *this;
    }

    // Destroys the owned handle now (no-op when empty).
    void reset()
    {
        if (handle_ != VK_NULL_HANDLE) {
            Destroy(device_, handle_, nullptr);
        }
        handle_ = VK_NULL_HANDLE;
    }

    [[nodiscard]] Handle get() const { return handle_; }
    [[nodiscard]] VkDevice device() const { return device_; }
    explicit operator bool() const { return handle_ != VK_NULL_HANDLE; }

private:
    VkDevice device_ = VK_NULL_HANDLE;
    Handle handle_ = VK_NULL_HANDLE;
};

using UniqueBuffer = UniqueDeviceHandle<VkBuffer, vkDestroyBuffer>;
using UniqueDeviceMemory = UniqueDeviceHandle<VkDeviceMemory, vkFreeMemory>;
using UniqueImage = UniqueDeviceHandle<VkImage, vkDestroyImage>;
using UniqueImageView = UniqueDeviceHandle<VkImageView, vkDestroyImageView>;
using UniqueSampler = UniqueDeviceHandle<VkSampler, vkDestroySampler>;
using UniqueShaderModule = UniqueDeviceHandle<VkShaderModule, vkDestroyShaderModule>;
using UniqueDescriptorSetLayout = UniqueDeviceHandle<VkDescriptorSetLayout, vkDestroyDescriptorSetLayout>;
using UniqueDescriptorPool = UniqueDeviceHandle<VkDescriptorPool, vkDestroyDescriptorPool>;
using UniquePipelineLayout = UniqueDeviceHandle<VkPipelineLayout, vkDestroyPipelineLayout>;
using UniquePipeline = UniqueDeviceHandle<VkPipeline, vkDestroyPipeline>;
using UniqueCommandPool = UniqueDeviceHandle<VkCommandPool, vkDestroyCommandPool>;
using UniqueFence = UniqueDeviceHandle<VkFence, vkDestroyFence>;
using UniqueSemaphore = UniqueDeviceHandle<VkSemaphore, vkDestroySemaphore>;
using UniqueQueryPool = UniqueDeviceHandle<VkQueryPool, vkDestroyQueryPool>;

}  // namespace vk
