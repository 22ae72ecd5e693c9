// Descriptor set layouts, pools, and a writer that binds buffers and images
// to a set.
#pragma once

#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>
#include <vector>

namespace vk {

class Buffer;
class Device;

struct DescriptorBinding {
    uint32_t binding = 0;
    VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    VkShaderStageFlags stages = VK_SHADER_STAGE_COMPUTE_BIT;
    uint32_t count = 1;
};

class DescriptorSetLayout {
public:
    DescriptorSetLayout() = default;
    DescriptorSetLayout(const Device& device, std::span<const DescriptorBinding> bindings);

    [[nodiscard]] VkDescriptorSetLayout handle() const { return layout_.get(); }
    [[nodiscard]] const std::vector<DescriptorBinding>& bindings() const { return bindings_; }

private:
    UniqueDescriptorSetLayout layout_;
    std::vector<DescriptorBinding> bindings_;
};

// A pool for `maxSets` sets holding at most `sizes` descriptors in total.
// Sets are freed all at once by reset() or the destructor.
class DescriptorPool {
public:
    DescriptorPool() = default;
    DescriptorPool(const Device& device, uint32_t maxSets, std::span<const VkDescriptorPoolSize> sizes);
    // Convenience: room for `setCount` sets of `layout`.
    DescriptorPool(const Device& device, const DescriptorSetLayout& layout, uint32_t setCount);

    [[nodiscard]] VkDescriptorPool handle() const { return pool_.get(); }
    [[nodiscard]] VkDescriptorSet allocate(const DescriptorSetLayout& layout) const;
    void reset() const;

private:
    UniqueDescriptorPool pool_;
};

// Collects descriptor writes, then applies them with update():
//   DescriptorWriter().storageBuffer(0, input).storageBuffer(1, output).update(device, set);
class DescriptorWriter {
public:
    DescriptorWriter& storageBuffer(uint32_t binding, const Buffer& buffer, VkDeviceSize offset = 0,
                                    VkDeviceSize range = VK_WHOLE_SIZE);
    DescriptorWriter& uniformBuffer(uint32_t binding, const Buffer& buffer, VkDeviceSize offset = 0,
                                    VkDeviceSize range = VK_WHOLE_SIZE);
    DescriptorWriter& combinedImageSampler(uint32_t binding, VkImageView view, VkSampler sampler,
                                           VkImageLayout layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    DescriptorWriter& storageImage(uint32_t binding, VkImageView view, VkImageLayout layout = VK_IMAGE_LAYOUT_GENERAL);
    // Array element `arrayElement` of `binding` instead of element 0.
    DescriptorWriter& atArrayElement(uint32_t arrayElement);

    // vkUpdateDescriptorSets with everything collected; the writer can be
    // reused for another set afterwards.
    void update(const Device& device, VkDescriptorSet set) const;

private:
    struct PendingWrite {
        uint32_t binding;
        uint32_t arrayElement;
        VkDescriptorType type;
        size_t infoIndex;  // into bufferInfos_ or imageInfos_
    };
    DescriptorWriter& addBuffer(uint32_t binding, VkDescriptorType type, VkDescriptorBufferInfo info);
    DescriptorWriter& addImage(uint32_t binding, VkDescriptorType type, VkDescriptorImageInfo info);

    std::vector<PendingWrite> writes_;
    std::vector<VkDescriptorBufferInfo> bufferInfos_;
    std::vector<VkDescriptorImageInfo> imageInfos_;
    uint32_t nextArrayElement_ = 0;
};

}  // namespace vk
