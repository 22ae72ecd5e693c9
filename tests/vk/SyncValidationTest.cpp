// Synchronization validation is really on: a missing barrier between two
// dispatches is a SYNC-HAZARD, and the barrier helpers (sync2 and the 1.0
// fallback) remove it.
#include "GpuTestEnvironment.h"

#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/Commands.h"

#include <gtest/gtest.h>

#include <array>

namespace vk::test {
namespace {

constexpr const char* kCopyShader =
    "#version 460\nlayout(local_size_x = 64) in;\n"
    "layout(std430, binding = 0) readonly buffer In { uint a[]; };\n"
    "layout(std430, binding = 1) writeonly buffer Out { uint b[]; };\n"
    "void main() { b[gl_GlobalInvocationID.x] = a[gl_GlobalInvocationID.x] + 1u; }\n";

constexpr std::array kBindings = {
    DescriptorBinding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    DescriptorBinding{1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
};

// Records  dispatch (first -> middle), [barrier on middle], dispatch (middle -> last)
// into a fresh command buffer, without submitting it, and returns the
// validation messages that produced.
std::vector<std::string> recordChainedDispatches(Instance& instance, Device& device, bool withBarrier)
{
    const std::vector<uint32_t> spirv =
        ShaderCompiler(shaderSourceDirectory()).compileSource(kCopyShader, "copy.comp", ShaderStage::Compute);
    const ComputeKernel writeMiddle(device, spirv, kBindings, 0);
    const ComputeKernel readMiddle(device, spirv, kBindings, 0);
    const Buffer first(device, 64 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const Buffer middle(device, 64 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const Buffer last(device, 64 * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    DescriptorWriter().storageBuffer(0, first).storageBuffer(1, middle).update(device, writeMiddle.descriptorSet());
    DescriptorWriter().storageBuffer(0, middle).storageBuffer(1, last).update(device, readMiddle.descriptorSet());

    const CommandPool pool(device);
    const VkCommandBuffer commands = pool.allocate();
    instance.clearValidationMessages();
    beginCommandBuffer(commands);
    writeMiddle.bind(commands);
    vkCmdDispatch(commands, 1, 1, 1);
    if (withBarrier) {
        bufferBarrier(device, commands, middle, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    }
    readMiddle.bind(commands);
    vkCmdDispatch(commands, 1, 1, 1);
    endCommandBuffer(commands);
    std::vector<std::string> messages = instance.validationMessages();
    instance.clearValidationMessages();
    return messages;
}

class SyncValidationTest : public GpuTest {};

TEST_F(SyncValidationTest, ReadAfterWriteWithoutABarrierIsAHazard)
{
    const std::vector<std::string> messages = recordChainedDispatches(instance(), device(), false);
    EXPECT_TRUE(containsMessage(messages, "SYNC-HAZARD-READ-AFTER-WRITE"))
        << messages.size() << " message(s)" << (messages.empty() ? "" : ", first: " + messages.front());
}

TEST_F(SyncValidationTest, TheBarrierHelperRemovesTheHazard)
{
    ASSERT_TRUE(device().hasSynchronization2()) << "lavapipe has Vulkan 1.3";
    expectNoValidationMessages(recordChainedDispatches(instance(), device(), true));
}

TEST(SyncValidationLegacyTest, TheVulkan10BarrierPathAlsoRemovesTheHazard)
{
    // A Vulkan 1.2 instance: no synchronization2, so bufferBarrier falls back
    // to vkCmdPipelineBarrier.
    InstanceOptions options;
    options.validation = true;
    options.printValidationMessages = false;
    options.maxApiVersion = VK_API_VERSION_1_2;
    Instance instance(options);
    Device device(instance, DeviceOptions{testDeviceSelector(), VK_NULL_HANDLE, {}});
    ASSERT_FALSE(device.hasSynchronization2());
    ASSERT_EQ(device.apiVersion(), VK_API_VERSION_1_2);
    const std::vector<std::string> hazard = recordChainedDispatches(instance, device, false);
    EXPECT_TRUE(containsMessage(hazard, "SYNC-HAZARD-READ-AFTER-WRITE"));
    expectNoValidationMessages(recordChainedDispatches(instance, device, true));
}

}  // namespace
}  // namespace vk::test
