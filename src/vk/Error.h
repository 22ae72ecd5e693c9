// Error reporting for the Vulkan layer: one exception type with one-line
// messages, and a check that turns a failed VkResult into such a message.
#pragma once

#include <vulkan/vulkan.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace vk {

// Every failure in src/vk (and in code built on it) is reported as a
// vk::Error whose what() is a single line meant for a human.
class Error : public std::runtime_error {
public:
    explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// The enumerator name of a VkResult, e.g. "VK_ERROR_OUT_OF_DEVICE_MEMORY"
// ("unknown VkResult" for values this build does not know).
std::string_view resultName(VkResult result);

// Throws vk::Error("<call> failed: <resultName>") (or "... failed:
// VkResult(<number>)" for an unknown value) unless result is
// VK_SUCCESS. Non-error status codes (VK_INCOMPLETE, VK_NOT_READY, ...) are
// not errors for every call: check them yourself before calling this.
void checkResult(VkResult result, std::string_view call);

}  // namespace vk

// VK_CHECK(vkCreateBuffer(device, &info, nullptr, &buffer)) throws
// vk::Error("vkCreateBuffer failed: VK_ERROR_OUT_OF_DEVICE_MEMORY"): the
// message names the function (the text of the expression up to its '(').
#define VK_CHECK(expression) ::vk::detail::checkCall((expression), #expression)

namespace vk::detail {
// Implementation of VK_CHECK: strips the argument list off the expression text.
void checkCall(VkResult result, std::string_view expressionText);
}  // namespace vk::detail
