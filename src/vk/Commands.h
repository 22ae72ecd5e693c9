// RAII command pools, fences and semaphores.
#pragma once

#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <limits>
#include <vector>

namespace vk {

class Device;

// A VkCommandPool on the device's queue family. Command buffers allocated
// from it are freed with it.
class CommandPool {
public:
    CommandPool() = default;
    // flags default: command buffers can be reset one by one.
    explicit CommandPool(const Device& device,
                         VkCommandPoolCreateFlags flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT);

    [[nodiscard]] VkCommandPool handle() const { return pool_.get(); }
    [[nodiscard]] VkCommandBuffer allocate(VkCommandBufferLevel level = VK_COMMAND_BUFFER_LEVEL_PRIMARY) const;
    [[nodiscard]] std::vector<VkCommandBuffer> allocate(
        uint32_t count, VkCommandBufferLevel level = VK_COMMAND_BUFFER_LEVEL_PRIMARY) const;
    // Resets every command buffer of the pool (none may be pending).
    void reset() const;

private:
    UniqueCommandPool pool_;
};

// vkBeginCommandBuffer / vkEndCommandBuffer with error checks.
void beginCommandBuffer(VkCommandBuffer commands,
                        VkCommandBufferUsageFlags flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT);
void endCommandBuffer(VkCommandBuffer commands);

class Fence {
public:
    Fence() = default;
    explicit Fence(const Device& device, bool signaled = false);

    [[nodiscard]] VkFence handle() const { return fence_.get(); }
    // Blocks until signaled; returns false if `timeoutNs` passed first.
    bool wait(uint64_t timeoutNs = std::numeric_limits<uint64_t>::max()) const;
    [[nodiscard]] bool isSignaled() const;
    void reset() const;

private:
    UniqueFence fence_;
};

// A binary semaphore.
class Semaphore {
public:
    Semaphore() = default;
    explicit Semaphore(const Device& device);

    [[nodiscard]] VkSemaphore handle() const { return semaphore_.get(); }

private:
    UniqueSemaphore semaphore_;
};

}  // namespace vk
