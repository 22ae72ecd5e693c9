// The materials' patchiness over the ground (surface_Ground::variation):
// four octaves of gradient noise (surface/GradientNoise.glsl), wavelengths
// 640 to 40 m, over a point in ground metres, so that the boundaries between
// the materials wander. (Value noise here drew the snow line's edge as a
// staircase of its lattice's squares.)
#ifndef SURFACE_MATERIAL_VARIATION_GLSL
#define SURFACE_MATERIAL_VARIATION_GLSL

#include "surface/GradientNoise.glsl"

// The variation at `metres` (a point of the ground's plane), in
// [-0.5, 0.5]. An octave finer than two pixels' footprint
// (`footprintMetres`) fades to its mean, so distant ground does not shimmer.
float surface_MaterialVariation(vec2 metres, float footprintMetres)
{
    // Each octave's grid is turned by about 37 degrees from the last, so that
    // no grid axis shows through the sum.
    const mat2 turn = mat2(0.8, 0.6, -0.6, 0.8);
    float sum = 0.0;
    float weight = 0.5;
    float wavelength = 640.0;
    vec2 p = metres;
    for (int octave = 0; octave < 4; ++octave) {
        float resolved = 1.0 - smoothstep(0.25, 0.5, footprintMetres / wavelength);
        sum += weight * resolved * surface_GradientNoise(p / wavelength).x;
        weight *= 0.5;
        wavelength *= 0.25;
        p = turn * p + vec2(17.0, 43.0) * wavelength;
    }
    return clamp(0.5 * sum / 0.9375, -0.5, 0.5);
}

// The variation at `metres` (a point in 3D) on ground whose vertical is
// `up` (unit): the plane variation over the point's projections on the
// three axis planes, weighted by how squarely each faces the vertical, so
// that it is one continuous field over a curved surface. Where `up` is an
// axis (the flat terrain's y) it is surface_MaterialVariation over the
// other two (x, z).
float surface_MaterialVariationAround(vec3 metres, vec3 up, float footprintMetres)
{
    vec3 weights = up * up;
    weights *= weights;
    weights /= weights.x + weights.y + weights.z;
    float variation = 0.0;
    // A weight under a thousandth changes the variation by less than a
    // thousandth: its plane is left out.
    if (weights.x > 1.0e-3) {
        variation += weights.x * surface_MaterialVariation(metres.zy, footprintMetres);
    }
    if (weights.y > 1.0e-3) {
        variation += weights.y * surface_MaterialVariation(metres.xz, footprintMetres);
    }
    if (weights.z > 1.0e-3) {
        variation += weights.z * surface_MaterialVariation(metres.xy, footprintMetres);
    }
    return variation;
}

#endif  // SURFACE_MATERIAL_VARIATION_GLSL
