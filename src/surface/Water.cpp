#include "surface/Water.h"

#include <glm/common.hpp>
#include <glm/exponential.hpp>

#include <cmath>
#include <numbers>

namespace surface {

glm::vec3 waterTransmittance(float metres)
{
    return glm::exp(-kWaterAbsorptionPerMetre * metres);
}

glm::vec3 waterBody(const glm::vec3& seabed, const glm::vec3& transmitted, const glm::vec3& irradiance)
{
    return seabed * transmitted +
           kDeepWaterAlbedo / std::numbers::pi_v<float> * irradiance * (glm::vec3(1.0f) - transmitted);
}

float waterFresnel(float cosView)
{
    const float grazing = 1.0f - glm::clamp(cosView, 0.0f, 1.0f);
    const float grazing2 = grazing * grazing;
    return 0.02f + 0.98f * grazing2 * grazing2 * grazing;
}

float sunGlint(float halfwayCos)
{
    return (kSunGlintPower + 8.0f) /
           (8.0f * std::numbers::pi_v<float>)*std::exp(kSunGlintPower * (glm::min(halfwayCos, 1.0f) - 1.0f));
}

glm::vec3 waterLuminance(const glm::vec3& body, const glm::vec3& sky, float cosView, float halfwayCos,
                         const glm::vec3& sunIlluminance)
{
    const float fresnel = waterFresnel(cosView);
    return body * (1.0f - fresnel) + sky * fresnel + fresnel * sunGlint(halfwayCos) * sunIlluminance;
}

}  // namespace surface
