// GLSL's smoothstep and mix, written as GLSL defines them, for the CPU
// mirrors of shaders/surface (the same operations in the same order).
#pragma once

#include <glm/common.hpp>
#include <glm/vec3.hpp>

namespace surface {

inline float smoothStep(float edge0, float edge1, float x)
{
    const float t = glm::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

inline glm::vec3 mixed(const glm::vec3& a, const glm::vec3& b, float t)
{
    return a * (1.0f - t) + b * t;
}

}  // namespace surface
