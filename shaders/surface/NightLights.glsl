// The lights of towns on the night side, for the flat terrain and the globe,
// as surface::nightLightsLuminance gives them on the CPU
// (src/surface/NightLights.h; tests/surface compares the two). A map of
// night lights (linear RGB, 1 for the brightest) becomes light the ground
// emits: none while the sun stands more than about 6 degrees above the
// horizon, all of it once it is as far below, smooth in between (dusk).
#ifndef SURFACE_NIGHT_LIGHTS_GLSL
#define SURFACE_NIGHT_LIGHTS_GLSL

// The luminance of the brightest lights, in the units where the sun's
// illuminance is 1 (atmosphere::AtmosphereParameters::sunIlluminance):
// sunlit ground of albedo 0.2 has 0.2 / pi, about 0.064. The towns are far
// brighter than nature makes them beside a sunlit day side, so that one
// exposure shows both, as the composite night maps people know do.
const float SURFACE_NIGHT_LIGHTS_LUMINANCE = 0.15;
// The sine of the sun's elevation where the lights are all off (above)
// and all on (below its negative).
const float SURFACE_NIGHT_LIGHTS_DUSK = 0.1;

// The share of the lights that shows where the sun's cosine of zenith is
// `sunCosZenith` (the sine of its elevation).
float surface_NightLightsShare(float sunCosZenith)
{
    return smoothstep(SURFACE_NIGHT_LIGHTS_DUSK, -SURFACE_NIGHT_LIGHTS_DUSK, sunCosZenith);
}

// The luminance the ground emits for the night lights `lights` (linear RGB).
vec3 surface_NightLightsLuminance(vec3 lights, float sunCosZenith)
{
    return lights * (SURFACE_NIGHT_LIGHTS_LUMINANCE * surface_NightLightsShare(sunCosZenith));
}

#endif  // SURFACE_NIGHT_LIGHTS_GLSL
