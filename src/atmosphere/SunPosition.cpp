#include "atmosphere/SunPosition.h"

#include <glm/trigonometric.hpp>

#include <cmath>

namespace atmosphere {

glm::vec3 sunDirection(const SunPosition& sun)
{
    const float azimuth = glm::radians(sun.azimuthDegrees);
    const float elevation = glm::radians(sun.elevationDegrees);
    return glm::vec3(std::sin(azimuth) * std::cos(elevation), std::sin(elevation),
                     -std::cos(azimuth) * std::cos(elevation));
}

}  // namespace atmosphere
