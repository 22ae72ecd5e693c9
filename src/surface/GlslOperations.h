// GLSL's smoothstep and mix, written as GLSL defines them, for the CPU
// mirrors of shaders/surface (the same operations in the same order).
#pragma once

#include <glm/common.hpp>
#include <glm/vec3.hpp>

namespace surface {

// In float, or in double for the mirrors of double GLSL.
template <typename Real>
Real smoothStep(Real edge0, Real edge1, Real x)
{
    const Real t = glm::clamp((x - edge0) / (edge1 - edge0), Real(0), Real(1));
    return t * t * (Real(3) - Real(2) * t);
}

inline glm::vec3 mixed(const glm::vec3& a, const glm::vec3& b, float t)
{
    return a * (1.0f - t) + b * t;
}

}  // namespace surface
