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
    // Above the planet's centre at the camera's altitude, wherever the
    // camera is over the flat map: as for the sunlight
    // (atmosphere_SunIlluminanceAt), a horizontal offset would tilt the
    // sky and, thousands of kilometres out over a continent-wide map, put
    // the camera in space under a black sky.
    const float radius = parameters.planetRadiusKm + cameraWorldPosition.y / kMetresPerKm;
    const float lowest = parameters.planetRadiusKm + kCameraMarginKm;
    const float highest = parameters.atmosphereTopRadiusKm - kCameraMarginKm;
    return glm::vec3(0.0f, std::clamp(radius, lowest, std::max(lowest, highest)), 0.0f);
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
