// The ground's albedo from physical quantities, one palette for the flat
// terrain and the globe (src/surface/GroundAlbedo.h is its CPU mirror):
// grass on gentle ground, soil where it steepens, rock on steep slopes and,
// thinning the vegetation, in the alpine band below the snow line; sand on
// the shore (a few metres either side of sea level, surface_ShoreWeight);
// snow above the snow line (surface/SnowLine.glsl, or a
// line the user set) where the ground is gentle enough to hold it. The
// caller's variation (surface/MaterialVariation.glsl) makes the boundaries
// wander, so the materials blend in patches rather than in bands.
#ifndef SURFACE_GROUND_ALBEDO_GLSL
#define SURFACE_GROUND_ALBEDO_GLSL

// Lambertian albedos of the palette (linear RGB).
const vec3 SURFACE_GRASS = vec3(0.070, 0.130, 0.040);
const vec3 SURFACE_SOIL = vec3(0.160, 0.120, 0.075);
const vec3 SURFACE_ROCK = vec3(0.150, 0.135, 0.120);
const vec3 SURFACE_SAND = vec3(0.300, 0.260, 0.190);
const vec3 SURFACE_SNOW = vec3(0.800, 0.820, 0.860);

// What the ground's albedo depends on, in the ground's own terms.
struct surface_Ground {
    float elevationMetres;  // above sea level (real metres: no vertical exaggeration)
    float steepness;        // 1 - the cosine of the ground's tilt: 0 level, 1 vertical
    float snowLineMetres;   // the permanent snow line over this ground
    float variation;        // the materials' patchiness here, in [-0.5, 0.5]
    float shore;            // how surely heights near sea level are a shore (surface_ShoreWeight)
};

// Whether heights near sea level are a shore, where sand gathers: 1 where
// they have a vertical datum (`datum`) and their samples lie close enough
// to draw a beach, fading out as the spacing grows from 100 m to 1 km. A
// beach is tens of metres wide: between samples kilometres apart, ground
// near 0 m is a lowland (a delta, polders, the Caspian's flats), not a shore.
float surface_ShoreWeight(bool datum, float dataSpacingMetres)
{
    return datum ? 1.0 - smoothstep(100.0, 1000.0, dataSpacingMetres) : 0.0;
}

// The share of the ground that snow covers: none below the snow line, all
// of it 300 m above, the line wandering 200 m either way with the
// variation; none on slopes steeper than about 55 degrees.
float surface_SnowCover(surface_Ground ground)
{
    float line = ground.snowLineMetres;
    float above = ground.elevationMetres + 400.0 * ground.variation;
    return smoothstep(line, line + 300.0, above) * (1.0 - smoothstep(0.2, 0.4, ground.steepness));
}

vec3 surface_GroundAlbedo(surface_Ground ground)
{
    float variation = ground.variation;
    float steepness = ground.steepness;
    float elevation = ground.elevationMetres;
    float snowLine = ground.snowLineMetres;
    vec3 albedo = mix(SURFACE_GRASS, SURFACE_SOIL, smoothstep(0.05, 0.15, steepness + 0.08 * variation));
    // The alpine band: vegetation gives way to scree over the 900 m below the snow line.
    float alpine = smoothstep(snowLine - 1200.0, snowLine - 300.0, elevation + 400.0 * variation);
    albedo = mix(albedo, mix(SURFACE_SOIL, SURFACE_ROCK, 0.7), 0.8 * alpine);
    albedo = mix(albedo, SURFACE_ROCK, smoothstep(0.18, 0.35, steepness + 0.10 * variation));
    if (ground.shore > 0.0) {
        float shore = elevation + 8.0 * variation;
        float beach = smoothstep(-30.0, -5.0, shore) * (1.0 - smoothstep(2.0, 12.0, shore));
        albedo = mix(albedo, SURFACE_SAND, ground.shore * beach * (1.0 - smoothstep(0.08, 0.2, steepness)));
    }
    return mix(albedo, SURFACE_SNOW, surface_SnowCover(ground));
}

#endif  // SURFACE_GROUND_ALBEDO_GLSL
