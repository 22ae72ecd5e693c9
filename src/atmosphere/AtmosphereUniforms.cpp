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
                                          const AtmosphereView& view, glm::vec3 sunDirection)
{
    AtmosphereUniforms uniforms;
    uniforms.radii = glm::vec4(parameters.planetRadiusKm, parameters.atmosphereTopRadiusKm,
                               parameters.rayleighScaleHeightKm, parameters.mieScaleHeightKm);
    uniforms.rayleighScattering = glm::vec4(parameters.rayleighScatteringPerMetre * kMetresPerKm, 0.0f);
    uniforms.mie =
        glm::vec4(parameters.mieScatteringPerMetre * kMetresPerKm, parameters.mieExtinctionPerMetre * kMetresPerKm,
                  parameters.miePhaseG, parameters.multipleScatteringFactor);
    uniforms.ozoneAbsorption =
        glm::vec4(parameters.ozoneAbsorptionPerMetre * kMetresPerKm, parameters.ozoneCentreAltitudeKm);
    const float sunRadius = parameters.sunAngularRadiusDegrees * std::numbers::pi_v<float> / 180.0f;
    uniforms.ozoneAndSun =
        glm::vec4(parameters.ozoneWidthKm, sunRadius, std::cos(sunRadius), parameters.aerialPerspectiveDistanceKm);
    uniforms.groundAlbedo = glm::vec4(parameters.groundAlbedo, 0.0f);
    uniforms.sunIlluminance = glm::vec4(parameters.sunIlluminance, 0.0f);
    const float sunLength = glm::length(sunDirection);
    uniforms.sunDirection = glm::vec4(sunLength > 0.0f ? sunDirection / sunLength : glm::vec3(0.0f, 1.0f, 0.0f), 0.0f);
    uniforms.cameraPosition = glm::vec4(view.cameraPosition, 1.0f);
    uniforms.cameraPlanetPosition = glm::vec4(cameraPlanetPosition(parameters, view.cameraPosition), 1.0f);
    glm::mat4 rotation = view.view;
    rotation[3] = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
    uniforms.viewRotationProjection = view.projection * rotation;
    uniforms.inverseViewRotationProjection = glm::inverse(uniforms.viewRotationProjection);
    uniforms.sampleCounts = glm::uvec4(quality.transmittanceSamples, quality.multipleScatteringSamples,
                                       quality.skyViewSamples, quality.aerialPerspectiveSamplesPerSlice);
    return uniforms;
}

}  // namespace atmosphere
