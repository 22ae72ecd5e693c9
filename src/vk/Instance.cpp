#include "vk/Instance.h"

#include "vk/Error.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace vk {
namespace {

constexpr const char* kValidationLayerName = "VK_LAYER_KHRONOS_validation";

const char* noDriverMessage()
{
    return "no Vulkan driver found: install mesa-vulkan-drivers (lavapipe, a CPU driver) or your GPU's Vulkan "
           "driver";
}

bool hasLayer(const char* name)
{
    uint32_t count = 0;
    VK_CHECK(vkEnumerateInstanceLayerProperties(&count, nullptr));
    std::vector<VkLayerProperties> layers(count);
    VK_CHECK(vkEnumerateInstanceLayerProperties(&count, layers.data()));
    return std::any_of(layers.begin(), layers.end(),
                       [name](const VkLayerProperties& layer) { return std::strcmp(layer.layerName, name) == 0; });
}

void appendExtensionNames(const char* layer, std::vector<std::string>& names)
{
    uint32_t count = 0;
    VK_CHECK(vkEnumerateInstanceExtensionProperties(layer, &count, nullptr));
    std::vector<VkExtensionProperties> extensions(count);
    VK_CHECK(vkEnumerateInstanceExtensionProperties(layer, &count, extensions.data()));
    for (const VkExtensionProperties& extension : extensions) {
        names.emplace_back(extension.extensionName);
    }
}

// The instance extensions offered by the loader and drivers, plus those of
// `layer` when it is not null.
std::vector<std::string> availableExtensions(const char* layer)
{
    std::vector<std::string> names;
    appendExtensionNames(nullptr, names);
    if (layer != nullptr) {
        appendExtensionNames(layer, names);
    }
    return names;
}

uint32_t loaderApiVersion()
{
    uint32_t version = VK_API_VERSION_1_0;
    if (vkEnumerateInstanceVersion(&version) != VK_SUCCESS) {
        return VK_API_VERSION_1_0;
    }
    return version;
}

}  // namespace

Instance::Instance(const InstanceOptions& options)
{
    apiVersion_ = std::min(options.maxApiVersion, loaderApiVersion());
    // Strip the patch number: the instance asks for a major.minor version.
    apiVersion_ = VK_MAKE_API_VERSION(0, VK_API_VERSION_MAJOR(apiVersion_), VK_API_VERSION_MINOR(apiVersion_), 0);

    std::vector<const char*> extensions = options.extraExtensions;
    std::vector<const char*> layers;
    if (options.validation) {
        if (!hasLayer(kValidationLayerName)) {
            throw Error(
                "Vulkan validation layer VK_LAYER_KHRONOS_validation not found: install vulkan-validationlayers");
        }
        layers.push_back(kValidationLayerName);
        extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
        extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
        log_ = std::make_unique<ValidationMessageLog>(options.printValidationMessages);
    }

    const std::vector<std::string> available = availableExtensions(options.validation ? kValidationLayerName : nullptr);
    for (const char* extension : extensions) {
        if (std::find(available.begin(), available.end(), extension) == available.end()) {
            throw Error(std::string("Vulkan instance extension ") + extension + " is not available");
        }
    }

    VkApplicationInfo application{};
    application.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
    application.pApplicationName = options.appName.c_str();
    application.applicationVersion = VK_MAKE_API_VERSION(0, 0, 1, 0);
    application.pEngineName = "cbt-terrain";
    application.engineVersion = VK_MAKE_API_VERSION(0, 0, 1, 0);
    application.apiVersion = apiVersion_;

    // With validation: synchronization validation on, and the messenger also
    // covers vkCreateInstance / vkDestroyInstance themselves.
    const VkValidationFeatureEnableEXT enabledValidation[] = {
        VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
    VkDebugUtilsMessengerCreateInfoEXT messengerInfo{};
    VkValidationFeaturesEXT validationFeatures{};
    if (log_) {
        messengerInfo = log_->messengerCreateInfo();
        validationFeatures.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT;
        validationFeatures.pNext = &messengerInfo;
        validationFeatures.enabledValidationFeatureCount = 1;
        validationFeatures.pEnabledValidationFeatures = enabledValidation;
    }

    VkInstanceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
    info.pNext = log_ ? &validationFeatures : nullptr;
    info.pApplicationInfo = &application;
    info.enabledLayerCount = static_cast<uint32_t>(layers.size());
    info.ppEnabledLayerNames = layers.data();
    info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();

    const VkResult result = vkCreateInstance(&info, nullptr, &instance_);
    if (result == VK_ERROR_INCOMPATIBLE_DRIVER) {
        throw Error(noDriverMessage());
    }
    checkResult(result, "vkCreateInstance");
    if (log_) {
        try {
            messenger_ = DebugMessenger(instance_, *log_);
        } catch (...) {
            destroy();
            throw;
        }
    }
}

Instance::~Instance()
{
    destroy();
}

Instance::Instance(Instance&& other) noexcept
    : log_(std::move(other.log_)),
      instance_(std::exchange(other.instance_, VK_NULL_HANDLE)),
      messenger_(std::move(other.messenger_)),
      apiVersion_(other.apiVersion_)
{
}

Instance& Instance::operator=(Instance&& other) noexcept
{
    if (this != &other) {
        destroy();
        log_ = std::move(other.log_);
        instance_ = std::exchange(other.instance_, VK_NULL_HANDLE);
        messenger_ = std::move(other.messenger_);
        apiVersion_ = other.apiVersion_;
    }
    return *this;
}

void Instance::destroy()
{
    messenger_ = DebugMessenger();
    if (instance_ != VK_NULL_HANDLE) {
        vkDestroyInstance(instance_, nullptr);
        instance_ = VK_NULL_HANDLE;
    }
}

std::vector<std::string> Instance::validationMessages() const
{
    return log_ ? log_->messages() : std::vector<std::string>{};
}

void Instance::clearValidationMessages()
{
    if (log_) {
        log_->clear();
    }
}

}  // namespace vk
