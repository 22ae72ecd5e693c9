// The ground's albedo from physical quantities, one palette for the flat
// terrain and the globe: the CPU mirror of shaders/surface/GroundAlbedo.glsl,
// operation for operation in float (tests/surface compares the two).
#pragma once

#include <glm/vec3.hpp>

namespace surface {

// The palette's Lambertian albedos (linear RGB).
inline constexpr glm::vec3 kGrass{0.070f, 0.130f, 0.040f};
inline constexpr glm::vec3 kSoil{0.160f, 0.120f, 0.075f};
inline constexpr glm::vec3 kRock{0.150f, 0.135f, 0.120f};
inline constexpr glm::vec3 kSand{0.300f, 0.260f, 0.190f};
inline constexpr glm::vec3 kSnow{0.800f, 0.820f, 0.860f};

// What the ground's albedo depends on, in the ground's own terms.
struct Ground {
    float elevationMetres = 0.0f;  // above sea level (real metres: no vertical exaggeration)
    float steepness = 0.0f;        // 1 - the cosine of the ground's tilt: 0 level, 1 vertical
    float snowLineMetres = 0.0f;   // the permanent snow line over this ground (surface::permanentSnowLineMetres)
    float variation = 0.0f;        // the materials' patchiness here, in [-0.5, 0.5]
    float shore = 0.0f;            // how surely heights near sea level are a shore (shoreWeight)
};

// Whether heights near sea level are a shore, where sand gathers: 1 where
// they have a vertical datum (`datum`) and their samples lie close enough to
// draw a beach, fading out as the spacing grows from 100 m to 1 km. A beach
// is tens of metres wide: between samples kilometres apart, ground near 0 m
// is a lowland (a delta, polders, the Caspian's flats), not a shore.
[[nodiscard]] float shoreWeight(bool datum, float dataSpacingMetres);

// The share of the ground that snow covers: none below the snow line, all
// of it 300 m above, the line wandering 200 m either way with the
// variation; none on slopes steeper than about 55 degrees.
[[nodiscard]] float snowCover(const Ground& ground);

// Grass on gentle ground, soil where it steepens, rock on steep slopes and,
// thinning the vegetation, in the alpine band (the 900 m below the snow
// line); sand on the shore, as much as `shore` says; snow as snowCover says.
[[nodiscard]] glm::vec3 groundAlbedo(const Ground& ground);

}  // namespace surface
