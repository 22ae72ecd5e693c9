#include "vk/Error.h"

#include <string>

namespace vk {

std::string_view resultName(VkResult result)
{
    switch (result) {
#define CBT_RESULT_CASE(name) \
    case name: return #name;
        CBT_RESULT_CASE(VK_SUCCESS)
        CBT_RESULT_CASE(VK_NOT_READY)
        CBT_RESULT_CASE(VK_TIMEOUT)
        CBT_RESULT_CASE(VK_EVENT_SET)
        CBT_RESULT_CASE(VK_EVENT_RESET)
        CBT_RESULT_CASE(VK_INCOMPLETE)
        CBT_RESULT_CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
        CBT_RESULT_CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        CBT_RESULT_CASE(VK_ERROR_INITIALIZATION_FAILED)
        CBT_RESULT_CASE(VK_ERROR_DEVICE_LOST)
        CBT_RESULT_CASE(VK_ERROR_MEMORY_MAP_FAILED)
        CBT_RESULT_CASE(VK_ERROR_LAYER_NOT_PRESENT)
        CBT_RESULT_CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
        CBT_RESULT_CASE(VK_ERROR_FEATURE_NOT_PRESENT)
        CBT_RESULT_CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
        CBT_RESULT_CASE(VK_ERROR_TOO_MANY_OBJECTS)
        CBT_RESULT_CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
        CBT_RESULT_CASE(VK_ERROR_FRAGMENTED_POOL)
        CBT_RESULT_CASE(VK_ERROR_UNKNOWN)
        CBT_RESULT_CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
        CBT_RESULT_CASE(VK_ERROR_INVALID_EXTERNAL_HANDLE)
        CBT_RESULT_CASE(VK_ERROR_FRAGMENTATION)
        CBT_RESULT_CASE(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
        CBT_RESULT_CASE(VK_PIPELINE_COMPILE_REQUIRED)
        CBT_RESULT_CASE(VK_ERROR_SURFACE_LOST_KHR)
        CBT_RESULT_CASE(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
        CBT_RESULT_CASE(VK_SUBOPTIMAL_KHR)
        CBT_RESULT_CASE(VK_ERROR_OUT_OF_DATE_KHR)
        CBT_RESULT_CASE(VK_ERROR_INCOMPATIBLE_DISPLAY_KHR)
        CBT_RESULT_CASE(VK_ERROR_VALIDATION_FAILED_EXT)
        CBT_RESULT_CASE(VK_ERROR_INVALID_SHADER_NV)
#undef CBT_RESULT_CASE
        default: break;
    }
    return "unknown VkResult";
}

void checkResult(VkResult result, std::string_view call)
{
    if (result == VK_SUCCESS) {
        return;
    }
    std::string name(resultName(result));
    if (name == "unknown VkResult") {
        name = "VkResult(" + std::to_string(static_cast<int>(result)) + ")";
    }
    throw Error(std::string(call) + " failed: " + name);
}

namespace detail {

void checkCall(VkResult result, std::string_view expressionText)
{
    if (result == VK_SUCCESS) {
        return;
    }
    const size_t parenthesis = expressionText.find('(');
    checkResult(result, expressionText.substr(0, parenthesis));
}

}  // namespace detail
}  // namespace vk
