// The sea as the globe shows it (its draw, and the sky pass where the view
// ray meets sea level past the globe's mesh): water at sea level over the
// bathymetry, its colour from the depth below it and the angle it is seen
// at (the water's optics: surface/Water.glsl). Include
// planet/GlobeAtmosphere.glsl first.
#ifndef PLANET_SEA_SURFACE_GLSL
#define PLANET_SEA_SURFACE_GLSL

#include "planet/SeaLevelSky.glsl"
#include "surface/GroundAlbedo.glsl"
#include "surface/Water.glsl"

// The sea's surface under vertical `up` over water `depth` metres deep, seen
// along `towards` (unit, from the camera) and lit by `light`, the sun along
// `sun`. The sky it reflects comes from `seaLevelSky`.
vec3 seaSurface_Luminance(sampler3D seaLevelSky, vec3 up, vec3 towards, float depth, vec3 sun,
                          globeAtmosphere_Daylight light)
{
    float sunCosZenith = dot(up, sun);
    float cosView = clamp(dot(-towards, up), 0.0, 1.0);
    // Light down to the seabed (sand, lit as the surface is) and back. Below
    // planet::kSeabedShownDownToMetres the seabed no longer shows, and the
    // globe's criterion leaves it unrefined: keep the two together.
    float underwater = depth * (1.0 + 1.0 / max(cosView, 0.05));
    vec3 irradiance = light.sunlight * max(sunCosZenith, 0.0) + light.skylight;
    vec3 body = surface_WaterBody(SURFACE_SAND / SURFACE_PI * irradiance, surface_WaterTransmittance(underwater),
                                  irradiance);
    vec3 reflected = reflect(towards, up);
    if (dot(reflected, up) < 0.0) {
        reflected = reflected - 2.0 * dot(reflected, up) * up;
    }
    vec3 sky = seaLevelSky_Luminance(seaLevelSky, up, reflected, sun);
    float halfwayCos = dot(normalize(sun - towards), up);
    return surface_WaterLuminance(body, sky, cosView, halfwayCos, light.sunlight);
}

#endif  // PLANET_SEA_SURFACE_GLSL
