// Listing the Vulkan devices and choosing one (by preference, index or name).
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vk {

class Instance;

// What `cbt-bench devices` prints about one physical device.
struct PhysicalDeviceInfo {
    VkPhysicalDevice handle = VK_NULL_HANDLE;
    uint32_t index = 0;  // position in vkEnumeratePhysicalDevices
    std::string name;    // e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"
    VkPhysicalDeviceType type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
    std::string typeName;        // "discrete", "integrated", "virtual", "cpu" or "other"
    uint32_t apiVersion = 0;     // the device's VkPhysicalDeviceProperties::apiVersion
    std::string apiVersionText;  // e.g. "1.3.230"
    std::string driverName;      // e.g. "llvmpipe" (empty before Vulkan 1.2)
    std::string driverInfo;      // e.g. "Mesa 22.3.6 (LLVM 15.0.6)"
    // Empty when the device has everything cbt-terrain needs (Vulkan >= 1.2,
    // a graphics+compute queue with timestamps, shaderInt64, hostQueryReset,
    // subgroup ballot in compute shaders, and present support for the surface
    // when one is given); otherwise the first missing thing, e.g. "lacks
    // shaderInt64".
    std::string unsuitableReason;

    [[nodiscard]] bool suitable() const { return unsuitableReason.empty(); }
    // One line: "#0 llvmpipe (LLVM 15.0.6, 256 bits) [cpu, Vulkan 1.3.230, llvmpipe Mesa 22.3.6 ...]".
    [[nodiscard]] std::string summary() const;
};

// "1.3.230" for VK_MAKE_API_VERSION(0, 1, 3, 230).
std::string apiVersionText(uint32_t apiVersion);

// The first queue family with graphics + compute and timestamps (and able to
// present to `surface` when it is not VK_NULL_HANDLE), if any.
std::optional<uint32_t> findGraphicsComputeQueueFamily(VkPhysicalDevice device, VkSurfaceKHR surface);

// Every device the instance sees, in enumeration order, with the suitability
// check done (for presenting to `surface` when it is not VK_NULL_HANDLE).
// Throws vk::Error("no Vulkan driver found: ...") when there is none.
std::vector<PhysicalDeviceInfo> listPhysicalDevices(const Instance& instance, VkSurfaceKHR surface = VK_NULL_HANDLE);

// Chooses a suitable device. `selector` is
//   - empty: the first discrete GPU, else integrated, else virtual, else CPU;
//   - all digits: that index in listPhysicalDevices;
//   - anything else: the first device whose name contains it, ignoring case.
// Throws vk::Error naming the selector and listing the available devices in
// one line when nothing matches, or "no Vulkan device with ...: found X
// (lacks shaderInt64)" when the matches are all unsuitable.
PhysicalDeviceInfo choosePhysicalDevice(const Instance& instance, std::string_view selector = {},
                                        VkSurfaceKHR surface = VK_NULL_HANDLE);

}  // namespace vk
