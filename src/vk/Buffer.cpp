#include "vk/Buffer.h"

#include "vk/Device.h"
#include "vk/Error.h"

#include <utility>

namespace vk {

Buffer::Buffer(const Device& device, VkDeviceSize size, VkBufferUsageFlags usage, MemoryLocation location)
    : size_(size),
      usage_(usage | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT),
      location_(location)
{
    if (size == 0) {
        throw Error("vk::Buffer: size must be greater than 0");
    }
    VkBufferCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
    info.size = size;
    info.usage = usage_;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    VkBuffer buffer = VK_NULL_HANDLE;
    VK_CHECK(vkCreateBuffer(device.handle(), &info, nullptr, &buffer));
    buffer_ = UniqueBuffer(device.handle(), buffer);

    VkMemoryRequirements requirements{};
    vkGetBufferMemoryRequirements(device.handle(), buffer, &requirements);
    VkMemoryPropertyFlags required = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
    VkMemoryPropertyFlags preferred = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
    switch (location) {
        case MemoryLocation::DeviceLocal: break;
        case MemoryLocation::HostUpload:
            // Prefer memory the GPU reads fast (resizable BAR) when there is some.
            required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
            preferred = required;
            break;
        case MemoryLocation::HostReadback:
            required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
            preferred = required | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
            break;
    }
    const uint32_t memoryType =
        location == MemoryLocation::DeviceLocal
            ? device.findMemoryType(requirements.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)
            : device.findMemoryType(requirements.memoryTypeBits, required, preferred);

    VkMemoryAllocateInfo allocateInfo{};
    allocateInfo.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
    allocateInfo.allocationSize = requirements.size;
    allocateInfo.memoryTypeIndex = memoryType;
    VkDeviceMemory memory = VK_NULL_HANDLE;
    VK_CHECK(vkAllocateMemory(device.handle(), &allocateInfo, nullptr, &memory));
    memory_ = UniqueDeviceMemory(device.handle(), memory);
    VK_CHECK(vkBindBufferMemory(device.handle(), buffer, memory, 0));

    if (location != MemoryLocation::DeviceLocal) {
        void* pointer = nullptr;
        VK_CHECK(vkMapMemory(device.handle(), memory, 0, VK_WHOLE_SIZE, 0, &pointer));
        mapped_ = std::span<std::byte>(static_cast<std::byte*>(pointer), static_cast<size_t>(size));
    }
}

Buffer::~Buffer()
{
    unmap();
}

Buffer::Buffer(Buffer&& other) noexcept
    : buffer_(std::move(other.buffer_)),
      memory_(std::move(other.memory_)),
      size_(std::exchange(other.size_, 0)),
      usage_(std::exchange(other.usage_, 0u)),
      location_(other.location_),
      mapped_(std::exchange(other.mapped_, {}))
{
}

Buffer& Buffer::operator=(Buffer&& other) noexcept
{
    if (this != &other) {
        unmap();
        buffer_ = std::move(other.buffer_);
        memory_ = std::move(other.memory_);
        size_ = std::exchange(other.size_, 0);
        usage_ = std::exchange(other.usage_, 0u);
        location_ = other.location_;
        mapped_ = std::exchange(other.mapped_, {});
    }
    return *this;
}

void Buffer::unmap()
{
    if (!mapped_.empty() && memory_) {
        vkUnmapMemory(memory_.device(), memory_.get());
    }
    mapped_ = {};
}

VkDescriptorBufferInfo Buffer::descriptorInfo(VkDeviceSize offset, VkDeviceSize range) const
{
    return VkDescriptorBufferInfo{buffer_.get(), offset, range};
}

}  // namespace vk
