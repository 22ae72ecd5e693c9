#include "vk/BufferTransfer.h"

#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace vk {
namespace {

// Every stage / access of work before and after a transfer, so one-shot
// copies are ordered against whatever the caller submitted around them.
constexpr VkPipelineStageFlags2 kAnyStage = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
constexpr VkAccessFlags2 kAnyAccess = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;

void checkRange(const Buffer& buffer, VkDeviceSize offset, VkDeviceSize size, const char* operation)
{
    if (offset > buffer.size() || size > buffer.size() - offset) {
        throw Error(std::string(operation) + ": bytes [" + std::to_string(offset) + ", " +
                    std::to_string(offset + size) + ") are outside the " + std::to_string(buffer.size()) +
                    "-byte buffer");
    }
}

}  // namespace

void uploadToBuffer(Device& device, const Buffer& buffer, std::span<const std::byte> bytes, VkDeviceSize offset)
{
    checkRange(buffer, offset, bytes.size(), "uploadToBuffer");
    if (bytes.empty()) {
        return;
    }
    if (buffer.isHostVisible()) {
        std::memcpy(buffer.mapped().data() + offset, bytes.data(), bytes.size());
        return;
    }
    const Buffer staging(device, bytes.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT, MemoryLocation::HostUpload);
    std::memcpy(staging.mapped().data(), bytes.data(), bytes.size());
    device.submitAndWait([&](VkCommandBuffer commands) {
        bufferBarrier(device, commands, buffer, kAnyStage, kAnyAccess, VK_PIPELINE_STAGE_2_COPY_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT, offset, bytes.size());
        const VkBufferCopy region{0, offset, bytes.size()};
        vkCmdCopyBuffer(commands, staging.handle(), buffer.handle(), 1, &region);
        bufferBarrier(device, commands, buffer, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, kAnyStage,
                      kAnyAccess, offset, bytes.size());
    });
}

std::vector<std::byte> downloadFromBuffer(Device& device, const Buffer& buffer, VkDeviceSize offset, VkDeviceSize size)
{
    checkRange(buffer, offset, size, "downloadFromBuffer");
    std::vector<std::byte> bytes(static_cast<size_t>(size));
    if (size == 0) {
        return bytes;
    }
    if (buffer.isHostVisible()) {
        std::memcpy(bytes.data(), buffer.mapped().data() + offset, bytes.size());
        return bytes;
    }
    const Buffer staging(device, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryLocation::HostReadback);
    device.submitAndWait([&](VkCommandBuffer commands) {
        bufferBarrier(device, commands, buffer, kAnyStage, VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                      VK_ACCESS_2_TRANSFER_READ_BIT, offset, size);
        const VkBufferCopy region{offset, 0, size};
        vkCmdCopyBuffer(commands, buffer.handle(), staging.handle(), 1, &region);
        bufferBarrier(device, commands, staging, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
        // Later work that overwrites the source waits for this read.
        bufferBarrier(device, commands, buffer, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE, kAnyStage,
                      VK_ACCESS_2_NONE, offset, size);
    });
    std::memcpy(bytes.data(), staging.mapped().data(), bytes.size());
    return bytes;
}

void fillBuffer(Device& device, const Buffer& buffer, uint32_t value, VkDeviceSize offset, VkDeviceSize size)
{
    const VkDeviceSize checkedSize = size == VK_WHOLE_SIZE ? buffer.size() - std::min(offset, buffer.size()) : size;
    checkRange(buffer, offset, checkedSize, "fillBuffer");
    if (offset % 4 != 0 || (size != VK_WHOLE_SIZE && size % 4 != 0)) {
        throw Error("fillBuffer: offset and size must be multiples of 4");
    }
    if (checkedSize == 0) {
        return;
    }
    device.submitAndWait([&](VkCommandBuffer commands) {
        // vkCmdFillBuffer is a transfer command (all-transfer stage).
        bufferBarrier(device, commands, buffer, kAnyStage, kAnyAccess, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT, offset, size);
        vkCmdFillBuffer(commands, buffer.handle(), offset, size, value);
        // Host-visible buffers are read through their mapping afterwards.
        bufferBarrier(device, commands, buffer, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      kAnyStage | VK_PIPELINE_STAGE_2_HOST_BIT, kAnyAccess | VK_ACCESS_2_HOST_READ_BIT, offset, size);
    });
}

}  // namespace vk
