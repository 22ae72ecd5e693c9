// The logical device: one queue (graphics + compute, + present when a surface
// is given), its properties and limits, and a one-shot submit helper.
#pragma once

#include "vk/DriverPath.h"
#include "vk/PhysicalDevice.h"
#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace vk {

class Instance;

struct DeviceOptions {
    // Which physical device; see choosePhysicalDevice (empty = best one).
    std::string selector;
    // When set, the queue must also be able to present to this surface.
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    // Extra device extensions, e.g. VK_KHR_SWAPCHAIN_EXTENSION_NAME.
    std::vector<const char*> extraExtensions;
};

// Optional features: enabled when the device has them, reported here.
struct DeviceFeatures {
    bool synchronization2 = false;  // Vulkan 1.3 core: vkCmdPipelineBarrier2 etc.
    bool dynamicRendering = false;  // Vulkan 1.3 core: vkCmdBeginRendering
    bool fillModeNonSolid = false;  // wireframe polygons
    bool samplerAnisotropy = false;
    bool multiDrawIndirect = false;
    bool drawIndirectFirstInstance = false;
    bool pipelineStatisticsQuery = false;
    bool vertexPipelineStoresAndAtomics = false;
    bool fragmentStoresAndAtomics = false;
    // 64-bit floats in shaders: only the double-precision mirrors of the CPU
    // LEB code and the refine-around-a-point criterion use them. Off on a
    // device that has them when the environment sets CBT_VK_WITHOUT_FLOAT64
    // (to test that path on any device).
    bool shaderFloat64 = false;
    // 64-bit atomics on storage buffers (Vulkan 1.2): the globe's
    // visibility pass keeps each sample's nearest triangle with them.
    bool shaderBufferInt64Atomics = false;
};

// Owns the VkDevice. Always enabled: shaderInt64, hostQueryReset. Move-only; must outlive every object created from it and be
// destroyed before its Instance. Not thread-safe (one thread records/submits).
class Device {
public:
    Device(const Instance& instance, const DeviceOptions& options = {});
    ~Device();
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;
    Device(Device&&) noexcept;
    Device& operator=(Device&&) noexcept;

    [[nodiscard]] VkDevice handle() const { return device_; }
    [[nodiscard]] VkPhysicalDevice physicalDevice() const { return info_.handle; }
    [[nodiscard]] VkInstance instance() const { return instance_; }
    [[nodiscard]] const PhysicalDeviceInfo& info() const { return info_; }
    [[nodiscard]] VkQueue queue() const { return queue_; }
    [[nodiscard]] uint32_t queueFamilyIndex() const { return queueFamilyIndex_; }
    // min(instance API version, device API version): what may be used.
    [[nodiscard]] uint32_t apiVersion() const { return apiVersion_; }
    [[nodiscard]] const DeviceFeatures& features() const { return features_; }
    [[nodiscard]] bool hasSynchronization2() const { return features_.synchronization2; }
    [[nodiscard]] bool hasDynamicRendering() const { return features_.dynamicRendering; }
    [[nodiscard]] bool hasShaderFloat64() const { return features_.shaderFloat64; }
    // Which code paths suit the device (vk::chooseDriverPath with the
    // environment's CBT_DRIVER_PATH, read when the device was made).
    [[nodiscard]] DriverPath driverPath() const { return driverPath_; }

    [[nodiscard]] const VkPhysicalDeviceProperties& properties() const { return properties_; }
    [[nodiscard]] const VkPhysicalDeviceLimits& limits() const { return properties_.limits; }
    [[nodiscard]] VkDeviceSize maxStorageBufferRange() const { return properties_.limits.maxStorageBufferRange; }
    [[nodiscard]] uint32_t maxComputeSharedMemorySize() const { return properties_.limits.maxComputeSharedMemorySize; }
    // Nanoseconds per timestamp tick.
    [[nodiscard]] float timestampPeriod() const { return properties_.limits.timestampPeriod; }
    // Valid bits of timestamps written on queue(): 1..64.
    [[nodiscard]] uint32_t timestampValidBits() const { return timestampValidBits_; }
    // The default subgroup size (VkPhysicalDeviceSubgroupProperties).
    [[nodiscard]] uint32_t subgroupSize() const { return subgroupProperties_.subgroupSize; }
    [[nodiscard]] const VkPhysicalDeviceSubgroupProperties& subgroupProperties() const { return subgroupProperties_; }
    [[nodiscard]] const VkPhysicalDeviceMemoryProperties& memoryProperties() const { return memoryProperties_; }

    // Index of a memory type allowed by `typeBits` (VkMemoryRequirements::
    // memoryTypeBits) that has all `required` flags, preferring one that also
    // has all `preferred` flags. Throws vk::Error when none has `required`.
    [[nodiscard]] uint32_t findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                                          VkMemoryPropertyFlags preferred = 0) const;

    // Records commands with `record` into a one-shot primary command buffer,
    // submits it to queue() and blocks until it has finished. Rethrows what
    // `record` throws (nothing is submitted then).
    void submitAndWait(const std::function<void(VkCommandBuffer)>& record);

    // vkDeviceWaitIdle.
    void waitIdle() const;

    // Names an object for validation messages and debuggers (no-op unless the
    // instance has validation / debug utils).
    void setObjectName(VkObjectType type, uint64_t handle, const char* name) const;

private:
    void destroy();

    VkInstance instance_ = VK_NULL_HANDLE;
    VkDevice device_ = VK_NULL_HANDLE;
    PhysicalDeviceInfo info_;
    VkQueue queue_ = VK_NULL_HANDLE;
    uint32_t queueFamilyIndex_ = 0;
    uint32_t apiVersion_ = 0;
    uint32_t timestampValidBits_ = 0;
    DeviceFeatures features_;
    DriverPath driverPath_ = DriverPath::Gpu;
    VkPhysicalDeviceProperties properties_{};
    VkPhysicalDeviceSubgroupProperties subgroupProperties_{};
    VkPhysicalDeviceMemoryProperties memoryProperties_{};
    PFN_vkSetDebugUtilsObjectNameEXT setObjectName_ = nullptr;
    // One-shot submission (destroyed before device_, in destroy()).
    UniqueCommandPool oneShotPool_;
    VkCommandBuffer oneShotCommands_ = VK_NULL_HANDLE;
    UniqueFence oneShotFence_;
};

}  // namespace vk
