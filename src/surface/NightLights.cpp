#include "surface/NightLights.h"

#include "surface/GlslOperations.h"

namespace surface {

float nightLightsShare(float sunCosZenith)
{
    return smoothStep(kNightLightsDusk, -kNightLightsDusk, sunCosZenith);
}

glm::vec3 nightLightsLuminance(const glm::vec3& lights, float sunCosZenith)
{
    return lights * (kNightLightsLuminance * nightLightsShare(sunCosZenith));
}

}  // namespace surface
