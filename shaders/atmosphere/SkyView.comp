#version 460
// Sky-view table: the luminance reaching the camera from every direction, in
// the camera's local frame (zenith up, azimuth measured from the sun), for
// the camera's altitude and the sun's elevation. Rays that hit the planet see
// the sunlit Lambertian ground behind the air.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "atmosphere/AtmosphereUniforms.glsl"
#include "atmosphere/AtmosphereModel.glsl"
#include "atmosphere/AtmosphereTables.glsl"
#include "atmosphere/ScatteringIntegration.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 1, binding = 0, rgba16f) uniform writeonly image2D skyViewLut;

void main()
{
    ivec2 size = imageSize(skyViewLut);
    ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(texel, size))) {
        return;
    }
    vec2 coordinate = (vec2(texel) + 0.5) / vec2(size);
    vec3 camera = atmosphere.cameraPlanetPosition;
    float r = length(camera);
    vec2 viewAngles = atmosphere_SkyViewLutDirection(r, coordinate, vec2(size));
    float cosViewZenith = viewAngles.x;
    float sinViewZenith = sqrt(max(1.0 - cosViewZenith * cosViewZenith, 0.0));
    float sunCosZenith = clamp(dot(camera / r, atmosphere.sunDirection), -1.0, 1.0);

    atmosphere_ViewRay ray;
    ray.origin = vec3(0.0, r, 0.0);
    ray.direction = vec3(sinViewZenith * cos(viewAngles.y), cosViewZenith, sinViewZenith * sin(viewAngles.y));
    ray.sunDirection = vec3(sqrt(max(1.0 - sunCosZenith * sunCosZenith, 0.0)), sunCosZenith, 0.0);

    bool hitsGround = atmosphere_RayIntersectsGround(r, cosViewZenith);
    float rayLength =
        hitsGround ? atmosphere_DistanceToGround(r, cosViewZenith) : atmosphere_DistanceToTopBoundary(r, cosViewZenith);
    // Samples crowd near the camera, where the air is densest along most rays.
    uint samples = max(atmosphere.skyViewSamples, 1u);
    atmosphere_Gathered gathered = atmosphere_NothingGathered();
    for (uint i = 0u; i < samples; ++i) {
        float begin = float(i) / float(samples);
        float end = float(i + 1u) / float(samples);
        atmosphere_GatherSegment(ray, rayLength * begin * begin, rayLength * end * end, gathered);
    }
    if (hitsGround) {
        gathered.luminance +=
            gathered.transmittance * atmosphere_GroundLuminance(ray.origin + ray.direction * rayLength, ray.sunDirection);
    }
    imageStore(skyViewLut, texel, vec4(gathered.luminance, 1.0));
}
