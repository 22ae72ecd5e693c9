// The one switch between the code tuned for GPUs and the code tuned for CPU
// Vulkan drivers (Mesa's lavapipe). It picks
//   - the sum reduction's first dispatch (cbt::gpu::SumReductionPass): a
//     shared-memory tree on GPUs, serial blocks without barriers on a CPU
//     driver, which runs a workgroup's barriers by switching between its
//     SIMD groups;
//   - the shader variants compiled with CBT_CPU_DRIVER_PATH
//     (shaders/vk/DriverPath.glsl): lavapipe compiles, and keeps, a new
//     variant of a shader each time its uniform buffer is bound when a loop
//     or a branch depends on uniform data alone;
//   - anisotropic filtering of the draped imagery (terrain::ImageryTexture):
//     on a CPU driver under multisampling it takes seconds a frame.
//   - the largest triangle one invocation of a visibility pass
//     covers alone (raster::gpu::defaultSmallTrianglePixels).
// The readable code a newcomer follows is the GPU path; the CPU-driver path
// changes no result, only how fast a CPU driver gets there.
#pragma once

#include "vk/ShaderCompiler.h"

#include <vulkan/vulkan.h>

#include <string_view>
#include <vector>

namespace vk {

enum class DriverPath { Gpu, CpuDriver };

// "gpu" or "cpu" (the values of CBT_DRIVER_PATH).
[[nodiscard]] std::string_view driverPathName(DriverPath path);

// The path for a device of type `deviceType` given the value of the
// environment variable CBT_DRIVER_PATH (`override`, empty when unset): the
// override when it is "gpu" or "cpu" (std::invalid_argument for any other
// value), else CpuDriver for VK_PHYSICAL_DEVICE_TYPE_CPU and Gpu for every
// other type.
[[nodiscard]] DriverPath chooseDriverPath(VkPhysicalDeviceType deviceType, std::string_view override);

// The macros of a driver path's shader variants: CBT_CPU_DRIVER_PATH for
// CpuDriver, none for Gpu.
[[nodiscard]] std::vector<ShaderMacro> driverPathMacros(DriverPath path);

}  // namespace vk
