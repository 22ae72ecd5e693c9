#include "vk/Descriptors.h"

#include "vk/Buffer.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <map>
#include <utility>

namespace vk {

DescriptorSetLayout::DescriptorSetLayout(const Device& device, std::span<const DescriptorBinding> bindings)
    : bindings_(bindings.begin(), bindings.end())
{
    std::vector<VkDescriptorSetLayoutBinding> vulkanBindings;
    for (const DescriptorBinding& binding : bindings) {
        vulkanBindings.push_back(
            VkDescriptorSetLayoutBinding{binding.binding, binding.type, binding.count, binding.stages, nullptr});
    }
    VkDescriptorSetLayoutCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
    info.bindingCount = static_cast<uint32_t>(vulkanBindings.size());
    info.pBindings = vulkanBindings.data();
    VkDescriptorSetLayout layout = VK_NULL_HANDLE;
    VK_CHECK(vkCreateDescriptorSetLayout(device.handle(), &info, nullptr, &layout));
    layout_ = UniqueDescriptorSetLayout(device.handle(), layout);
}

DescriptorPool::DescriptorPool(const Device& device, uint32_t maxSets, std::span<const VkDescriptorPoolSize> sizes)
{
    VkDescriptorPoolCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
    info.maxSets = maxSets;
    info.poolSizeCount = static_cast<uint32_t>(sizes.size());
    info.pPoolSizes = sizes.data();
    VkDescriptorPool pool = VK_NULL_HANDLE;
    VK_CHECK(vkCreateDescriptorPool(device.handle(), &info, nullptr, &pool));
    pool_ = UniqueDescriptorPool(device.handle(), pool);
}

DescriptorPool::DescriptorPool(const Device& device, const DescriptorSetLayout& layout, uint32_t setCount)
{
    std::map<VkDescriptorType, uint32_t> counts;
    for (const DescriptorBinding& binding : layout.bindings()) {
        counts[binding.type] += binding.count * setCount;
    }
    std::vector<VkDescriptorPoolSize> sizes;
    for (const auto& [type, count] : counts) {
        sizes.push_back(VkDescriptorPoolSize{type, count});
    }
    *this = DescriptorPool(device, setCount, sizes);
}

VkDescriptorSet DescriptorPool::allocate(const DescriptorSetLayout& layout) const
{
    const VkDescriptorSetLayout layoutHandle = layout.handle();
    VkDescriptorSetAllocateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
    info.descriptorPool = pool_.get();
    info.descriptorSetCount = 1;
    info.pSetLayouts = &layoutHandle;
    VkDescriptorSet set = VK_NULL_HANDLE;
    VK_CHECK(vkAllocateDescriptorSets(pool_.device(), &info, &set));
    return set;
}

void DescriptorPool::reset() const
{
    VK_CHECK(vkResetDescriptorPool(pool_.device(), pool_.get(), 0));
}

DescriptorWriter& DescriptorWriter::storageBuffer(uint32_t binding, const Buffer& buffer, VkDeviceSize offset,
                                                  VkDeviceSize range)
{
    return addBuffer(binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, buffer.descriptorInfo(offset, range));
}

DescriptorWriter& DescriptorWriter::uniformBuffer(uint32_t binding, const Buffer& buffer, VkDeviceSize offset,
                                                  VkDeviceSize range)
{
    return addBuffer(binding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, buffer.descriptorInfo(offset, range));
}

DescriptorWriter& DescriptorWriter::combinedImageSampler(uint32_t binding, VkImageView view, VkSampler sampler,
                                                         VkImageLayout layout)
{
    return addImage(binding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VkDescriptorImageInfo{sampler, view, layout});
}

DescriptorWriter& DescriptorWriter::storageImage(uint32_t binding, VkImageView view, VkImageLayout layout)
{
    return addImage(binding, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VkDescriptorImageInfo{VK_NULL_HANDLE, view, layout});
}

DescriptorWriter& DescriptorWriter::atArrayElement(uint32_t arrayElement)
{
    nextArrayElement_ = arrayElement;
    return *this;
}

DescriptorWriter& DescriptorWriter::addBuffer(uint32_t binding, VkDescriptorType type, VkDescriptorBufferInfo info)
{
    writes_.push_back(PendingWrite{binding, std::exchange(nextArrayElement_, 0u), type, bufferInfos_.size()});
    bufferInfos_.push_back(info);
    return *this;
}

DescriptorWriter& DescriptorWriter::addImage(uint32_t binding, VkDescriptorType type, VkDescriptorImageInfo info)
{
    writes_.push_back(PendingWrite{binding, std::exchange(nextArrayElement_, 0u), type, imageInfos_.size()});
    imageInfos_.push_back(info);
    return *this;
}

void DescriptorWriter::update(const Device& device, VkDescriptorSet set) const
{
    std::vector<VkWriteDescriptorSet> writes;
    writes.reserve(writes_.size());
    for (const PendingWrite& pending : writes_) {
        VkWriteDescriptorSet write{};
        write.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
        write.dstSet = set;
        write.dstBinding = pending.binding;
        write.dstArrayElement = pending.arrayElement;
        write.descriptorCount = 1;
        write.descriptorType = pending.type;
        const bool isImage = pending.type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ||
                             pending.type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
        if (isImage) {
            write.pImageInfo = &imageInfos_[pending.infoIndex];
        } else {
            write.pBufferInfo = &bufferInfos_[pending.infoIndex];
        }
        writes.push_back(write);
    }
    vkUpdateDescriptorSets(device.handle(), static_cast<uint32_t>(writes.size()), writes.data(), 0, nullptr);
}

}  // namespace vk
