#include "app/WindowFrameSlot.h"

#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Swapchain.h"

namespace app {

void submitWindowFrame(const vk::Device& device, const WindowFrameSlot& slot, const vk::Swapchain& swapchain,
                       uint32_t imageIndex)
{
    const VkSemaphore wait = slot.imageAvailable.handle();
    const VkPipelineStageFlags waitStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    const VkSemaphore signal = swapchain.renderFinishedSemaphore(imageIndex);
    VkSubmitInfo info{};
    info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    info.waitSemaphoreCount = 1;
    info.pWaitSemaphores = &wait;
    info.pWaitDstStageMask = &waitStage;
    info.commandBufferCount = 1;
    info.pCommandBuffers = &slot.commands;
    info.signalSemaphoreCount = 1;
    info.pSignalSemaphores = &signal;
    VK_CHECK(vkQueueSubmit(device.queue(), 1, &info, slot.inFlight.handle()));
}

}  // namespace app
