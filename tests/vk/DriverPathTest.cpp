// The one switch between the GPU and the CPU-driver code paths: chosen from
// the device type, overridden by CBT_DRIVER_PATH, and the shader macros of
// each path.
#include "GpuTestEnvironment.h"

#include "vk/DriverPath.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace vk::test {
namespace {

TEST(DriverPath, FollowsTheDeviceTypeUnlessOverridden)
{
    EXPECT_EQ(chooseDriverPath(VK_PHYSICAL_DEVICE_TYPE_CPU, ""), DriverPath::CpuDriver);
    for (const VkPhysicalDeviceType gpuType :
         {VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU,
          VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU, VK_PHYSICAL_DEVICE_TYPE_OTHER}) {
        EXPECT_EQ(chooseDriverPath(gpuType, ""), DriverPath::Gpu);
        EXPECT_EQ(chooseDriverPath(gpuType, "cpu"), DriverPath::CpuDriver);
    }
    EXPECT_EQ(chooseDriverPath(VK_PHYSICAL_DEVICE_TYPE_CPU, "gpu"), DriverPath::Gpu);
    EXPECT_THROW(static_cast<void>(chooseDriverPath(VK_PHYSICAL_DEVICE_TYPE_CPU, "CPU")), std::invalid_argument);
    EXPECT_EQ(driverPathName(DriverPath::Gpu), "gpu");
    EXPECT_EQ(driverPathName(DriverPath::CpuDriver), "cpu");
}

TEST(DriverPath, OnlyTheCpuDriverPathDefinesItsShaderMacro)
{
    EXPECT_TRUE(driverPathMacros(DriverPath::Gpu).empty());
    const std::vector<ShaderMacro> macros = driverPathMacros(DriverPath::CpuDriver);
    ASSERT_EQ(macros.size(), 1u);
    EXPECT_EQ(macros[0].name, "CBT_CPU_DRIVER_PATH");
}

class DeviceDriverPathTest : public GpuTest {};

// The device takes the path of its type (lavapipe, a CPU driver, in CI).
TEST_F(DeviceDriverPathTest, TheDeviceChoosesFromItsType)
{
    const char* override = std::getenv("CBT_DRIVER_PATH");
    if (override != nullptr && override[0] != '\0') {
        GTEST_SKIP() << "CBT_DRIVER_PATH is set";
    }
    EXPECT_EQ(device().driverPath(), chooseDriverPath(device().properties().deviceType, ""));
}

}  // namespace
}  // namespace vk::test
