#version 460
// Evaluates the globe's GLSL geometry (shaders/planet) at exact cube points
// so the tests can compare it with the CPU (src/planet): each point's ECEF
// position on the elevation over sea level (the geoid on the cube), its height, and its position relative to an
// origin, in double and as the float a vertex would get. Heights are the
// surface's: the data's plus the detail below it. Also what the draw
// shades by: the data's normal there and the detail's gradient, with every
// octave and with those a pixel of `probeResolvable` metres resolves.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

#define PLANET_ELEVATION_SET 0
#define PLANET_ELEVATION_BINDING 0
#include "planet/CubeElevation.glsl"
#define PLANET_GEOID_SET 0
#define PLANET_GEOID_BINDING 4
#include "planet/CubeGeoid.glsl"
#include "planet/CubeSphere.glsl"
#include "planet/SurfaceDetail.glsl"
#include "planet/SurfaceNormal.glsl"

layout(local_size_x = 64) in;

// Cube points in units of 2^-34 (w unused).
layout(std430, set = 0, binding = 1) readonly buffer ProbePoints {
    i64vec4 probePoints[];
};

struct ProbeResult {
    dvec4 ecef;      // xyz, height in w
    dvec4 relative;  // ecef - origin
    vec4 relativeFloat;
    dvec4 data;  // x: the data's height without the detail
    dvec4 normal;
    vec4 gradient;
    vec4 gradientResolved;
};

layout(std430, set = 0, binding = 2) writeonly buffer ProbeResults {
    ProbeResult probeResults[];
};

layout(std430, set = 0, binding = 3) readonly buffer ProbeParameters {
    dvec4 probeOrigin;
    uint probeIntervals;
    uint probeCount;
    float probeResolvable;
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= probeCount) {
        return;
    }
    dvec3 cube = dvec3(probePoints[index].xyz) * (1.0lf / double(1l << 34));
    double dataHeight = planet_HeightAt(cube, probeIntervals);
    double height = dataHeight + planet_SurfaceDetailMetres(cube, dataHeight, probeIntervals);
    dvec3 ecef = planet_GroundToEcef(cube, height);
    precise dvec3 relative = ecef - probeOrigin.xyz;
    dvec3 stencil[4] = planet_DataNormalStencil(cube, probeIntervals);
    dvec3 stencilEcef[4];
    for (uint i = 0u; i < 4u; ++i) {
        stencilEcef[i] = planet_GroundToEcef(stencil[i], planet_HeightAt(stencil[i], probeIntervals));
    }
    dvec3 normal = planet_DataNormalFrom(stencilEcef, cube);
    vec3 gradient = planet_SurfaceDetailSumGradient(cube, probeIntervals, 0.0);
    vec3 resolved = planet_SurfaceDetailSumGradient(cube, probeIntervals, probeResolvable);
    probeResults[index] = ProbeResult(dvec4(ecef, height), dvec4(relative, 0.0lf), vec4(vec3(relative), 0.0),
                                       dvec4(dataHeight, 0.0lf, 0.0lf, 0.0lf), dvec4(normal, 0.0lf),
                                       vec4(gradient, 0.0), vec4(resolved, 0.0));
}
