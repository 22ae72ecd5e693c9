#include "GpuTestEnvironment.h"

#include <cstdlib>

namespace vk::test {

ShaderLibrary projectShaders()
{
    return ShaderLibrary(CBT_SPIRV_DIR, shaderSourceDirectory());
}

std::filesystem::path shaderSourceDirectory()
{
    return CBT_SHADER_SOURCE_DIR;
}

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
    shaders_.emplace(projectShaders());
    compiler_.emplace(shaderSourceDirectory());
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
