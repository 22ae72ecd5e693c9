// Shader modules, pipeline layouts and compute pipelines.
#pragma once

#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>
#include <vector>

namespace vk {

class Device;

class ShaderModule {
public:
    ShaderModule() = default;
    ShaderModule(const Device& device, std::span<const uint32_t> spirv);

    [[nodiscard]] VkShaderModule handle() const { return module_.get(); }

private:
    UniqueShaderModule module_;
};

class PipelineLayout {
public:
    PipelineLayout() = default;
    PipelineLayout(const Device& device, std::span<const VkDescriptorSetLayout> setLayouts,
                   std::span<const VkPushConstantRange> pushConstantRanges = {});
    // Convenience: one set layout and (when pushConstantBytes > 0) one push
    // constant range [0, pushConstantBytes) visible to `pushConstantStages`.
    PipelineLayout(const Device& device, VkDescriptorSetLayout setLayout, uint32_t pushConstantBytes = 0,
                   VkShaderStageFlags pushConstantStages = VK_SHADER_STAGE_COMPUTE_BIT);

    [[nodiscard]] VkPipelineLayout handle() const { return layout_.get(); }

private:
    UniquePipelineLayout layout_;
};

// A 32-bit specialization constant (layout(constant_id = id)). For a bool
// store 0/1, for an int static_cast<uint32_t>, for a float std::bit_cast.
struct SpecializationConstant {
    uint32_t id = 0;
    uint32_t value = 0;
};

class ComputePipeline {
public:
    ComputePipeline() = default;
    ComputePipeline(const Device& device, const PipelineLayout& layout, const ShaderModule& module,
                    std::span<const SpecializationConstant> constants = {}, const char* entryPoint = "main");
    // Creates a temporary ShaderModule from `spirv`.
    ComputePipeline(const Device& device, const PipelineLayout& layout, std::span<const uint32_t> spirv,
                    std::span<const SpecializationConstant> constants = {}, const char* entryPoint = "main");

    [[nodiscard]] VkPipeline handle() const { return pipeline_.get(); }
    [[nodiscard]] VkPipelineLayout layout() const { return layout_; }

    // vkCmdBindPipeline(COMPUTE).
    void bind(VkCommandBuffer commands) const;

private:
    UniquePipeline pipeline_;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
};

// Builds a VkSpecializationInfo over `entries` and `data` (kept by the
// caller) — also useful for graphics pipelines.
struct SpecializationData {
    explicit SpecializationData(std::span<const SpecializationConstant> constants);
    [[nodiscard]] const VkSpecializationInfo* info() const { return entries.empty() ? nullptr : &specializationInfo; }

    std::vector<VkSpecializationMapEntry> entries;
    std::vector<uint32_t> values;
    VkSpecializationInfo specializationInfo{};

    SpecializationData(const SpecializationData&) = delete;
    SpecializationData& operator=(const SpecializationData&) = delete;
};

}  // namespace vk
