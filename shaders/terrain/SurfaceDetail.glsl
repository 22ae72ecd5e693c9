// Detail below the data: deterministic fractal relief finer than the
// elevation data's sample spacing, for the shading only (normals and albedo;
// the mesh keeps the data's heights). Everything is in metres over the
// ground, so any surface that knows its position, its data spacing and the
// pixel's footprint can use it.
//
// The relief is a sum of octaves of gradient noise. The coarsest is as long
// as the data's spacing, each next one half as long, and each octave's
// height is a fixed fraction (the roughness) of its wavelength, slightly
// less for the finer ones. Slopes then stay of the same order at every
// scale, as on natural ground. An octave fades in as its wavelength drops
// below the data's spacing (so the data's own shape is never doubled) and
// fades out below four pixels' footprint (so nothing finer than the pixels
// can resolve shimmers). A view whose pixels are coarser than the data sees
// no detail at all.
#ifndef TERRAIN_SURFACE_DETAIL_GLSL
#define TERRAIN_SURFACE_DETAIL_GLSL

#include "surface/GradientNoise.glsl"

// Seven octaves reach 1/64 of the data's spacing (8 cm for 5 m data).
const int DETAIL_MAX_OCTAVES = 7;

// The detail relief at `metres` over the ground: its height in metres (x)
// and its gradient (yz: rise over run along the two ground axes), for data
// sampled every `spacingMetres`, seen with a pixel footprint of
// `footprintMetres`, on ground of `roughness` (height over wavelength of the
// coarsest octave: about 0.05 for meadow, 0.2 for rock). All zero where the
// pixels are coarser than half the data's spacing.
vec3 detail_Relief(vec2 metres, float spacingMetres, float footprintMetres, float roughness)
{
    // Each octave's grid is turned by about 37 degrees from the last and
    // shifted, so that no grid axis or cell corner lines up across octaves.
    const mat2 turn = mat2(0.8, 0.6, -0.6, 0.8);
    mat2 rotation = mat2(1.0);
    vec3 relief = vec3(0.0);
    float wavelength = spacingMetres;
    float amplitude = roughness * spacingMetres;
    for (int octave = 0; octave < DETAIL_MAX_OCTAVES; ++octave) {
        float resolved = 1.0 - smoothstep(0.25, 0.5, footprintMetres / wavelength);
        if (resolved <= 0.0) {
            break;
        }
        // The first octave eases in as its wavelength falls below the data's.
        float weight = resolved * (octave == 0 ? 0.5 : 1.0);
        vec2 p = rotation * metres / wavelength + vec2(13.7, 71.3) * float(octave);
        vec3 noise = surface_GradientNoise(p);
        relief.x += weight * amplitude * noise.x;
        // d/d(metres) = rotation^T * d/dp / wavelength
        relief.yz += weight * amplitude / wavelength * (transpose(rotation) * noise.yz);
        rotation = turn * rotation;
        wavelength *= 0.5;
        amplitude *= 0.5 * 0.85;
    }
    return relief;
}

// The ground's normal with the detail relief's slopes added: `normal` is the
// data's (a height field's unit normal, y up), `gradient` detail_Relief().yz.
vec3 detail_PerturbedNormal(vec3 normal, vec2 gradient)
{
    vec2 slope = -normal.xz / max(normal.y, 1.0e-3) + gradient;
    return normalize(vec3(-slope.x, 1.0, -slope.y));
}

#endif  // TERRAIN_SURFACE_DETAIL_GLSL
