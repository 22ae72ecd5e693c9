// The Vulkan instance, optionally with the Khronos validation layer
// (synchronization validation on) and a messenger that records its messages.
#pragma once

#include "vk/ValidationMessenger.h"

#include <vulkan/vulkan.h>

#include <memory>
#include <string>
#include <vector>

namespace vk {

struct InstanceOptions {
    // Enable VK_LAYER_KHRONOS_validation with synchronization validation and
    // record its WARNING/ERROR messages (see Instance::validationMessages).
    // Throws vk::Error if the layer is not installed.
    bool validation = false;
    // With validation: also print each message to stderr as it arrives.
    bool printValidationMessages = true;
    // Extra instance extensions, e.g. those glfwGetRequiredInstanceExtensions
    // returns. Headless use needs none. The strings must outlive the
    // constructor call only.
    std::vector<const char*> extraExtensions;
    std::string appName = "cbt-terrain";
    // Highest Vulkan version asked for; lowered to what the loader offers.
    uint32_t maxApiVersion = VK_API_VERSION_1_3;
};

// Owns a VkInstance (and its debug messenger). Move-only; everything created
// from it (devices, surfaces) must be destroyed first.
class Instance {
public:
    // Throws vk::Error: "no Vulkan driver found: ..." when there is no
    // loader/driver, "Vulkan validation layer ... not found: ..." when
    // validation is requested but the layer is missing, or a failed-call
    // message otherwise.
    explicit Instance(const InstanceOptions& options = {});
    ~Instance();
    Instance(const Instance&) = delete;
    Instance& operator=(const Instance&) = delete;
    Instance(Instance&& other) noexcept;
    Instance& operator=(Instance&& other) noexcept;

    [[nodiscard]] VkInstance handle() const { return instance_; }
    // The API version the instance was created with (<= maxApiVersion).
    [[nodiscard]] uint32_t apiVersion() const { return apiVersion_; }
    [[nodiscard]] bool validationEnabled() const { return log_ != nullptr; }
    // True when VK_EXT_debug_utils is enabled (object names, labels).
    [[nodiscard]] bool debugUtilsEnabled() const { return log_ != nullptr; }

    // The WARNING and ERROR messages the validation layer produced so far
    // (thread-safe; empty when validation is off). See ValidationMessageLog.
    [[nodiscard]] std::vector<std::string> validationMessages() const;
    void clearValidationMessages();

private:
    void destroy();

    std::unique_ptr<ValidationMessageLog> log_;
    VkInstance instance_ = VK_NULL_HANDLE;
    DebugMessenger messenger_;
    uint32_t apiVersion_ = 0;
};

}  // namespace vk
