#include "vk/DriverPath.h"

#include <stdexcept>
#include <string>

namespace vk {

namespace {

constexpr std::string_view kGpuName = "gpu";
constexpr std::string_view kCpuName = "cpu";

}  // namespace

std::string_view driverPathName(DriverPath path)
{
    return path == DriverPath::CpuDriver ? kCpuName : kGpuName;
}

DriverPath chooseDriverPath(VkPhysicalDeviceType deviceType, std::string_view override)
{
    if (override == kGpuName) {
        return DriverPath::Gpu;
    }
    if (override == kCpuName) {
        return DriverPath::CpuDriver;
    }
    if (!override.empty()) {
        throw std::invalid_argument("CBT_DRIVER_PATH must be \"gpu\" or \"cpu\", not \"" + std::string(override) +
                                    "\"");
    }
    return deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? DriverPath::CpuDriver : DriverPath::Gpu;
}

std::vector<ShaderMacro> driverPathMacros(DriverPath path)
{
    if (path == DriverPath::CpuDriver) {
        return {ShaderMacro{"CBT_CPU_DRIVER_PATH", ""}};
    }
    return {};
}

}  // namespace vk
