// Instance creation, device listing and choice, device properties, errors.
#include "GpuTestEnvironment.h"

#include "vk/Error.h"
#include "vk/PhysicalDevice.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace vk::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

class DeviceTest : public GpuTest {};

std::string lowercase(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
    return text;
}

TEST_F(DeviceTest, ListingNamesEveryDeviceWithItsDetails)
{
    const std::vector<PhysicalDeviceInfo> devices = listPhysicalDevices(instance());
    ASSERT_FALSE(devices.empty());
    for (size_t i = 0; i < devices.size(); ++i) {
        const PhysicalDeviceInfo& info = devices[i];
        EXPECT_EQ(info.index, i);
        EXPECT_FALSE(info.name.empty());
        EXPECT_FALSE(info.typeName.empty());
        EXPECT_GE(info.apiVersion, VK_API_VERSION_1_0);
        EXPECT_THAT(info.summary(), StartsWith("#" + std::to_string(i) + " "));
        EXPECT_THAT(info.summary(), HasSubstr(info.name));
    }
}

// CI runs on lavapipe (mesa-vulkan-drivers, installed by scripts/setup-debian.sh).
TEST_F(DeviceTest, LavapipeIsListedAsACpuDeviceWhenInstalled)
{
    const std::vector<PhysicalDeviceInfo> devices = listPhysicalDevices(instance());
    const auto llvmpipe = std::find_if(devices.begin(), devices.end(), [](const PhysicalDeviceInfo& info) {
        return info.name.find("llvmpipe") != std::string::npos;
    });
    if (llvmpipe == devices.end()) {
        GTEST_SKIP() << "lavapipe (mesa-vulkan-drivers) is not installed";
    }
    EXPECT_EQ(llvmpipe->typeName, "cpu");
    EXPECT_EQ(llvmpipe->driverName, "llvmpipe");
    EXPECT_FALSE(llvmpipe->driverInfo.empty());
    EXPECT_GE(llvmpipe->apiVersion, VK_API_VERSION_1_2);
    EXPECT_TRUE(llvmpipe->suitable()) << llvmpipe->unsuitableReason;
}

TEST_F(DeviceTest, SelectsByIndexAndByCaseInsensitiveName)
{
    const std::vector<PhysicalDeviceInfo> devices = listPhysicalDevices(instance());
    const PhysicalDeviceInfo* firstSuitable = nullptr;
    for (const PhysicalDeviceInfo& listed : devices) {
        if (!listed.suitable()) {
            continue;
        }
        firstSuitable = firstSuitable ? firstSuitable : &listed;
        const PhysicalDeviceInfo byIndex = choosePhysicalDevice(instance(), std::to_string(listed.index));
        EXPECT_EQ(byIndex.handle, listed.handle);
        EXPECT_EQ(byIndex.name, listed.name);
    }
    ASSERT_NE(firstSuitable, nullptr) << "no suitable Vulkan device";
    std::string upperName = firstSuitable->name;
    std::transform(upperName.begin(), upperName.end(), upperName.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    const PhysicalDeviceInfo byName = choosePhysicalDevice(instance(), upperName);
    EXPECT_EQ(byName.name, firstSuitable->name);
    const std::string prefix = firstSuitable->name.substr(0, 4);
    const Device chosen(instance(), DeviceOptions{prefix, VK_NULL_HANDLE, {}});
    EXPECT_THAT(chosen.info().name, HasSubstr(prefix));
}

TEST_F(DeviceTest, DefaultChoicePrefersDiscreteThenIntegratedThenVirtualThenCpu)
{
    const std::vector<PhysicalDeviceInfo> devices = listPhysicalDevices(instance());
    const PhysicalDeviceInfo chosen = choosePhysicalDevice(instance());
    const auto rank = [](VkPhysicalDeviceType type) {
        switch (type) {
            case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
            case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
            case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
            case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
            default: return 4;
        }
    };
    for (const PhysicalDeviceInfo& other : devices) {
        if (other.suitable()) {
            EXPECT_LE(rank(chosen.type), rank(other.type)) << chosen.name << " chosen over " << other.name;
        }
    }
}

TEST_F(DeviceTest, BadSelectorThrowsWithTheDeviceList)
{
    for (const char* selector : {"no-such-gpu-xyz", "999"}) {
        try {
            (void)choosePhysicalDevice(instance(), selector);
            ADD_FAILURE() << "selector " << selector << " did not throw";
        } catch (const Error& error) {
            const std::string message = error.what();
            EXPECT_THAT(message, HasSubstr(selector));
            EXPECT_THAT(message, HasSubstr("available: #0 "));
            EXPECT_THAT(lowercase(message), HasSubstr(lowercase(listPhysicalDevices(instance()).front().name)));
            EXPECT_EQ(message.find('\n'), std::string::npos) << "message is not one line";
        }
    }
}

TEST_F(DeviceTest, ExposesPropertiesLimitsAndFeatures)
{
    const Device& gpu = device();
    EXPECT_NE(gpu.handle(), VK_NULL_HANDLE);
    EXPECT_NE(gpu.queue(), VK_NULL_HANDLE);
    EXPECT_GT(gpu.timestampPeriod(), 0.0f);
    EXPECT_GE(gpu.timestampValidBits(), 36u);
    EXPECT_GE(gpu.maxStorageBufferRange(), VkDeviceSize{1} << 27);
    EXPECT_GE(gpu.maxComputeSharedMemorySize(), 16384u);
    EXPECT_GT(gpu.subgroupSize(), 0u);
    EXPECT_GE(gpu.apiVersion(), VK_API_VERSION_1_2);
    // Vulkan 1.3 (lavapipe) has both as core features; they must be on then.
    EXPECT_EQ(gpu.hasSynchronization2(), gpu.apiVersion() >= VK_API_VERSION_1_3);
    EXPECT_EQ(gpu.hasDynamicRendering(), gpu.apiVersion() >= VK_API_VERSION_1_3);
    EXPECT_TRUE(gpu.features().fillModeNonSolid);
}

// shaderFloat64 is enabled when the device has it, unless the environment
// hides it (CBT_VK_WITHOUT_FLOAT64, to test the renderer without it).
TEST_F(DeviceTest, ShaderFloat64IsOptional)
{
    VkPhysicalDeviceFeatures supported{};
    vkGetPhysicalDeviceFeatures(device().physicalDevice(), &supported);
    const char* variable = std::getenv("CBT_VK_WITHOUT_FLOAT64");
    const std::string hidden = variable != nullptr ? variable : "";
    const bool hiddenByEnvironment = !hidden.empty();
    EXPECT_EQ(device().hasShaderFloat64(), supported.shaderFloat64 == VK_TRUE && !hiddenByEnvironment);
    ASSERT_EQ(setenv("CBT_VK_WITHOUT_FLOAT64", "1", 1), 0);
    const Device withoutFloat64(instance(), DeviceOptions{testDeviceSelector(), VK_NULL_HANDLE, {}});
    if (hiddenByEnvironment) {
        setenv("CBT_VK_WITHOUT_FLOAT64", hidden.c_str(), 1);
    } else {
        unsetenv("CBT_VK_WITHOUT_FLOAT64");
    }
    EXPECT_FALSE(withoutFloat64.hasShaderFloat64());
}

TEST_F(DeviceTest, FindMemoryTypeHonoursRequiredFlags)
{
    const uint32_t hostVisible = device().findMemoryType(~0u, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    EXPECT_NE(device().memoryProperties().memoryTypes[hostVisible].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
              0u);
    EXPECT_THROW((void)device().findMemoryType(0u, 0u), Error);
}

TEST_F(DeviceTest, SubmitAndWaitRunsTheRecordedCommandsAndPropagatesExceptions)
{
    int recorded = 0;
    device().submitAndWait([&](VkCommandBuffer commands) {
        EXPECT_NE(commands, VK_NULL_HANDLE);
        ++recorded;
    });
    EXPECT_EQ(recorded, 1);
    EXPECT_THROW(device().submitAndWait([](VkCommandBuffer) { throw Error("recording failed"); }), Error);
    // The one-shot command buffer is usable again after a failed recording.
    device().submitAndWait([&](VkCommandBuffer) { ++recorded; });
    EXPECT_EQ(recorded, 2);
}

TEST(InstanceTest, HeadlessInstanceWithoutValidationOrExtensionsWorks)
{
    const Instance instance;
    EXPECT_NE(instance.handle(), VK_NULL_HANDLE);
    EXPECT_FALSE(instance.validationEnabled());
    EXPECT_TRUE(instance.validationMessages().empty());
    Device device(instance, DeviceOptions{testDeviceSelector(), VK_NULL_HANDLE, {}});
    EXPECT_NE(device.handle(), VK_NULL_HANDLE);
    // Moving keeps the device usable.
    Device moved = std::move(device);
    int ran = 0;
    moved.submitAndWait([&](VkCommandBuffer) { ++ran; });
    EXPECT_EQ(ran, 1);
}

TEST(InstanceTest, MissingExtensionIsReportedByName)
{
    InstanceOptions options;
    options.extraExtensions = {"VK_EXT_no_such_extension"};
    EXPECT_THROW(
        {
            try {
                const Instance instance(options);
            } catch (const Error& error) {
                EXPECT_THAT(error.what(), HasSubstr("VK_EXT_no_such_extension"));
                throw;
            }
        },
        Error);
}

std::string errorMessageOf(VkResult result, std::string_view call)
{
    try {
        checkResult(result, call);
    } catch (const Error& error) {
        return error.what();
    }
    return "no error";
}

VkResult failingCall(int /*argument*/)
{
    return VK_ERROR_DEVICE_LOST;
}

TEST(ErrorTest, CheckNamesTheCallAndTheResult)
{
    EXPECT_EQ(errorMessageOf(VK_ERROR_OUT_OF_DEVICE_MEMORY, "vkCreateBuffer"),
              "vkCreateBuffer failed: VK_ERROR_OUT_OF_DEVICE_MEMORY");
    EXPECT_EQ(errorMessageOf(static_cast<VkResult>(-123456), "vkFoo"), "vkFoo failed: VkResult(-123456)");
    EXPECT_EQ(errorMessageOf(VK_SUCCESS, "vkFoo"), "no error");
    try {
        VK_CHECK(failingCall(42));
        FAIL() << "VK_CHECK did not throw";
    } catch (const Error& error) {
        EXPECT_STREQ(error.what(), "failingCall failed: VK_ERROR_DEVICE_LOST");
    }
}

}  // namespace
}  // namespace vk::test
