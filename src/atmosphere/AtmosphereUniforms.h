// The uniform block every atmosphere shader reads (std140), mirrored by
// `AtmosphereUniforms` in shaders/atmosphere/AtmosphereUniforms.glsl, and the
// per-frame view it is built from (camera::FrameView).
//
// World convention (the terrain's, see src/terrain/TerrainRenderer.h): Y up,
// metres, y = 0 at the planet's surface. The atmosphere works in kilometres
// from the planet's centre, which lies straight below the world origin:
//   planet position = world / 1000 + (0, planet radius, 0).
#pragma once

#include "atmosphere/AtmosphereParameters.h"
#include "atmosphere/AtmosphereQuality.h"
#include "camera/FrameView.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <cstdint>

namespace atmosphere {

struct AtmosphereUniforms {
    float planetRadiusKm = 0.0f;
    float topRadiusKm = 0.0f;  // of the atmosphere
    float rayleighScaleHeightKm = 0.0f;
    float mieScaleHeightKm = 0.0f;
    glm::vec3 rayleighScatteringPerKm{0.0f};  // rgb
    float unused0 = 0.0f;
    float mieScatteringPerKm = 0.0f;
    float mieExtinctionPerKm = 0.0f;
    float miePhaseG = 0.0f;
    float multipleScatteringFactor = 0.0f;
    glm::vec3 ozoneAbsorptionPerKm{0.0f};  // rgb
    float ozoneCentreAltitudeKm = 0.0f;
    float ozoneWidthKm = 0.0f;
    float sunAngularRadius = 0.0f;  // radians
    float cosSunAngularRadius = 1.0f;
    float aerialPerspectiveDistanceKm = 0.0f;
    glm::vec3 groundAlbedo{0.0f};  // rgb
    float unused1 = 0.0f;
    glm::vec3 sunIlluminance{0.0f};  // rgb
    float unused2 = 0.0f;
    glm::vec3 sunDirection{0.0f, 1.0f, 0.0f};  // unit vector towards the sun (world axes)
    float unused3 = 0.0f;
    glm::vec3 cameraPosition{0.0f};  // world metres
    float unused4 = 0.0f;
    glm::vec3 cameraPlanetPosition{0.0f};  // km from the planet's centre (x = z = 0), kept inside the atmosphere
    float unused5 = 0.0f;
    glm::mat4 viewRotationProjection{1.0f};         // projection * view without the view's translation
    glm::mat4 inverseViewRotationProjection{1.0f};  // clip space -> offset from the camera
    std::uint32_t transmittanceSamples = 0;
    std::uint32_t multipleScatteringSamples = 0;
    std::uint32_t skyViewSamples = 0;
    std::uint32_t aerialPerspectiveSamplesPerSlice = 0;
};

static_assert(offsetof(AtmosphereUniforms, rayleighScatteringPerKm) == 16);
static_assert(offsetof(AtmosphereUniforms, ozoneWidthKm) == 64);
static_assert(offsetof(AtmosphereUniforms, cameraPlanetPosition) == 144);
static_assert(offsetof(AtmosphereUniforms, viewRotationProjection) == 160);
static_assert(offsetof(AtmosphereUniforms, transmittanceSamples) == 288);
static_assert(sizeof(AtmosphereUniforms) == 304, "std140 layout of AtmosphereUniforms");

// Fills the block. The camera is kept at least 1 m above the ground and 1 m
// below the top of the atmosphere. `sunDirection` need not be normalised.
AtmosphereUniforms makeAtmosphereUniforms(const AtmosphereParameters& parameters, const AtmosphereQuality& quality,
                                          const camera::FrameView& view, glm::vec3 sunDirection);

// The camera's planet position (km) as makeAtmosphereUniforms computes it:
// above the planet's centre at the camera's altitude over the flat world,
// whatever its horizontal offset.
glm::vec3 cameraPlanetPosition(const AtmosphereParameters& parameters, glm::vec3 cameraWorldPosition);

}  // namespace atmosphere
