#version 460
// The globe's sky: what the camera sees where the globe's surface covers
// nothing, from the ground (the blue sky, the sunset) to space (black, the
// atmosphere's limb and the sun's disc). A view ray that meets the sea-level
// sphere there (past the mesh's last bisectors, towards the horizon) sees
// deep sea, shaded as the globe's own sea (planet/SeaSurface.glsl).
#extension GL_GOOGLE_include_directive : require
#define ATMOSPHERE_SET 0
#include "planet/GlobeAtmosphere.glsl"
#include "planet/SeaSurface.glsl"
#include "display/HdrOutput.glsl"

// planet::gpu::GlobeSkyPass's push constants.
layout(push_constant) uniform GlobeSkyView {
    mat4 inverseViewRotationProjection;  // clip space to ECEF view directions
    vec4 cameraAtmosphere;               // xyz: atmosphere space (km); w: altitude there (km)
    vec4 sunAtmosphere;                  // unit
} sky;

layout(set = 1, binding = 0) uniform sampler3D globeSky_seaLevelSky;

// Deep enough that no light comes back from the seabed.
const float GLOBE_SKY_SEA_DEPTH_METRES = 1.0e4;

layout(location = 0) in vec2 deviceCoordinates;
layout(location = 0) out vec4 colour;

void main()
{
    vec4 offset = sky.inverseViewRotationProjection * vec4(deviceCoordinates, 0.5, 1.0);
    vec3 direction = globeAtmosphere_Direction(offset.xyz / offset.w);
    vec3 camera = sky.cameraAtmosphere.xyz;
    float altitude = sky.cameraAtmosphere.w;
    vec3 sun = sky.sunAtmosphere.xyz;
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
                     seaSurface_Luminance(globeSky_seaLevelSky, up, direction, GLOBE_SKY_SEA_DEPTH_METRES, sun, light);
    } else {
        luminance += globeAtmosphere_SunDisc(direction, sun, air.transmittance);
    }
    colour = display_HdrOutput(luminance, true);
}
