// The validation messenger really records what the layer reports.
#include "GpuTestEnvironment.h"

#include "vk/Buffer.h"
#include "vk/Commands.h"
#include "vk/Error.h"

#include <gtest/gtest.h>

namespace vk::test {
namespace {

// An isolated instance + device (not the fixture's), so the deliberate
// errors below cannot leak into other tests' checks.
struct IsolatedGpu {
    IsolatedGpu() : instance(makeOptions()), device(instance, DeviceOptions{testDeviceSelector(), VK_NULL_HANDLE, {}})
    {
    }

    static InstanceOptions makeOptions()
    {
        InstanceOptions options;
        options.validation = true;
        options.printValidationMessages = false;
        return options;
    }

    Instance instance;
    Device device;
};

TEST(ValidationMessengerTest, ACleanInstanceAndDeviceReportNothing)
{
    IsolatedGpu gpu;
    gpu.device.submitAndWait([](VkCommandBuffer) {});
    expectNoValidationMessages(gpu.instance.validationMessages());
}

// The deliberate error must be one the driver survives: the layer reports
// invalid calls but still passes them on, and a dispatch with no pipeline
// bound (this test's first version) crashed NVIDIA's driver while lavapipe
// ignored it. Two fills of one buffer with no barrier between them are valid
// calls for the driver and a write-after-write hazard for synchronization
// validation.
TEST(ValidationMessengerTest, UnsynchronizedFillsAreReported)
{
    IsolatedGpu gpu;
    const Buffer buffer(gpu.device, 256, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    const CommandPool pool(gpu.device);
    const VkCommandBuffer commands = pool.allocate();
    beginCommandBuffer(commands);
    vkCmdFillBuffer(commands, buffer.handle(), 0, VK_WHOLE_SIZE, 1);
    vkCmdFillBuffer(commands, buffer.handle(), 0, VK_WHOLE_SIZE, 2);  // hazard: no barrier
    endCommandBuffer(commands);                                       // recorded only, never submitted

    const std::vector<std::string> messages = gpu.instance.validationMessages();
    ASSERT_FALSE(messages.empty()) << "the validation layer's error was not recorded";
    EXPECT_TRUE(containsMessage(messages, "ERROR")) << messages.front();
    EXPECT_TRUE(containsMessage(messages, "SYNC-HAZARD-WRITE-AFTER-WRITE")) << messages.front();
    EXPECT_TRUE(containsMessage(messages, "vkCmdFillBuffer")) << messages.front();
    gpu.instance.clearValidationMessages();
    EXPECT_TRUE(gpu.instance.validationMessages().empty());
}

TEST(ValidationMessengerTest, ZeroSizedBufferCreationIsReported)
{
    IsolatedGpu gpu;
    VkBufferCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
    info.size = 0;  // invalid: VUID-VkBufferCreateInfo-size-00912
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    VkBuffer buffer = VK_NULL_HANDLE;
    const VkResult result = vkCreateBuffer(gpu.device.handle(), &info, nullptr, &buffer);
    if (result == VK_SUCCESS && buffer != VK_NULL_HANDLE) {
        vkDestroyBuffer(gpu.device.handle(), buffer, nullptr);
    }
    const std::vector<std::string> messages = gpu.instance.validationMessages();
    EXPECT_TRUE(containsMessage(messages, "VUID-VkBufferCreateInfo-size-00912"))
        << messages.size() << " message(s), first: " << (messages.empty() ? "" : messages.front());
    gpu.instance.clearValidationMessages();
}

TEST(ValidationMessengerTest, MissingLayerMessageIsTheDocumentedOne)
{
    // The message is part of the interface (the viewer prints it as is).
    const Error error("Vulkan validation layer VK_LAYER_KHRONOS_validation not found: install vulkan-validationlayers");
    EXPECT_NE(std::string(error.what()).find("vulkan-validationlayers"), std::string::npos);
    // With the layer installed here, asking for it must work.
    const Instance instance(IsolatedGpu::makeOptions());
    EXPECT_TRUE(instance.validationEnabled());
    EXPECT_TRUE(instance.debugUtilsEnabled());
}

}  // namespace
}  // namespace vk::test
