#version 460
// Rasterizes the probe's triangles into a visibility buffer through
// raster/TriangleRaster.glsl, one invocation per triangle:
//   mode 0  window triangles, covered by raster_CoverSmall when
//           raster_IsSmall accepts them (RASTER_SMALL_MAX_PIXELS), by
//           raster_CoverPixels otherwise (the tuned path);
//   mode 1  window triangles, all covered by raster_CoverPixels (the reference);
//   mode 2  clip-space triangles, clipped when they need it, then as mode 1;
//   mode 3  window triangles, one per workgroup, its 64 invocations sharing
//           raster_CoverPixels (as the globe's large triangles).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require

layout(local_size_x = 64) in;

struct ProbeWindowTriangle {
    ivec2 position[3];
    vec4 depth;  // xyz
};

layout(std430, set = 0, binding = 0) readonly buffer ProbeWindowTriangles {
    ProbeWindowTriangle probeWindow[];
};
layout(std430, set = 0, binding = 1) readonly buffer ProbeClipTriangles {
    vec4 probeClip[];  // three per triangle
};
layout(std430, set = 0, binding = 2) buffer ProbeVisibility {
    uint64_t probeVisibility[];
};

layout(push_constant) uniform ProbeConstants {
    uvec2 viewport;
    uint samples;
    uint mode;
    uint count;
} probe;

#define RASTER_COVER(index, value) atomicMax(probeVisibility[index], value)
#include "raster/TriangleRaster.glsl"

void probe_Cover(raster_WindowVertex a, raster_WindowVertex b, raster_WindowVertex c, uint number)
{
    raster_Triangle setup;
    if (!raster_Setup(a, b, c, probe.viewport, setup)) {
        return;
    }
    if (probe.mode == 0u && raster_IsSmall(setup, RASTER_SMALL_MAX_PIXELS)) {
        raster_CoverSmall(setup, number, probe.viewport, probe.samples);
    } else {
        raster_CoverPixels(setup, number, probe.viewport, probe.samples, 0u, 1u);
    }
}

void main()
{
    if (probe.mode == 3u) {
        uint number = gl_WorkGroupID.x;
        if (number < probe.count) {
            ProbeWindowTriangle t = probeWindow[number];
            raster_Triangle setup;
            if (raster_Setup(raster_WindowVertex(t.position[0], t.depth.x), raster_WindowVertex(t.position[1], t.depth.y),
                             raster_WindowVertex(t.position[2], t.depth.z), probe.viewport, setup)) {
                raster_CoverPixels(setup, number, probe.viewport, probe.samples, gl_LocalInvocationID.x, 64u);
            }
        }
        return;
    }
    uint number = gl_GlobalInvocationID.x;
    if (number >= probe.count) {
        return;
    }
    if (probe.mode != 2u) {
        ProbeWindowTriangle t = probeWindow[number];
        probe_Cover(raster_WindowVertex(t.position[0], t.depth.x), raster_WindowVertex(t.position[1], t.depth.y),
                    raster_WindowVertex(t.position[2], t.depth.z), number);
        return;
    }
    vec4 clip[3] = vec4[3](probeClip[3u * number], probeClip[3u * number + 1u], probeClip[3u * number + 2u]);
    if (!raster_NeedsClipping(clip, raster_GuardBand(probe.viewport))) {
        probe_Cover(raster_ToWindow(clip[0], probe.viewport), raster_ToWindow(clip[1], probe.viewport),
                    raster_ToWindow(clip[2], probe.viewport), number);
        return;
    }
    vec4 polygon[RASTER_MAX_POLYGON_VERTICES];
    int corners = raster_ClipTriangle(clip, raster_GuardBand(probe.viewport), polygon);
    for (int i = 1; i + 1 < corners; ++i) {
        probe_Cover(raster_ToWindow(polygon[0], probe.viewport), raster_ToWindow(polygon[i], probe.viewport),
                    raster_ToWindow(polygon[i + 1], probe.viewport), number);
    }
}
