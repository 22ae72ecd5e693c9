// The validation messenger really records what the layer reports.
#include "GpuTestEnvironment.h"

#include "vk/Commands.h"
#include "vk/Error.h"

#include <gtest/gtest.h>

namespace gpu::test {
namespace {

// An isolated instance + device (not the fixture's), so the deliberate
// errors below cannot leak into other tests' checks.
struct IsolatedGpu {
    IsolatedGpu() : instance(makeOptions()), device(instance, DeviceOptions{testDeviceSelector(), VK_NULL_HANDLE, {}}) {}

    static InstanceOptions makeOptions() {
        InstanceOptions options;
        options.validation = true;
        options.printValidationMessages = false;
        return options;
    }

    Instance instance;
    Device device;
};

TEST(ValidationMessengerTest, ACleanInstanceAndDeviceReportNothing) {
    IsolatedGpu gpu;
    gpu.device.submitAndWait([](VkCommandBuffer) {});
    expectNoValidationMessages(gpu.instance.validationMessages());
}

TEST(ValidationMessengerTest, DispatchWithoutAPipelineIsReported) {
    IsolatedGpu gpu;
    const CommandPool pool(gpu.device);
    const VkCommandBuffer commands = pool.allocate();
    beginCommandBuffer(commands);
    vkCmdDispatch(commands, 1, 1, 1);  // invalid: no compute pipeline bound
    endCommandBuffer(commands);        // recorded only, never submitted

    const std::vector<std::string> messages = gpu.instance.validationMessages();
    ASSERT_FALSE(messages.empty()) << "the validation layer's error was not recorded";
    EXPECT_TRUE(containsMessage(messages, "ERROR")) << messages.front();
    EXPECT_TRUE(containsMessage(messages, "vkCmdDispatch")) << messages.front();
    gpu.instance.clearValidationMessages();
    EXPECT_TRUE(gpu.instance.validationMessages().empty());
}

TEST(ValidationMessengerTest, ZeroSizedBufferCreationIsReported) {
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

TEST(ValidationMessengerTest, MissingLayerMessageIsTheDocumentedOne) {
    // The message is part of the interface (the viewer prints it as is).
    const Error error("Vulkan validation layer VK_LAYER_KHRONOS_validation not found: install vulkan-validationlayers");
    EXPECT_NE(std::string(error.what()).find("vulkan-validationlayers"), std::string::npos);
    // With the layer installed here, asking for it must work.
    const Instance instance(IsolatedGpu::makeOptions());
    EXPECT_TRUE(instance.validationEnabled());
    EXPECT_TRUE(instance.debugUtilsEnabled());
}

}  // namespace
}  // namespace gpu::test
