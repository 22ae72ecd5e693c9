// The uniform block every atmosphere shader reads (std140), mirrored by
// `AtmosphereUniforms` in shaders/atmosphere/AtmosphereUniforms.glsl, and the
// per-frame view it is built from.
//
// World convention (the terrain's, see src/terrain/TerrainRenderer.h): Y up,
// metres, y = 0 at the planet's surface. The atmosphere works in kilometres
// from the planet's centre, which lies straight below the world origin:
//   planet position = world / 1000 + (0, planet radius, 0).
#pragma once

#include "atmosphere/AtmosphereParameters.h"
#include "atmosphere/AtmosphereQuality.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace atmosphere {

// The camera of one frame.
struct AtmosphereView {
    glm::mat4 view{1.0f};                          // world -> view
    glm::mat4 projection{1.0f};                    // view -> Vulkan clip space (either depth convention)
    glm::vec3 cameraPosition{0.0f, 100.0f, 0.0f};  // world metres
};

struct AtmosphereUniforms {
    glm::vec4 radii{0.0f};               // x: planet radius, y: top radius, z: Rayleigh / w: Mie scale height (km)
    glm::vec4 rayleighScattering{0.0f};  // rgb: per km
    glm::vec4 mie{0.0f};  // x: scattering, y: extinction (per km), z: phase g, w: multiple-scattering factor
    glm::vec4 ozoneAbsorption{0.0f};  // rgb: per km, w: centre altitude (km)
    glm::vec4 ozoneAndSun{
        0.0f};  // x: ozone width (km), y: sun angular radius (rad), z: its cosine, w: aerial distance (km)
    glm::vec4 groundAlbedo{0.0f};                    // rgb
    glm::vec4 sunIlluminance{0.0f};                  // rgb
    glm::vec4 sunDirection{0.0f, 1.0f, 0.0f, 0.0f};  // xyz: unit vector towards the sun (world axes)
    glm::vec4 cameraPosition{0.0f};                  // xyz: world metres
    glm::vec4 cameraPlanetPosition{0.0f};            // xyz: km from the planet's centre, kept inside the atmosphere
    glm::mat4 viewRotationProjection{1.0f};          // projection * view without the view's translation
    glm::mat4 inverseViewRotationProjection{1.0f};   // clip space -> offset from the camera
    glm::uvec4 sampleCounts{0u};  // x: transmittance, y: multiple scattering, z: sky view, w: aerial per slice
};

static_assert(sizeof(AtmosphereUniforms) == 10 * 16 + 2 * 64 + 16, "std140 layout of AtmosphereUniforms");

// Fills the block. The camera is kept at least 1 m above the ground and 1 m
// below the top of the atmosphere. `sunDirection` need not be normalised.
AtmosphereUniforms makeAtmosphereUniforms(const AtmosphereParameters& parameters, const AtmosphereQuality& quality,
                                          const AtmosphereView& view, glm::vec3 sunDirection);

// The camera's planet position (km) as makeAtmosphereUniforms computes it.
glm::vec3 cameraPlanetPosition(const AtmosphereParameters& parameters, glm::vec3 cameraWorldPosition);

}  // namespace atmosphere
