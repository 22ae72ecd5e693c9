// How much of the sun's disc a point of the ground sees over the terrain's
// horizon towards it, for the flat terrain (its horizon map,
// terrain::SunShadowMap) and the globe (planet/GlobeSunHorizon.glsl): the
// same soft shadow wherever the horizon comes from.
#ifndef SURFACE_SUN_VISIBILITY_GLSL
#define SURFACE_SUN_VISIBILITY_GLSL

// The sun's angular radius (0.27 degrees): the penumbra's width.
const float SURFACE_SUN_ANGULAR_RADIUS = 0.00467;

// The share of the sun's disc above a horizon at `horizonRadians` when its
// centre stands at `sunElevationRadians` (both above the local horizontal):
// 0 in the shadow of a ridge, 1 in the open, a linear ramp over the disc.
float surface_SunVisibility(float horizonRadians, float sunElevationRadians)
{
    return clamp((sunElevationRadians - horizonRadians) / (2.0 * SURFACE_SUN_ANGULAR_RADIUS) + 0.5, 0.0, 1.0);
}

#endif  // SURFACE_SUN_VISIBILITY_GLSL
