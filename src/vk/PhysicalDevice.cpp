#include "vk/PhysicalDevice.h"

#include "text/TextParsing.h"

#include "vk/Error.h"
#include "vk/Instance.h"

#include <algorithm>
#include <cctype>

namespace vk {
namespace {

constexpr const char* kRequirements =
    "Vulkan 1.2, a graphics+compute queue with timestamps, shaderInt64, hostQueryReset and subgroup ballot "
    "in compute shaders";

const char* deviceTypeName(VkPhysicalDeviceType type)
{
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete";
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated";
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual";
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return "cpu";
        default: return "other";
    }
}

// Lower is preferred when no selector is given.
int typePreference(VkPhysicalDeviceType type)
{
    switch (type) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
        case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
        default: return 4;
    }
}

std::string toLower(std::string_view text)
{
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
    return lower;
}

// Why `info`'s device cannot run cbt-terrain, or "" when it can.
std::string findUnsuitableReason(const PhysicalDeviceInfo& info, uint32_t instanceApiVersion, VkSurfaceKHR surface)
{
    if (info.apiVersion < VK_API_VERSION_1_2) {
        return "lacks Vulkan 1.2 (has " + info.apiVersionText + ")";
    }
    if (instanceApiVersion < VK_API_VERSION_1_2) {
        return "lacks a Vulkan 1.2 loader";
    }
    if (!findGraphicsComputeQueueFamily(info.handle, surface)) {
        return surface != VK_NULL_HANDLE ? "lacks a graphics+compute queue with timestamps that can present"
                                         : "lacks a graphics+compute queue with timestamps";
    }
    VkPhysicalDeviceVulkan12Features vulkan12{};
    vulkan12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
    VkPhysicalDeviceFeatures2 features{};
    features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
    features.pNext = &vulkan12;
    vkGetPhysicalDeviceFeatures2(info.handle, &features);
    if (features.features.shaderInt64 == VK_FALSE) {
        return "lacks shaderInt64";
    }
    if (vulkan12.hostQueryReset == VK_FALSE) {
        return "lacks hostQueryReset";
    }
    // The pool's list appends take one atomic per subgroup (subgroupBallot).
    VkPhysicalDeviceSubgroupProperties subgroups{};
    subgroups.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
    VkPhysicalDeviceProperties2 properties{};
    properties.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    properties.pNext = &subgroups;
    vkGetPhysicalDeviceProperties2(info.handle, &properties);
    constexpr VkSubgroupFeatureFlags kBallot = VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT;
    if ((subgroups.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) == 0 ||
        (subgroups.supportedOperations & kBallot) != kBallot) {
        return "lacks subgroup ballot in compute shaders";
    }
    return {};
}

std::string deviceListText(const std::vector<PhysicalDeviceInfo>& devices)
{
    std::string text;
    for (const PhysicalDeviceInfo& device : devices) {
        text += text.empty() ? "" : "; ";
        text += device.summary();
    }
    return text;
}

}  // namespace

std::string apiVersionText(uint32_t apiVersion)
{
    return std::to_string(VK_API_VERSION_MAJOR(apiVersion)) + "." + std::to_string(VK_API_VERSION_MINOR(apiVersion)) +
           "." + std::to_string(VK_API_VERSION_PATCH(apiVersion));
}

std::string PhysicalDeviceInfo::summary() const
{
    std::string text = "#";
    text.append(std::to_string(index)).append(" ").append(name);
    text.append(" [").append(typeName).append(", Vulkan ").append(apiVersionText);
    if (!driverName.empty()) {
        text.append(", ").append(driverName);
        if (!driverInfo.empty()) {
            text.append(" ").append(driverInfo);
        }
    }
    text.append("]");
    if (!suitable()) {
        text.append(" (").append(unsuitableReason).append(")");
    }
    return text;
}

std::optional<uint32_t> findGraphicsComputeQueueFamily(VkPhysicalDevice device, VkSurfaceKHR surface)
{
    uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
    constexpr VkQueueFlags kNeeded = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
    for (uint32_t family = 0; family < count; ++family) {
        const VkQueueFamilyProperties& properties = families[family];
        if ((properties.queueFlags & kNeeded) != kNeeded || properties.timestampValidBits == 0 ||
            properties.queueCount == 0) {
            continue;
        }
        if (surface != VK_NULL_HANDLE) {
            VkBool32 canPresent = VK_FALSE;
            VK_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(device, family, surface, &canPresent));
            if (canPresent == VK_FALSE) {
                continue;
            }
        }
        return family;
    }
    return std::nullopt;
}

std::vector<PhysicalDeviceInfo> listPhysicalDevices(const Instance& instance, VkSurfaceKHR surface)
{
    uint32_t count = 0;
    VK_CHECK(vkEnumeratePhysicalDevices(instance.handle(), &count, nullptr));
    std::vector<VkPhysicalDevice> handles(count);
    VK_CHECK(vkEnumeratePhysicalDevices(instance.handle(), &count, handles.data()));
    if (count == 0) {
        throw Error(
            "no Vulkan driver found: install mesa-vulkan-drivers (lavapipe, a CPU driver) or your GPU's "
            "Vulkan driver");
    }
    std::vector<PhysicalDeviceInfo> devices;
    for (uint32_t index = 0; index < count; ++index) {
        PhysicalDeviceInfo info;
        info.handle = handles[index];
        info.index = index;
        VkPhysicalDeviceProperties properties{};
        vkGetPhysicalDeviceProperties(info.handle, &properties);
        info.name = properties.deviceName;
        info.type = properties.deviceType;
        info.typeName = deviceTypeName(properties.deviceType);
        info.apiVersion = properties.apiVersion;
        info.apiVersionText = apiVersionText(properties.apiVersion);
        if (properties.apiVersion >= VK_API_VERSION_1_2 && instance.apiVersion() >= VK_API_VERSION_1_2) {
            VkPhysicalDeviceDriverProperties driver{};
            driver.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES;
            VkPhysicalDeviceProperties2 properties2{};
            properties2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
            properties2.pNext = &driver;
            vkGetPhysicalDeviceProperties2(info.handle, &properties2);
            info.driverName = driver.driverName;
            info.driverInfo = driver.driverInfo;
        }
        info.unsuitableReason = findUnsuitableReason(info, instance.apiVersion(), surface);
        devices.push_back(std::move(info));
    }
    return devices;
}

PhysicalDeviceInfo choosePhysicalDevice(const Instance& instance, std::string_view selector, VkSurfaceKHR surface)
{
    const std::vector<PhysicalDeviceInfo> devices = listPhysicalDevices(instance, surface);
    std::vector<const PhysicalDeviceInfo*> matches;
    if (selector.empty()) {
        for (const PhysicalDeviceInfo& device : devices) {
            matches.push_back(&device);
        }
        std::stable_sort(matches.begin(), matches.end(), [](const PhysicalDeviceInfo* a, const PhysicalDeviceInfo* b) {
            return typePreference(a->type) < typePreference(b->type);
        });
    } else if (text::isDigits(selector)) {
        const std::optional<unsigned long> index = text::parseUnsigned<unsigned long>(selector);
        if (index && *index < devices.size()) {
            matches.push_back(&devices[*index]);
        }
    } else {
        const std::string wanted = toLower(selector);
        for (const PhysicalDeviceInfo& device : devices) {
            if (toLower(device.name).find(wanted) != std::string::npos) {
                matches.push_back(&device);
            }
        }
    }
    if (matches.empty()) {
        throw Error("no Vulkan device matches \"" + std::string(selector) +
                    "\"; available: " + deviceListText(devices));
    }
    const auto suitable = std::find_if(matches.begin(), matches.end(),
                                       [](const PhysicalDeviceInfo* device) { return device->suitable(); });
    if (suitable == matches.end()) {
        std::string found;
        for (const PhysicalDeviceInfo* device : matches) {
            found += found.empty() ? "" : ", ";
            found += device->name + " (" + device->unsuitableReason + ")";
        }
        throw Error(std::string("no Vulkan device with ") + kRequirements + ": found " + found);
    }
    return **suitable;
}

}  // namespace vk
