// A surface's shading from its visibility buffer
// (raster::gpu::VisibilityShadePass), one invocation per pixel. The
// visibility pass (raster/VisibilityRaster.glsl) left in each sample the
// nearest triangle's number plus one (the value's low 32 bits), or 0 where
// no triangle covers it; each distinct value among a pixel's samples is
// shaded once, and the pixel gets their average weighted by the samples each
// covers, as a multisample resolve would.
//
// The includer defines what a value looks like, with whatever sets 0 and 1
// it binds, before including this file, which adds set 2 (binding 0 the
// visibility buffer, 1 the HDR image, 2 the list of pixels on edges):
//   #define RASTER_SHADE_PIXEL <a struct>   what a pixel's values share
//   RASTER_SHADE_PIXEL rasterShade_PixelOf(ivec2 pixel, vec2 size);
//   vec4 rasterShade_Sample(uint value, RASTER_SHADE_PIXEL pixel);
//       display/HdrOutput.glsl's form; value 0 is the background.
//
// Variants:
//   (none)                                one sample per pixel;
//   RASTER_SHADE_MULTISAMPLED             several: each pixel shades its
//       distinct values in one loop (the reference), which 32 invocations
//       in lockstep run as often as the most divided of their pixels needs;
//   ... + RASTER_SHADE_PRIMARY            first of two passes: each pixel
//       shades the value that covers most of its samples, weighted by their
//       share, and lists itself when it shows more than one value;
//   ... + RASTER_SHADE_EDGES              second: one invocation per listed
//       pixel adds the other values' shares to what the first pass wrote.
#ifndef RASTER_VISIBILITY_SHADING_GLSL
#define RASTER_VISIBILITY_SHADING_GLSL

#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require

#ifdef RASTER_SHADE_EDGES
layout(local_size_x = 64) in;
#else
layout(local_size_x = 8, local_size_y = 8) in;
#endif

// The pixels' samples side by side, row by row (raster/TriangleRaster.glsl).
layout(std430, set = 2, binding = 0) readonly buffer RasterShadeVisibility {
    uint64_t rasterShade_visibility[];
};
#ifdef RASTER_SHADE_EDGES
layout(set = 2, binding = 1, rgba16f) uniform image2D rasterShade_hdr;
#else
layout(set = 2, binding = 1, rgba16f) uniform writeonly image2D rasterShade_hdr;
#endif
// The pixels that show more than one value: RASTER_SHADE_EDGES's
// VkDispatchIndirectCommand (workgroups of 64, at most 65535: its
// invocations stride over the list), the count, each pixel as y << 16 | x.
layout(std430, set = 2, binding = 2) buffer RasterShadeEdges {
    uint rasterShade_edgeWorkgroups;
    uint rasterShade_edgeDispatchY;
    uint rasterShade_edgeDispatchZ;
    uint rasterShade_edgeCount;
    uint rasterShade_edges[];
};

const int RASTER_SHADE_MAX_SAMPLES = 8;

// What sample `s` of `pixel` shows: a triangle's number plus one, or 0.
uint rasterShade_Visibility(ivec2 pixel, ivec2 size, int samples, int s)
{
    return uint(rasterShade_visibility[(pixel.y * size.x + pixel.x) * samples + s]);
}

// The distinct values among a pixel's samples and how many samples each
// covers; returns their count.
int rasterShade_DistinctValues(ivec2 pixel, ivec2 size, int samples, out uint distinct[RASTER_SHADE_MAX_SAMPLES],
                               out int covered[RASTER_SHADE_MAX_SAMPLES])
{
    int distinctCount = 0;
    for (int s = 0; s < samples; ++s) {
        uint visibility = rasterShade_Visibility(pixel, size, samples, s);
        int found = distinctCount;
        for (int d = 0; d < distinctCount; ++d) {
            found = found == distinctCount && distinct[d] == visibility ? d : found;
        }
        if (found == distinctCount) {
            distinct[distinctCount] = visibility;
            covered[distinctCount] = 0;
            ++distinctCount;
        }
        ++covered[found];
    }
    return distinctCount;
}

// The value that covers most samples, the first of them on a tie.
int rasterShade_Primary(int distinctCount, int covered[RASTER_SHADE_MAX_SAMPLES])
{
    int primary = 0;
    for (int d = 1; d < distinctCount; ++d) {
        primary = covered[d] > covered[primary] ? d : primary;
    }
    return primary;
}

int rasterShade_Samples(ivec2 size)
{
    return min(rasterShade_visibility.length() / (size.x * size.y), RASTER_SHADE_MAX_SAMPLES);
}

#if defined(RASTER_SHADE_EDGES)
void main()
{
    ivec2 size = imageSize(rasterShade_hdr);
    int samples = rasterShade_Samples(size);
    uint count = rasterShade_edgeCount;
    for (uint entry = gl_GlobalInvocationID.x; entry < count; entry += gl_NumWorkGroups.x * 64u) {
        uint packed = rasterShade_edges[entry];
        ivec2 pixel = ivec2(int(packed & 0xFFFFu), int(packed >> 16u));
        uint distinct[RASTER_SHADE_MAX_SAMPLES];
        int covered[RASTER_SHADE_MAX_SAMPLES];
        int distinctCount = rasterShade_DistinctValues(pixel, size, samples, distinct, covered);
        int primary = rasterShade_Primary(distinctCount, covered);
        RASTER_SHADE_PIXEL ofPixel = rasterShade_PixelOf(pixel, vec2(size));
        vec4 colour = imageLoad(rasterShade_hdr, pixel);
        for (int d = 0; d < distinctCount; ++d) {
            if (d != primary) {
                colour += float(covered[d]) / float(samples) * rasterShade_Sample(distinct[d], ofPixel);
            }
        }
        imageStore(rasterShade_hdr, pixel, colour);
    }
}
#else
void main()
{
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(rasterShade_hdr);
    if (any(greaterThanEqual(pixel, size))) {
        return;
    }
#if defined(RASTER_SHADE_PRIMARY)
    int samples = rasterShade_Samples(size);
    uint distinct[RASTER_SHADE_MAX_SAMPLES];
    int covered[RASTER_SHADE_MAX_SAMPLES];
    int distinctCount = rasterShade_DistinctValues(pixel, size, samples, distinct, covered);
    int primary = rasterShade_Primary(distinctCount, covered);
    vec4 colour = float(covered[primary]) / float(samples) *
                  rasterShade_Sample(distinct[primary], rasterShade_PixelOf(pixel, vec2(size)));
    // One atomic per subgroup for the pixels that show more than one value.
    bool edge = distinctCount > 1;
    uvec4 ballot = subgroupBallot(edge);
    uint total = subgroupBallotBitCount(ballot);
    uint first = 0u;
    if (total > 0u && subgroupElect()) {
        first = atomicAdd(rasterShade_edgeCount, total);
        atomicMax(rasterShade_edgeWorkgroups, min((first + total + 63u) / 64u, 65535u));
    }
    uint base = subgroupBroadcastFirst(first);  // every invocation still running takes part
    if (edge) {
        uint entry = base + subgroupBallotExclusiveBitCount(ballot);
        rasterShade_edges[entry] = (uint(pixel.y) << 16u) | uint(pixel.x);
    }
#elif defined(RASTER_SHADE_MULTISAMPLED)
    int samples = rasterShade_Samples(size);
    uint distinct[RASTER_SHADE_MAX_SAMPLES];
    int covered[RASTER_SHADE_MAX_SAMPLES];
    int distinctCount = rasterShade_DistinctValues(pixel, size, samples, distinct, covered);
    RASTER_SHADE_PIXEL ofPixel = rasterShade_PixelOf(pixel, vec2(size));
    vec4 colour = vec4(0.0);
    for (int d = 0; d < distinctCount; ++d) {
        colour += float(covered[d]) * rasterShade_Sample(distinct[d], ofPixel);
    }
    colour /= float(samples);
#else
    vec4 colour = rasterShade_Sample(rasterShade_Visibility(pixel, size, 1, 0), rasterShade_PixelOf(pixel, vec2(size)));
#endif
    imageStore(rasterShade_hdr, pixel, colour);
}
#endif

#endif  // RASTER_VISIBILITY_SHADING_GLSL
