// The sea's optics, one water for the flat terrain and the globe
// (src/surface/Water.h is its CPU mirror). The caller knows its geometry
// (where the view ray meets the water, how far light travels under it, the
// surface's normal, the sky it reflects); the water's constants and laws
// are here:
// - light crossing the water (down to the seabed and back up) is absorbed,
//   red first; what the water scatters back takes the colour of deep sea;
// - the surface reflects the sky by Fresnel's law (water's index 1.33, in
//   Schlick's form) and glints in the sun (a Blinn-Phong lobe of power 800,
//   as exp(800 (cos - 1)): the same near its peak, where all of its light
//   is, for one exponential).
#ifndef SURFACE_WATER_GLSL
#define SURFACE_WATER_GLSL

const float SURFACE_PI = 3.14159265358979;
// Absorption of sea water, per metre (red, green, blue).
const vec3 SURFACE_WATER_ABSORPTION = vec3(0.35, 0.07, 0.03);
// What deep water scatters back (a Lambertian albedo, linear RGB).
const vec3 SURFACE_DEEP_WATER_ALBEDO = vec3(0.004, 0.022, 0.040);
const float SURFACE_GLINT_POWER = 800.0;

// The share of light left after `metres` under water.
vec3 surface_WaterTransmittance(float metres)
{
    return exp(-SURFACE_WATER_ABSORPTION * metres);
}

// What comes up through the water's surface: the seabed's luminance
// (lit, before the water) through `transmitted`, and deep water's own
// colour under `irradiance` (the sun's and the sky's on the surface) for
// the light that did not cross.
vec3 surface_WaterBody(vec3 seabed, vec3 transmitted, vec3 irradiance)
{
    return seabed * transmitted + SURFACE_DEEP_WATER_ALBEDO / SURFACE_PI * irradiance * (1.0 - transmitted);
}

// The share of light the surface reflects, seen at `cosView` (the cosine
// between the view ray, reversed, and the surface's normal).
float surface_WaterFresnel(float cosView)
{
    float grazing = 1.0 - clamp(cosView, 0.0, 1.0);
    float grazing2 = grazing * grazing;
    return 0.02 + 0.98 * grazing2 * grazing2 * grazing;
}

// The sun's glint per unit of its illuminance, at `halfwayCos` (the cosine
// between the normal and the half-way vector of the sun and the view).
float surface_SunGlint(float halfwayCos)
{
    const float power = SURFACE_GLINT_POWER;
    return (power + 8.0) / (8.0 * SURFACE_PI) * exp(power * (min(halfwayCos, 1.0) - 1.0));
}

// The water's luminance towards the camera: the body below the surface,
// the reflected `sky`, and the sun's glint under `sunIlluminance` (already
// dimmed where the sun is hidden).
vec3 surface_WaterLuminance(vec3 body, vec3 sky, float cosView, float halfwayCos, vec3 sunIlluminance)
{
    float fresnel = surface_WaterFresnel(cosView);
    return mix(body, sky, fresnel) + fresnel * surface_SunGlint(halfwayCos) * sunIlluminance;
}

#endif  // SURFACE_WATER_GLSL
