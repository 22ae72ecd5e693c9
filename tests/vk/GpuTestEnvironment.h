// Shared GoogleTest fixture for tests that use the GPU: a Vulkan instance
// with the validation layer (synchronization validation on) and a device.
// TearDown fails the test if the layer reported any WARNING or ERROR, and
// prints what it reported.
//
// The device is chosen by the environment variable CBT_TEST_DEVICE (a
// selector for vk::choosePhysicalDevice) or, when unset, the best one.
#pragma once

#include "vk/Descriptors.h"
#include "vk/Device.h"
#include "vk/Instance.h"
#include "vk/Pipeline.h"
#include "vk/ShaderCompiler.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vk::test {

// The selector from CBT_TEST_DEVICE ("" when unset).
std::string testDeviceSelector();

// Fails the current test (EXPECT) listing `messages` when there are any.
void expectNoValidationMessages(const std::vector<std::string>& messages);

// True when one of `messages` contains `fragment`.
bool containsMessage(const std::vector<std::string>& messages, std::string_view fragment);

// A compute pipeline with one descriptor set (allocated) and optional push
// constants: what a test needs to run one shader.
struct ComputeProgram {
    ComputeProgram(const Device& device, std::span<const uint32_t> spirv, std::span<const DescriptorBinding> bindings,
                   uint32_t pushConstantBytes, std::span<const SpecializationConstant> constants = {});

    // Binds the pipeline and the set, for a vkCmdDispatch.
    void bind(VkCommandBuffer commands) const;

    DescriptorSetLayout setLayout;
    PipelineLayout pipelineLayout;
    ComputePipeline pipeline;
    DescriptorPool pool;
    VkDescriptorSet set = VK_NULL_HANDLE;
};

class GpuTest : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;

    [[nodiscard]] Instance& instance() { return *instance_; }
    [[nodiscard]] Device& device() { return *device_; }
    // Compiles from the project's shader root (CBT_SHADER_DIR).
    [[nodiscard]] const ShaderCompiler& shaderCompiler() { return *compiler_; }

private:
    std::optional<Instance> instance_;
    std::optional<Device> device_;
    std::optional<ShaderCompiler> compiler_;
};

}  // namespace vk::test
