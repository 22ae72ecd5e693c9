#include "vk/ValidationMessenger.h"

#include "vk/Error.h"

#include <iostream>
#include <utility>

namespace vk {
namespace {

const char* severityName(VkDebugUtilsMessageSeverityFlagBitsEXT severity)
{
    if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) != 0) {
        return "ERROR";
    }
    if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) != 0) {
        return "WARNING";
    }
    if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT) != 0) {
        return "INFO";
    }
    return "VERBOSE";
}

VKAPI_ATTR VkBool32 VKAPI_CALL recordValidationMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                       VkDebugUtilsMessageTypeFlagsEXT /*types*/,
                                                       const VkDebugUtilsMessengerCallbackDataEXT* data, void* userData)
{
    if (data != nullptr && userData != nullptr) {
        static_cast<ValidationMessageLog*>(userData)->record(severity, *data);
    }
    return VK_FALSE;  // never abort the call that triggered the message
}

}  // namespace

void ValidationMessageLog::record(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                  const VkDebugUtilsMessengerCallbackDataEXT& data)
{
    std::string message = severityName(severity);
    message += ' ';
    message += data.pMessageIdName != nullptr ? data.pMessageIdName : "(no id)";
    message += ": ";
    message += data.pMessage != nullptr ? data.pMessage : "";
    const std::lock_guard lock(mutex_);
    if (printToStderr_) {
        std::cerr << "[vulkan] " << message << '\n';
    }
    messages_.push_back(std::move(message));
}

std::vector<std::string> ValidationMessageLog::messages() const
{
    const std::lock_guard lock(mutex_);
    return messages_;
}

void ValidationMessageLog::clear()
{
    const std::lock_guard lock(mutex_);
    messages_.clear();
}

VkDebugUtilsMessengerCreateInfoEXT ValidationMessageLog::messengerCreateInfo()
{
    VkDebugUtilsMessengerCreateInfoEXT info{};
    info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
    info.messageSeverity =
        VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    info.pfnUserCallback = recordValidationMessage;
    info.pUserData = this;
    return info;
}

DebugMessenger::DebugMessenger(VkInstance instance, ValidationMessageLog& log) : instance_(instance)
{
    const auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
    if (create == nullptr) {
        throw Error("vkCreateDebugUtilsMessengerEXT is missing although VK_EXT_debug_utils is enabled");
    }
    const VkDebugUtilsMessengerCreateInfoEXT info = log.messengerCreateInfo();
    VK_CHECK(create(instance, &info, nullptr, &messenger_));
}

DebugMessenger::~DebugMessenger()
{
    destroy();
}

DebugMessenger::DebugMessenger(DebugMessenger&& other) noexcept
    : instance_(std::exchange(other.instance_, VK_NULL_HANDLE)),
      messenger_(std::exchange(other.messenger_, VK_NULL_HANDLE))
{
}

DebugMessenger& DebugMessenger::operator=(DebugMessenger&& other) noexcept
{
    if (this != &other) {
        destroy();
        instance_ = std::exchange(other.instance_, VK_NULL_HANDLE);
        messenger_ = std::exchange(other.messenger_, VK_NULL_HANDLE);
    }
    return *this;
}

void DebugMessenger::destroy()
{
    if (messenger_ != VK_NULL_HANDLE) {
        const auto destroyMessenger = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
            vkGetInstanceProcAddr(instance_, "vkDestroyDebugUtilsMessengerEXT"));
        if (destroyMessenger != nullptr) {
            destroyMessenger(instance_, messenger_, nullptr);
        }
    }
    messenger_ = VK_NULL_HANDLE;
    instance_ = VK_NULL_HANDLE;
}

}  // namespace vk
