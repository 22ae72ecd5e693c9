// Collects the messages of the Khronos validation layer (through a
// VK_EXT_debug_utils messenger) so tests can assert there are none.
#pragma once

#include <vulkan/vulkan.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace vk {

// Thread-safe list of validation messages. Its address is what the Vulkan
// callback receives as user data, so it lives on the heap (see Instance) and
// never moves.
class ValidationMessageLog {
public:
    explicit ValidationMessageLog(bool printToStderr) : printToStderr_(printToStderr) {}

    // Records one message (called from the debug callback, any thread).
    void record(VkDebugUtilsMessageSeverityFlagBitsEXT severity, const VkDebugUtilsMessengerCallbackDataEXT& data);

    // Copies of the messages recorded so far, oldest first. Each is one string
    // "<SEVERITY> <message id name>: <message text>", e.g.
    // "ERROR SYNC-HAZARD-READ-AFTER-WRITE: Validation Error: ...".
    [[nodiscard]] std::vector<std::string> messages() const;
    void clear();

    // The create-info that routes WARNING and ERROR messages of every type to
    // this log (usable in VkInstanceCreateInfo::pNext as well).
    [[nodiscard]] VkDebugUtilsMessengerCreateInfoEXT messengerCreateInfo();

private:
    mutable std::mutex mutex_;
    std::vector<std::string> messages_;
    bool printToStderr_;
};

// Owns a VkDebugUtilsMessengerEXT that feeds a ValidationMessageLog.
class DebugMessenger {
public:
    DebugMessenger() = default;
    DebugMessenger(VkInstance instance, ValidationMessageLog& log);
    ~DebugMessenger();
    DebugMessenger(const DebugMessenger&) = delete;
    DebugMessenger& operator=(const DebugMessenger&) = delete;
    DebugMessenger(DebugMessenger&& other) noexcept;
    DebugMessenger& operator=(DebugMessenger&& other) noexcept;

private:
    void destroy();

    VkInstance instance_ = VK_NULL_HANDLE;
    VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
};

}  // namespace vk
