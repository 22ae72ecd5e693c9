// Moving bytes between the host and a Buffer. For a DeviceLocal buffer each
// call records a one-shot command buffer (a staging buffer + vkCmdCopyBuffer,
// or vkCmdFillBuffer) with barriers against all earlier and later GPU work,
// submits it and waits (Device::submitAndWait). Host-visible buffers are read
// and written through their mapping, without GPU work: the caller makes sure
// the GPU is not using those bytes, and that GPU writes to a HostReadback
// buffer were followed by a barrier to (HOST, HOST_READ) and a fence wait.
// fillBuffer always runs on the GPU.
#pragma once

#include "vk/Buffer.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vk {

class Device;

// Writes `bytes` to buffer bytes [offset, offset + bytes.size()).
// Throws vk::Error when that range is outside the buffer.
void uploadToBuffer(Device& device, const Buffer& buffer, std::span<const std::byte> bytes, VkDeviceSize offset = 0);

// Reads buffer bytes [offset, offset + size). Throws vk::Error when that
// range is outside the buffer.
std::vector<std::byte> downloadFromBuffer(Device& device, const Buffer& buffer, VkDeviceSize offset, VkDeviceSize size);

// Sets every 32-bit word of bytes [offset, offset + size) to `value`
// (vkCmdFillBuffer: offset and size multiples of 4, or size VK_WHOLE_SIZE).
void fillBuffer(Device& device, const Buffer& buffer, uint32_t value, VkDeviceSize offset = 0,
                VkDeviceSize size = VK_WHOLE_SIZE);

// Typed conveniences.
template <typename T>
void uploadToBuffer(Device& device, const Buffer& buffer, std::span<const T> values, VkDeviceSize offset = 0)
{
    uploadToBuffer(device, buffer, std::as_bytes(values), offset);
}

template <typename T>
std::vector<T> downloadFromBufferAs(Device& device, const Buffer& buffer, VkDeviceSize offset, size_t count)
{
    const std::vector<std::byte> bytes = downloadFromBuffer(device, buffer, offset, count * sizeof(T));
    std::vector<T> values(count);
    std::copy(bytes.begin(), bytes.end(), std::as_writable_bytes(std::span<T>(values)).begin());
    return values;
}

}  // namespace vk
