#version 460
// Evaluates one function of shaders/atmosphere on a list of inputs so the
// tests can compare it with its CPU mirror. Set 0 is the atmosphere's
// descriptor set (for the uniform block), set 1 the inputs and outputs.
#extension GL_GOOGLE_include_directive : require

#define ATMOSPHERE_SET 0
#include "atmosphere/AtmosphereUniforms.glsl"
#include "atmosphere/AtmosphereModel.glsl"

const uint PROBE_TRANSMITTANCE_COORDINATE = 0u;  // (r, mu) -> (u, v)
const uint PROBE_TRANSMITTANCE_RAY = 1u;         // (u, v) -> (r, mu, rho)
const uint PROBE_SKY_VIEW_COORDINATE = 2u;       // (r, cos zenith, azimuth) -> (u, v)
const uint PROBE_SKY_VIEW_DIRECTION = 3u;        // (r, u, v) -> (cos zenith, azimuth)
const uint PROBE_PHASES = 6u;                    // (cos theta, g) -> (Rayleigh, Mie)
const uint PROBE_ALTITUDE = 7u;                  // (r, mu, t) -> (altitude, distance to top, distance to ground)

layout(local_size_x = 64) in;

layout(std430, set = 1, binding = 0) readonly buffer ProbeInputs {
    vec4 probeInputs[];
};
layout(std430, set = 1, binding = 1) writeonly buffer ProbeOutputs {
    vec4 probeOutputs[];
};
layout(push_constant) uniform ProbeControl {
    uint probeFunction;
    uint probeCount;
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= probeCount) {
        return;
    }
    vec4 x = probeInputs[index];
    vec4 result = vec4(0.0);
    if (probeFunction == PROBE_TRANSMITTANCE_COORDINATE) {
        result.xy = atmosphere_TransmittanceLutCoordinate(x.x, x.y, vec2(256.0, 64.0));
    } else if (probeFunction == PROBE_TRANSMITTANCE_RAY) {
        result.xyz = atmosphere_TransmittanceLutRay(x.xy, vec2(256.0, 64.0));
    } else if (probeFunction == PROBE_SKY_VIEW_COORDINATE) {
        result.xy = atmosphere_SkyViewLutCoordinate(x.x, x.y, x.z, vec2(192.0, 108.0));
    } else if (probeFunction == PROBE_SKY_VIEW_DIRECTION) {
        result.xy = atmosphere_SkyViewLutDirection(x.x, x.yz, vec2(192.0, 108.0));
    } else if (probeFunction == PROBE_PHASES) {
        result.xy = vec2(atmosphere_RayleighPhase(x.x), atmosphere_MiePhase(x.x, x.y));
    } else if (probeFunction == PROBE_ALTITUDE) {
        result.x = atmosphere_AltitudeAlongRay(x.x, x.y, x.z);
        result.y = atmosphere_DistanceToTopBoundary(x.x, x.y);
        result.z = atmosphere_RayIntersectsGround(x.x, x.y) ? atmosphere_DistanceToGround(x.x, x.y) : -1.0;
    }
    probeOutputs[index] = result;
}
