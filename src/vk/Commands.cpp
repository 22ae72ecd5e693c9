#include "vk/Commands.h"

#include "vk/Device.h"
#include "vk/Error.h"

namespace vk {

CommandPool::CommandPool(const Device& device, VkCommandPoolCreateFlags flags)
{
    VkCommandPoolCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
    info.flags = flags;
    info.queueFamilyIndex = device.queueFamilyIndex();
    VkCommandPool pool = VK_NULL_HANDLE;
    VK_CHECK(vkCreateCommandPool(device.handle(), &info, nullptr, &pool));
    pool_ = UniqueCommandPool(device.handle(), pool);
}

VkCommandBuffer CommandPool::allocate(VkCommandBufferLevel level) const
{
    return allocate(1, level).front();
}

std::vector<VkCommandBuffer> CommandPool::allocate(uint32_t count, VkCommandBufferLevel level) const
{
    VkCommandBufferAllocateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
    info.commandPool = pool_.get();
    info.level = level;
    info.commandBufferCount = count;
    std::vector<VkCommandBuffer> buffers(count);
    VK_CHECK(vkAllocateCommandBuffers(pool_.device(), &info, buffers.data()));
    return buffers;
}

void CommandPool::reset() const
{
    VK_CHECK(vkResetCommandPool(pool_.device(), pool_.get(), 0));
}

void beginCommandBuffer(VkCommandBuffer commands, VkCommandBufferUsageFlags flags)
{
    VkCommandBufferBeginInfo info{};
    info.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
    info.flags = flags;
    VK_CHECK(vkBeginCommandBuffer(commands, &info));
}

void endCommandBuffer(VkCommandBuffer commands)
{
    VK_CHECK(vkEndCommandBuffer(commands));
}

Fence::Fence(const Device& device, bool signaled)
{
    VkFenceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
    info.flags = signaled ? VkFenceCreateFlags{VK_FENCE_CREATE_SIGNALED_BIT} : VkFenceCreateFlags{0};
    VkFence fence = VK_NULL_HANDLE;
    VK_CHECK(vkCreateFence(device.handle(), &info, nullptr, &fence));
    fence_ = UniqueFence(device.handle(), fence);
}

bool Fence::wait(uint64_t timeoutNs) const
{
    const VkFence fence = fence_.get();
    const VkResult result = vkWaitForFences(fence_.device(), 1, &fence, VK_TRUE, timeoutNs);
    if (result == VK_TIMEOUT) {
        return false;
    }
    checkResult(result, "vkWaitForFences");
    return true;
}

bool Fence::isSignaled() const
{
    const VkResult result = vkGetFenceStatus(fence_.device(), fence_.get());
    if (result == VK_NOT_READY) {
        return false;
    }
    checkResult(result, "vkGetFenceStatus");
    return true;
}

void Fence::reset() const
{
    const VkFence fence = fence_.get();
    VK_CHECK(vkResetFences(fence_.device(), 1, &fence));
}

Semaphore::Semaphore(const Device& device)
{
    VkSemaphoreCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO;
    VkSemaphore semaphore = VK_NULL_HANDLE;
    VK_CHECK(vkCreateSemaphore(device.handle(), &info, nullptr, &semaphore));
    semaphore_ = UniqueSemaphore(device.handle(), semaphore);
}

}  // namespace vk
