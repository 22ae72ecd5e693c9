// The CPU-driver path of the shaders (vk::DriverPath, src/vk/DriverPath.h):
// programs are compiled with CBT_CPU_DRIVER_PATH defined for a CPU Vulkan
// driver, and without it for a GPU. Nothing here changes a result.
//
// Mesa's lavapipe "inlines" uniform values that decide a loop or a branch:
// it compiles, and keeps, a new variant of the shader each time the uniform
// buffer is bound, that is every frame. vk_PerInvocation(value, invocation)
// returns `value` unchanged, but on the CPU-driver path ties it to a value of
// the invocation (min(value, invocation | 0x80000000u), which is `value` for
// any value below 2^31), so that the driver cannot inline it.
#ifndef VK_DRIVER_PATH_GLSL
#define VK_DRIVER_PATH_GLSL

uint vk_PerInvocation(uint uniformValue, uint invocationValue)
{
#ifdef CBT_CPU_DRIVER_PATH
    return min(uniformValue, invocationValue | 0x80000000u);
#else
    return uniformValue;
#endif
}

#endif  // VK_DRIVER_PATH_GLSL
