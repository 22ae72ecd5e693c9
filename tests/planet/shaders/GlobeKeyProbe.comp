#version 460
// The globe's vertices of bisector keys on the GPU (shaders/planet): each
// key's exact cube vertices (CubeGeometry.glsl) and their ECEF positions on
// the elevation over sea level (CubeElevation.glsl, CubeGeoid.glsl,
// CubeSphere.glsl), for comparison with
// the CPU and between neighbours.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

#define PLANET_ELEVATION_SET 0
#define PLANET_ELEVATION_BINDING 0
#define PLANET_ROOTS_SET 0
#define PLANET_ROOTS_BINDING 1
#include "planet/CubeElevation.glsl"
#define PLANET_GEOID_SET 0
#define PLANET_GEOID_BINDING 4
#include "planet/CubeGeoid.glsl"
#include "planet/CubeGeometry.glsl"
#include "planet/CubeSphere.glsl"
#include "planet/SurfaceDetail.glsl"

layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 2) readonly buffer ProbeKeys {
    uint64_t probeKeys[];
};

struct KeyResult {
    i64vec4 cube[3];
    dvec4 ecef[3];
};

layout(std430, set = 0, binding = 3) writeonly buffer KeyResults {
    KeyResult keyResults[];
};

layout(push_constant) uniform KeyControl {
    uint keyRootBits;
    uint keyIntervals;
    uint keyCount;
};

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= keyCount) {
        return;
    }
    planet_Triangle t = planet_TriangleOf(probeKeys[index], keyRootBits);
    KeyResult result;
    for (int i = 0; i < 3; ++i) {
        dvec3 cube = planet_CubePointOf(t.v[i]);
        result.cube[i] = i64vec4(t.v[i], 0l);
        result.ecef[i] = dvec4(planet_GroundToEcef(cube, planet_SurfaceHeightAt(cube, keyIntervals)), 0.0lf);
    }
    keyResults[index] = result;
}
