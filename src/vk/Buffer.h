// A VkBuffer with its own VkDeviceMemory (no allocator: the project uses a
// handful of large buffers).
#pragma once

#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <span>

namespace vk {

class Device;

enum class MemoryLocation {
    DeviceLocal,   // fastest for the GPU; reach it with uploadToBuffer / downloadFromBuffer
    HostUpload,    // host-visible + coherent, persistently mapped; CPU writes, GPU reads
    HostReadback,  // host-visible + coherent (cached when possible), persistently mapped; GPU writes, CPU reads
};

// Move-only owner of a buffer and its memory. Host-visible buffers stay
// mapped for their whole life (mapped()).
class Buffer {
public:
    Buffer() = default;
    // size > 0. VK_BUFFER_USAGE_TRANSFER_SRC_BIT and _DST_BIT are always
    // added to `usage` so every buffer can be uploaded, downloaded and filled.
    Buffer(const Device& device, VkDeviceSize size, VkBufferUsageFlags usage,
           MemoryLocation location = MemoryLocation::DeviceLocal);
    ~Buffer();
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;
    Buffer(Buffer&& other) noexcept;
    Buffer& operator=(Buffer&& other) noexcept;

    [[nodiscard]] VkBuffer handle() const { return buffer_.get(); }
    [[nodiscard]] VkDeviceSize size() const { return size_; }
    [[nodiscard]] VkBufferUsageFlags usage() const { return usage_; }
    [[nodiscard]] MemoryLocation location() const { return location_; }
    [[nodiscard]] bool isHostVisible() const { return location_ != MemoryLocation::DeviceLocal; }
    // The mapped bytes of a host-visible buffer; empty for DeviceLocal.
    [[nodiscard]] std::span<std::byte> mapped() const { return mapped_; }
    // A VkDescriptorBufferInfo for bytes [offset, offset + range).
    [[nodiscard]] VkDescriptorBufferInfo descriptorInfo(VkDeviceSize offset = 0,
                                                        VkDeviceSize range = VK_WHOLE_SIZE) const;

private:
    void unmap();

    UniqueBuffer buffer_;
    UniqueDeviceMemory memory_;
    VkDeviceSize size_ = 0;
    VkBufferUsageFlags usage_ = 0;
    MemoryLocation location_ = MemoryLocation::DeviceLocal;
    std::span<std::byte> mapped_;
};

// `bytes` bytes of `buffer` from `offset` (what a copy or a read-back takes).
struct BufferRange {
    const Buffer* buffer = nullptr;
    VkDeviceSize offset = 0;
    VkDeviceSize bytes = 0;
};

}  // namespace vk
