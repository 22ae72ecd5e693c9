#include "vk/Device.h"

#include "vk/Commands.h"
#include "vk/Error.h"
#include "vk/Instance.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace vk {
namespace {

std::vector<std::string> deviceExtensionNames(VkPhysicalDevice device)
{
    uint32_t count = 0;
    VK_CHECK(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr));
    std::vector<VkExtensionProperties> extensions(count);
    VK_CHECK(vkEnumerateDeviceExtensionProperties(device, nullptr, &count, extensions.data()));
    std::vector<std::string> names;
    for (const VkExtensionProperties& extension : extensions) {
        names.emplace_back(extension.extensionName);
    }
    return names;
}

// The features cbt-terrain asks for, as queried from the device.
struct FeatureChain {
    VkPhysicalDeviceFeatures2 core{};
    VkPhysicalDeviceVulkan12Features vulkan12{};
    VkPhysicalDeviceVulkan13Features vulkan13{};

    FeatureChain(bool withVulkan13)
    {
        core.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
        vulkan12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
        vulkan13.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES;
        core.pNext = &vulkan12;
        vulkan12.pNext = withVulkan13 ? &vulkan13 : nullptr;
    }
    FeatureChain(const FeatureChain&) = delete;
    FeatureChain& operator=(const FeatureChain&) = delete;
};

}  // namespace

Device::Device(const Instance& instance, const DeviceOptions& options)
    : instance_(instance.handle()),
      info_(choosePhysicalDevice(instance, options.selector, options.surface))
{
    const VkPhysicalDevice physical = info_.handle;
    apiVersion_ = std::min(instance.apiVersion(), info_.apiVersion);
    const bool vulkan13 = apiVersion_ >= VK_API_VERSION_1_3;
    queueFamilyIndex_ = findGraphicsComputeQueueFamily(physical, options.surface).value();

    uint32_t familyCount = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &familyCount, families.data());
    timestampValidBits_ = families[queueFamilyIndex_].timestampValidBits;

    subgroupProperties_.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
    VkPhysicalDeviceProperties2 properties2{};
    properties2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    properties2.pNext = &subgroupProperties_;
    vkGetPhysicalDeviceProperties2(physical, &properties2);
    subgroupProperties_.pNext = nullptr;
    properties_ = properties2.properties;
    const char* pathOverride = std::getenv("CBT_DRIVER_PATH");
    driverPath_ = chooseDriverPath(properties_.deviceType,
                                   pathOverride != nullptr ? std::string_view(pathOverride) : std::string_view());
    vkGetPhysicalDeviceMemoryProperties(physical, &memoryProperties_);

    const std::vector<std::string> available = deviceExtensionNames(physical);
    for (const char* extension : options.extraExtensions) {
        if (std::find(available.begin(), available.end(), extension) == available.end()) {
            throw Error(std::string("Vulkan device extension ") + extension + " is not available on " + info_.name);
        }
    }

    // Enable what is required, plus the optional features the device has.
    FeatureChain supported(vulkan13);
    vkGetPhysicalDeviceFeatures2(physical, &supported.core);
    FeatureChain enabled(vulkan13);
    VkPhysicalDeviceFeatures& core = enabled.core.features;
    const char* withoutFloat64 = std::getenv("CBT_VK_WITHOUT_FLOAT64");
    const bool float64Hidden = withoutFloat64 != nullptr && withoutFloat64[0] != '\0';
    core.shaderFloat64 = float64Hidden ? VK_FALSE : supported.core.features.shaderFloat64;
    core.shaderInt64 = VK_TRUE;
    enabled.vulkan12.hostQueryReset = VK_TRUE;
    const VkPhysicalDeviceFeatures& has = supported.core.features;
    core.fillModeNonSolid = has.fillModeNonSolid;
    core.samplerAnisotropy = has.samplerAnisotropy;
    core.multiDrawIndirect = has.multiDrawIndirect;
    core.drawIndirectFirstInstance = has.drawIndirectFirstInstance;
    core.pipelineStatisticsQuery = has.pipelineStatisticsQuery;
    core.vertexPipelineStoresAndAtomics = has.vertexPipelineStoresAndAtomics;
    core.fragmentStoresAndAtomics = has.fragmentStoresAndAtomics;
    core.shaderInt16 = has.shaderInt16;
    enabled.vulkan12.scalarBlockLayout = supported.vulkan12.scalarBlockLayout;
    enabled.vulkan12.shaderBufferInt64Atomics = supported.vulkan12.shaderBufferInt64Atomics;
    if (vulkan13) {
        enabled.vulkan13.synchronization2 = supported.vulkan13.synchronization2;
        enabled.vulkan13.dynamicRendering = supported.vulkan13.dynamicRendering;
        enabled.vulkan13.maintenance4 = supported.vulkan13.maintenance4;
        enabled.vulkan13.subgroupSizeControl = supported.vulkan13.subgroupSizeControl;
        enabled.vulkan13.computeFullSubgroups = supported.vulkan13.computeFullSubgroups;
    }
    features_.shaderFloat64 = core.shaderFloat64 == VK_TRUE;
    features_.synchronization2 = enabled.vulkan13.synchronization2 == VK_TRUE;
    features_.dynamicRendering = enabled.vulkan13.dynamicRendering == VK_TRUE;
    features_.fillModeNonSolid = core.fillModeNonSolid == VK_TRUE;
    features_.samplerAnisotropy = core.samplerAnisotropy == VK_TRUE;
    features_.multiDrawIndirect = core.multiDrawIndirect == VK_TRUE;
    features_.drawIndirectFirstInstance = core.drawIndirectFirstInstance == VK_TRUE;
    features_.pipelineStatisticsQuery = core.pipelineStatisticsQuery == VK_TRUE;
    features_.vertexPipelineStoresAndAtomics = core.vertexPipelineStoresAndAtomics == VK_TRUE;
    features_.fragmentStoresAndAtomics = core.fragmentStoresAndAtomics == VK_TRUE;
    features_.shaderBufferInt64Atomics = enabled.vulkan12.shaderBufferInt64Atomics == VK_TRUE;

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{};
    queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
    queueInfo.queueFamilyIndex = queueFamilyIndex_;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;

    VkDeviceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
    info.pNext = &enabled.core;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    info.enabledExtensionCount = static_cast<uint32_t>(options.extraExtensions.size());
    info.ppEnabledExtensionNames = options.extraExtensions.data();
    VK_CHECK(vkCreateDevice(physical, &info, nullptr, &device_));
    vkGetDeviceQueue(device_, queueFamilyIndex_, 0, &queue_);

    if (instance.debugUtilsEnabled()) {
        setObjectName_ = reinterpret_cast<PFN_vkSetDebugUtilsObjectNameEXT>(
            vkGetInstanceProcAddr(instance_, "vkSetDebugUtilsObjectNameEXT"));
    }

    try {
        VkCommandPoolCreateInfo poolInfo{};
        poolInfo.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
        poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT | VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
        poolInfo.queueFamilyIndex = queueFamilyIndex_;
        VkCommandPool pool = VK_NULL_HANDLE;
        VK_CHECK(vkCreateCommandPool(device_, &poolInfo, nullptr, &pool));
        oneShotPool_ = UniqueCommandPool(device_, pool);

        VkCommandBufferAllocateInfo allocateInfo{};
        allocateInfo.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
        allocateInfo.commandPool = pool;
        allocateInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        allocateInfo.commandBufferCount = 1;
        VK_CHECK(vkAllocateCommandBuffers(device_, &allocateInfo, &oneShotCommands_));

        VkFenceCreateInfo fenceInfo{};
        fenceInfo.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
        VkFence fence = VK_NULL_HANDLE;
        VK_CHECK(vkCreateFence(device_, &fenceInfo, nullptr, &fence));
        oneShotFence_ = UniqueFence(device_, fence);
    } catch (...) {
        destroy();
        throw;
    }
}

Device::~Device()
{
    destroy();
}

Device::Device(Device&& other) noexcept
    : instance_(other.instance_),
      device_(std::exchange(other.device_, VK_NULL_HANDLE)),
      info_(std::move(other.info_)),
      queue_(other.queue_),
      queueFamilyIndex_(other.queueFamilyIndex_),
      apiVersion_(other.apiVersion_),
      timestampValidBits_(other.timestampValidBits_),
      features_(other.features_),
      driverPath_(other.driverPath_),
      properties_(other.properties_),
      subgroupProperties_(other.subgroupProperties_),
      memoryProperties_(other.memoryProperties_),
      setObjectName_(other.setObjectName_),
      oneShotPool_(std::move(other.oneShotPool_)),
      oneShotCommands_(std::exchange(other.oneShotCommands_, VK_NULL_HANDLE)),
      oneShotFence_(std::move(other.oneShotFence_))
{
}

Device& Device::operator=(Device&& other) noexcept
{
    if (this != &other) {
        destroy();
        instance_ = other.instance_;
        device_ = std::exchange(other.device_, VK_NULL_HANDLE);
        info_ = std::move(other.info_);
        queue_ = other.queue_;
        queueFamilyIndex_ = other.queueFamilyIndex_;
        apiVersion_ = other.apiVersion_;
        timestampValidBits_ = other.timestampValidBits_;
        features_ = other.features_;
        driverPath_ = other.driverPath_;
        properties_ = other.properties_;
        subgroupProperties_ = other.subgroupProperties_;
        memoryProperties_ = other.memoryProperties_;
        setObjectName_ = other.setObjectName_;
        oneShotPool_ = std::move(other.oneShotPool_);
        oneShotCommands_ = std::exchange(other.oneShotCommands_, VK_NULL_HANDLE);
        oneShotFence_ = std::move(other.oneShotFence_);
    }
    return *this;
}

void Device::destroy()
{
    if (device_ == VK_NULL_HANDLE) {
        return;
    }
    vkDeviceWaitIdle(device_);
    oneShotFence_.reset();
    oneShotPool_.reset();
    oneShotCommands_ = VK_NULL_HANDLE;
    vkDestroyDevice(device_, nullptr);
    device_ = VK_NULL_HANDLE;
}

uint32_t Device::findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                                VkMemoryPropertyFlags preferred) const
{
    std::optional<uint32_t> fallback;
    for (uint32_t type = 0; type < memoryProperties_.memoryTypeCount; ++type) {
        const VkMemoryPropertyFlags flags = memoryProperties_.memoryTypes[type].propertyFlags;
        if ((typeBits & (1u << type)) == 0 || (flags & required) != required) {
            continue;
        }
        if ((flags & preferred) == preferred) {
            return type;
        }
        if (!fallback) {
            fallback = type;
        }
    }
    if (!fallback) {
        throw Error("no Vulkan memory type with property flags " + std::to_string(required) + " on " + info_.name);
    }
    return *fallback;
}

void Device::submitAndWait(const std::function<void(VkCommandBuffer)>& record)
{
    VK_CHECK(vkResetCommandBuffer(oneShotCommands_, 0));
    beginCommandBuffer(oneShotCommands_);
    record(oneShotCommands_);
    endCommandBuffer(oneShotCommands_);

    VkSubmitInfo submit{};
    submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &oneShotCommands_;
    const VkFence fence = oneShotFence_.get();
    VK_CHECK(vkResetFences(device_, 1, &fence));
    VK_CHECK(vkQueueSubmit(queue_, 1, &submit, fence));
    VK_CHECK(vkWaitForFences(device_, 1, &fence, VK_TRUE, UINT64_MAX));
}

void Device::waitIdle() const
{
    VK_CHECK(vkDeviceWaitIdle(device_));
}

void Device::setObjectName(VkObjectType type, uint64_t handle, const char* name) const
{
    if (setObjectName_ == nullptr) {
        return;
    }
    VkDebugUtilsObjectNameInfoEXT info{};
    info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT;
    info.objectType = type;
    info.objectHandle = handle;
    info.pObjectName = name;
    VK_CHECK(setObjectName_(device_, &info));
}

}  // namespace vk
