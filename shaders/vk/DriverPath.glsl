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

// The clip position a vertex shader writes: `position`, but on the
// CPU-driver path a point inside the clip volume for a lane whose `valid` is
// false. llvmpipe shades vertices 8 lanes at a time in chunks of 4095
// vertices, so the last group of every chunk has an inactive lane; its
// buffer loads read zeros and its position is still tested against the clip
// volume, and a position outside it sends the whole chunk through the draw
// module's clipping stages, triangle by triangle (several times slower than
// its direct path). `valid` is the shader's sign of a real vertex, false for
// data of zeros; the choice is a select, so the inactive lane takes it too.
vec4 vk_ClipPositionOfLane(vec4 position, bool valid)
{
#ifdef CBT_CPU_DRIVER_PATH
    return mix(vec4(0.0, 0.0, 0.5, 1.0), position, bvec4(valid));
#else
    return position;
#endif
}

#endif  // VK_DRIVER_PATH_GLSL
