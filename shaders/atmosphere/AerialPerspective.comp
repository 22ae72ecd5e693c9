#version 460
// Aerial-perspective volume: one invocation per froxel column (a direction
// through the view frustum) marches away from the camera and stores, at the
// far distance of each slice, the light scattered towards the camera so far
// and the transmittance so far. A column that reaches the planet keeps its
// last values from there on.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "atmosphere/AtmosphereUniforms.glsl"
#include "atmosphere/AtmosphereModel.glsl"
#include "atmosphere/AtmosphereTables.glsl"
#include "atmosphere/ScatteringIntegration.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 1, binding = 0, rgba16f) uniform writeonly image3D aerialInScattering;
layout(set = 1, binding = 1, rgba16f) uniform writeonly image3D aerialTransmittance;

void main()
{
    ivec3 size = imageSize(aerialInScattering);
    ivec2 column = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(column, size.xy))) {
        return;
    }
    vec2 deviceCoordinates = (vec2(column) + 0.5) / vec2(size.xy) * 2.0 - 1.0;
    vec4 offset = atmosphere.inverseViewRotationProjection * vec4(deviceCoordinates, 0.5, 1.0);

    atmosphere_ViewRay ray;
    ray.origin = atmosphere.cameraPlanetPosition;
    ray.direction = normalize(offset.xyz / offset.w);
    ray.sunDirection = atmosphere.sunDirection;

    float r = length(ray.origin);
    float mu = dot(ray.origin / r, ray.direction);
    float reach = atmosphere_RayIntersectsGround(r, mu) ? atmosphere_DistanceToGround(r, mu)
                                                        : atmosphere_DistanceToTopBoundary(r, mu);
    float maxDistance = atmosphere.aerialPerspectiveDistanceKm;
    uint samplesPerSlice = max(atmosphere.aerialPerspectiveSamplesPerSlice, 1u);

    atmosphere_Gathered gathered = atmosphere_NothingGathered();
    float covered = 0.0;
    for (int slice = 0; slice < size.z; ++slice) {
        float sliceEnd = min(atmosphere_AerialPerspectiveSliceDistance(float(slice), maxDistance, float(size.z)), reach);
        for (uint i = 0u; i < samplesPerSlice; ++i) {
            float begin = mix(covered, sliceEnd, float(i) / float(samplesPerSlice));
            float end = mix(covered, sliceEnd, float(i + 1u) / float(samplesPerSlice));
            atmosphere_GatherSegment(ray, begin, end, gathered);
        }
        covered = max(covered, sliceEnd);
        ivec3 froxel = ivec3(column, slice);
        imageStore(aerialInScattering, froxel, vec4(gathered.luminance, 1.0));
        imageStore(aerialTransmittance, froxel, vec4(gathered.transmittance, 1.0));
    }
}
