// The globe's sky: what the camera sees where the globe's surface covers
// nothing, from the ground (the blue sky, the sunset) to space (black, the
// atmosphere's limb and the sun's disc). A view ray that meets the sea-level
// sphere there (past the mesh's last bisectors, towards the horizon) sees
// deep sea, shaded as the globe's own sea (planet/SeaSurface.glsl). The
// includer binds the atmosphere's set (planet/GlobeAtmosphere.glsl).
#ifndef PLANET_GLOBE_SKY_GLSL
#define PLANET_GLOBE_SKY_GLSL

#include "planet/GlobeAtmosphere.glsl"
#include "planet/SeaSurface.glsl"

// Deep enough that no light comes back from the seabed.
const float GLOBE_SKY_SEA_DEPTH_METRES = 1.0e4;

// The luminance along the unit view ray `direction` (atmosphere space) from
// `camera` (atmosphere space, km) at `altitude` (km), the sun towards `sun`;
// the sea beyond the mesh reflects `seaLevelSky`.
vec3 globeSky_Luminance(sampler3D seaLevelSky, vec3 camera, float altitude, vec3 direction, vec3 sun)
{
    vec2 ground = globeAtmosphere_SphereCrossing(camera, direction, atmosphere_BottomRadius(), altitude);
    bool hitsGround = ground.x > 0.0 && ground.x <= ground.y;
    float end = hitsGround ? ground.x : 1.0e9;
    atmosphere_Gathered air = globeAtmosphere_Gather(camera, altitude, direction, end, sun, 24, 0.0);
    vec3 luminance = air.luminance;
    if (hitsGround) {
        vec3 point = camera + direction * ground.x;
        float r = length(point);
        vec3 up = point / r;
        globeAtmosphere_Daylight light = globeAtmosphere_DaylightAt(r, dot(up, sun));
        luminance += air.transmittance *
                     seaSurface_Luminance(seaLevelSky, up, direction, GLOBE_SKY_SEA_DEPTH_METRES, sun, light);
    } else {
        luminance += globeAtmosphere_SunDisc(direction, sun, air.transmittance);
    }
    return luminance;
}

#endif  // PLANET_GLOBE_SKY_GLSL
