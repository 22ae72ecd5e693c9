#include "GpuTestEnvironment.h"

#include <cstdlib>

namespace vk::test {

std::string testDeviceSelector()
{
    const char* selector = std::getenv("CBT_TEST_DEVICE");
    return selector != nullptr ? std::string(selector) : std::string();
}

void expectNoValidationMessages(const std::vector<std::string>& messages)
{
    std::string listing;
    for (const std::string& message : messages) {
        listing += "\n  " + message;
    }
    EXPECT_TRUE(messages.empty()) << messages.size() << " validation message(s):" << listing;
}

bool containsMessage(const std::vector<std::string>& messages, std::string_view fragment)
{
    for (const std::string& message : messages) {
        if (message.find(fragment) != std::string::npos) {
            return true;
        }
    }
    return false;
}

ComputeProgram::ComputeProgram(const Device& device, std::span<const uint32_t> spirv,
                               std::span<const DescriptorBinding> bindings, uint32_t pushConstantBytes,
                               std::span<const SpecializationConstant> constants)
    : setLayout(device, bindings),
      pipelineLayout(device, setLayout.handle(), pushConstantBytes),
      pipeline(device, pipelineLayout, spirv, constants),
      pool(device, setLayout, 1),
      set(pool.allocate(setLayout))
{
}

void ComputeProgram::bind(VkCommandBuffer commands) const
{
    pipeline.bind(commands);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout.handle(), 0, 1, &set, 0, nullptr);
}

void GpuTest::SetUp()
{
    InstanceOptions options;
    options.validation = true;
    options.printValidationMessages = false;  // TearDown lists them
    options.appName = "cbt-terrain tests";
    instance_.emplace(options);
    DeviceOptions deviceOptions;
    deviceOptions.selector = testDeviceSelector();
    device_.emplace(*instance_, deviceOptions);
    compiler_.emplace();
}

void GpuTest::TearDown()
{
    if (device_) {
        device_->waitIdle();
    }
    device_.reset();
    if (instance_) {
        expectNoValidationMessages(instance_->validationMessages());
        instance_->clearValidationMessages();
    }
    instance_.reset();
}

}  // namespace vk::test
