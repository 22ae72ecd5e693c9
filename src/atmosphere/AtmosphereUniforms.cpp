#include "atmosphere/AtmosphereUniforms.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace atmosphere {

namespace {

constexpr float kMetresPerKm = 1000.0f;
constexpr float kCameraMarginKm = 0.001f;

}  // namespace

glm::vec3 cameraPlanetPosition(const AtmosphereParameters& parameters, glm::vec3 cameraWorldPosition)
{
    const glm::vec3 position = cameraWorldPosition / kMetresPerKm + glm::vec3(0.0f, parameters.planetRadiusKm, 0.0f);
    const float radius = glm::length(position);
    const float lowest = parameters.planetRadiusKm + kCameraMarginKm;
    const float highest = parameters.atmosphereTopRadiusKm - kCameraMarginKm;
    const float clamped = std::clamp(radius, lowest, std::max(lowest, highest));
    if (radius <= 0.0f) {
        return glm::vec3(0.0f, clamped, 0.0f);
    }
    return position * (clamped / radius);
}

AtmosphereUniforms makeAtmosphereUniforms(const AtmosphereParameters& parameters, const AtmosphereQuality& quality,
                                          const camera::FrameView& view, glm::vec3 sunDirection)
{
    AtmosphereUniforms uniforms;
    uniforms.planetRadiusKm = parameters.planetRadiusKm;
    uniforms.topRadiusKm = parameters.atmosphereTopRadiusKm;
    uniforms.rayleighScaleHeightKm = parameters.rayleighScaleHeightKm;
    uniforms.mieScaleHeightKm = parameters.mieScaleHeightKm;
    uniforms.rayleighScatteringPerKm = parameters.rayleighScatteringPerMetre * kMetresPerKm;
    uniforms.mieScatteringPerKm = parameters.mieScatteringPerMetre * kMetresPerKm;
    uniforms.mieExtinctionPerKm = parameters.mieExtinctionPerMetre * kMetresPerKm;
    uniforms.miePhaseG = parameters.miePhaseG;
    uniforms.multipleScatteringFactor = parameters.multipleScatteringFactor;
    uniforms.ozoneAbsorptionPerKm = parameters.ozoneAbsorptionPerMetre * kMetresPerKm;
    uniforms.ozoneCentreAltitudeKm = parameters.ozoneCentreAltitudeKm;
    uniforms.ozoneWidthKm = parameters.ozoneWidthKm;
    uniforms.sunAngularRadius = parameters.sunAngularRadiusDegrees * std::numbers::pi_v<float> / 180.0f;
    uniforms.cosSunAngularRadius = std::cos(uniforms.sunAngularRadius);
    uniforms.aerialPerspectiveDistanceKm = parameters.aerialPerspectiveDistanceKm;
    uniforms.groundAlbedo = parameters.groundAlbedo;
    uniforms.sunIlluminance = parameters.sunIlluminance;
    const float sunLength = glm::length(sunDirection);
    uniforms.sunDirection = sunLength > 0.0f ? sunDirection / sunLength : glm::vec3(0.0f, 1.0f, 0.0f);
    uniforms.cameraPosition = view.cameraPosition;
    uniforms.cameraPlanetPosition = cameraPlanetPosition(parameters, view.cameraPosition);
    glm::mat4 rotation = view.view;
    rotation[3] = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
    uniforms.viewRotationProjection = view.projection * rotation;
    uniforms.inverseViewRotationProjection = glm::inverse(uniforms.viewRotationProjection);
    uniforms.transmittanceSamples = quality.transmittanceSamples;
    uniforms.multipleScatteringSamples = quality.multipleScatteringSamples;
    uniforms.skyViewSamples = quality.skyViewSamples;
    uniforms.aerialPerspectiveSamplesPerSlice = quality.aerialPerspectiveSamplesPerSlice;
    return uniforms;
}

}  // namespace atmosphere
