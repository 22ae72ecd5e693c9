// The sea as the globe shows it (its draw, and the sky pass where the view
// ray meets sea level past the globe's mesh): water at sea level over the
// bathymetry, its colour from the depth below it and the angle it is seen
// at (Fresnel's law: the sky's reflection at grazing angles, a glint of the
// sun). Include planet/GlobeAtmosphere.glsl first.
#ifndef PLANET_SEA_SURFACE_GLSL
#define PLANET_SEA_SURFACE_GLSL

#include "planet/SeaLevelSky.glsl"

// The sea's surface under vertical `up` over water `depth` metres deep, seen
// along `towards` (unit, from the camera) and lit by `light`, the sun along
// `sun`. The sky it reflects comes from `seaLevelSky`.
vec3 seaSurface_Luminance(sampler3D seaLevelSky, vec3 up, vec3 towards, float depth, vec3 sun,
                          globeAtmosphere_Daylight light)
{
    float sunCosZenith = dot(up, sun);
    float cosView = clamp(dot(-towards, up), 0.0, 1.0);
    // Light down to the seabed and back, absorbed red first; what the water
    // itself scatters back is the colour of deep sea. Below
    // planet::kSeabedShownDownToMetres the seabed no longer shows, and the
    // globe's criterion leaves it unrefined: keep the two together.
    float underwater = depth * (1.0 + 1.0 / max(cosView, 0.05));
    vec3 transmitted = exp(-vec3(0.35, 0.07, 0.03) * underwater);
    const vec3 deepAlbedo = vec3(0.004, 0.022, 0.040);
    const vec3 seabedAlbedo = vec3(0.30, 0.27, 0.20);
    vec3 irradiance = light.sunlight * max(sunCosZenith, 0.0) + light.skylight;
    vec3 body = mix(deepAlbedo, seabedAlbedo, transmitted) / ATMOSPHERE_PI * irradiance;
    float grazing = 1.0 - cosView;
    float grazing2 = grazing * grazing;
    float fresnel = 0.02 + 0.98 * grazing2 * grazing2 * grazing;
    vec3 reflected = reflect(towards, up);
    if (dot(reflected, up) < 0.0) {
        reflected = reflected - 2.0 * dot(reflected, up) * up;
    }
    vec3 sky = seaLevelSky_Luminance(seaLevelSky, up, reflected, sun);
    const float glintPower = 800.0;
    float halfwayCos = dot(normalize(sun - towards), up);
    float glint = (glintPower + 8.0) / (8.0 * ATMOSPHERE_PI) * exp(glintPower * (min(halfwayCos, 1.0) - 1.0));
    return mix(body, sky, fresnel) + fresnel * glint * light.sunlight;
}

#endif  // PLANET_SEA_SURFACE_GLSL
