#version 460
// The globe's shading (planet::gpu::GlobeShadePass): one invocation per
// pixel. The visibility pass (planet/GlobeRaster.glsl) left in each sample
// the triangle nearest the camera (its index in the visible list plus one,
// in the value's low 32 bits) or 0 for the sky; each
// distinct value among a pixel's samples is shaded once, on the ray through
// the pixel's centre, and the pixel gets their average weighted by the
// samples each covers, as a multisample resolve would.
//
// A triangle is shaded where that ray meets its plane: the barycentric
// coordinates there interpolate what the vertices carry (the position, the
// height, the cube point, the data's normal), and those of the rays through
// the next pixels right and down give the steps the shading's footprint and
// the detail's slope are measured by (a fragment shader's derivatives).
// Doing this in a compute pass rather than a fragment shader shades every
// pixel once whatever the overdraw, and runs on every multiprocessor of
// parts whose fragment shading is confined to a few.
//
// Variants (planet::gpu::GlobeShadePass):
//   (none)                                one sample per pixel;
//   GLOBE_SHADE_MULTISAMPLED              several: each pixel shades its
//       distinct values in one loop (the reference), which 32 invocations
//       in lockstep run as often as the most divided of their pixels needs;
//   ... + GLOBE_SHADE_PRIMARY             first of two passes: each pixel
//       shades the value that covers most of its samples, weighted by their
//       share, and lists itself when it shows more than one value;
//   ... + GLOBE_SHADE_EDGES               second: one invocation per listed
//       pixel adds the other values' shares to what the first pass wrote.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#define ATMOSPHERE_SET 1
#include "planet/GlobeSurface.glsl"
#include "planet/GlobeSky.glsl"
#include "planet/VertexShading.glsl"
#include "display/HdrOutput.glsl"
#include "display/Wireframe.glsl"

#ifdef GLOBE_SHADE_EDGES
layout(local_size_x = 64) in;
#else
layout(local_size_x = 8, local_size_y = 8) in;
#endif

// The pixels' samples side by side, row by row (raster/TriangleRaster.glsl).
layout(std430, set = 2, binding = 0) readonly buffer GlobeShadeVisibility {
    uint64_t globeShade_visibility[];
};
#ifdef GLOBE_SHADE_EDGES
layout(set = 2, binding = 1, rgba16f) uniform image2D globeShade_hdr;
#else
layout(set = 2, binding = 1, rgba16f) uniform writeonly image2D globeShade_hdr;
#endif
// The pixels that show more than one value: GLOBE_SHADE_EDGES's
// VkDispatchIndirectCommand (workgroups of 64, at most 65535: its
// invocations stride over the list), the count, each pixel as y << 16 | x.
layout(std430, set = 2, binding = 2) buffer GlobeShadeEdges {
    uint globeShade_edgeWorkgroups;
    uint globeShade_edgeDispatchY;
    uint globeShade_edgeDispatchZ;
    uint globeShade_edgeCount;
    uint globeShade_edges[];
};

const int GLOBE_SHADE_MAX_SAMPLES = 8;

// What sample `s` of `pixel` shows: a visible triangle's index plus one, or 0.
uint globeShade_Visibility(ivec2 pixel, ivec2 size, int samples, int s)
{
    return uint(globeShade_visibility[(pixel.y * size.x + pixel.x) * samples + s]);
}

// A point on the ray through `pixel` (window coordinates: a pixel's centre
// at + 0.5), relative to the camera (ECEF metres): the ray's direction.
vec3 globeShade_RayThrough(vec2 pixel, vec2 size)
{
    vec2 device = pixel / size * 2.0 - 1.0;
    vec4 point = globeDraw_inverseViewProjection * vec4(device, 0.5, 1.0);
    return point.xyz / point.w;
}

// The barycentric coordinates of the point where the ray from the camera
// along `ray` meets the plane of the triangle (p0, p0 + e1, p0 + e2),
// relative to the camera (Moeller and Trumbore); `fallback` where the ray
// runs along the plane.
vec3 globeShade_Barycentric(vec3 ray, vec3 p0, vec3 e1, vec3 e2, vec3 fallback)
{
    vec3 p = cross(ray, e2);
    float determinant = dot(e1, p);
    if (abs(determinant) <= 1.0e-30) {
        return fallback;
    }
    vec3 q = cross(-p0, e1);
    float u = dot(-p0, p) / determinant;
    float v = dot(ray, q) / determinant;
    return vec3(1.0 - u - v, u, v);
}

// The rays through a pixel's centre and through the next pixels' right and
// down, computed once for every value its samples show.
struct globeShade_Rays {
    vec3 centre;
    vec3 right;
    vec3 down;
};

globeShade_Rays globeShade_RaysOf(ivec2 pixel, vec2 size)
{
    vec2 centre = vec2(pixel) + 0.5;
    return globeShade_Rays(globeShade_RayThrough(centre, size), globeShade_RayThrough(centre + vec2(1.0, 0.0), size),
                           globeShade_RayThrough(centre + vec2(0.0, 1.0), size));
}

vec3 globeShade_Mix(vec3 barycentric, vec3 a, vec3 b, vec3 c)
{
    return barycentric.x * a + barycentric.y * b + barycentric.z * c;
}

// What the sample value `visibility` shows on the ray through a pixel's
// centre (display/HdrOutput.glsl's form).
vec4 globeShade_Sample(uint visibility, globeShade_Rays rays)
{
    if (visibility == 0u) {
        vec3 direction = globeAtmosphere_Direction(rays.centre);
        return display_HdrOutput(globeSky_Luminance(globeDraw_seaLevelSky, globeDraw_cameraAtmosphere.xyz,
                                                    globeDraw_cameraAtmosphere.w, direction,
                                                    globeDraw_sunAtmosphere.xyz),
                                 true);
    }
    uint first = 3u * globeDraw_visible[visibility - 1u];
    vec3 position[3];
    vec3 cube[3];
    vec3 dataNormal[3];
    float height[3];
    uint shading[3];
    for (uint corner = 0u; corner < 3u; ++corner) {
        vec4 vertex = globeDraw_cache[first + corner];
        position[corner] = vertex.xyz - globeDraw_cameraFromOrigin.xyz;
        height[corner] = vertex.w;
        cube[corner] = vec3(planet_CubePointOf(globeDraw_exact[first + corner].xyz - globeDraw_cameraCube.xyz));
        shading[corner] = globeDraw_shading[first + corner];
        dataNormal[corner] = planet_VertexShadingNormal(shading[corner]);
    }
    vec3 e1 = position[1] - position[0];
    vec3 e2 = position[2] - position[0];
    vec3 b = globeShade_Barycentric(rays.centre, position[0], e1, e2, vec3(1.0 / 3.0));
    vec3 bx = globeShade_Barycentric(rays.right, position[0], e1, e2, b);
    vec3 by = globeShade_Barycentric(rays.down, position[0], e1, e2, b);

    globeSurface_Point surface;
    surface.fromCamera = globeShade_Mix(b, position[0], position[1], position[2]);
    surface.alongX = globeShade_Mix(bx - b, position[0], position[1], position[2]);
    surface.alongY = globeShade_Mix(by - b, position[0], position[1], position[2]);
    surface.cubeFromCamera = globeShade_Mix(b, cube[0], cube[1], cube[2]);
    surface.cubeAlongX = globeShade_Mix(bx - b, cube[0], cube[1], cube[2]);
    surface.cubeAlongY = globeShade_Mix(by - b, cube[0], cube[1], cube[2]);
    vec3 heights = vec3(height[0], height[1], height[2]);
    float lowest = min(min(heights.x, heights.y), heights.z);
    float highest = max(max(heights.x, heights.y), heights.z);
    // A pixel whose centre lies just outside its triangle (a sample of its
    // edge is covered, not the centre) extrapolates the plane: it stays
    // within the corners' heights (land that meets sea level would dip
    // under it).
    surface.height = clamp(dot(b, heights), lowest, highest);
    // A coast only crosses a triangle whose corners lie on both sides of sea
    // level: elsewhere the plane's height, steep across a pixel seen at a
    // grazing angle, would reach sea level only beyond the triangle.
    surface.heightChange = globeSurface_CoastCrosses(lowest, highest)
                               ? abs(dot(bx - b, heights)) + abs(dot(by - b, heights))
                               : 0.0;
    surface.dataNormal = globeShade_Mix(b, dataNormal[0], dataNormal[1], dataNormal[2]);
    surface.detailGrid = planet_VertexShadingGrid(shading[0]);
    surface.centreFromCamera = (position[0] + position[1] + position[2]) / 3.0;
    surface.triangleMetres = sqrt(length(cross(e1, e2)));
    vec3 luminance = globeSurface_Luminance(surface);
    if (globeDraw_options.x != 0u) {
        luminance = display_WithWireframeOver(luminance, b, abs(bx - b) + abs(by - b));
    }
    return display_HdrOutput(luminance, true);
}

// The distinct values among a pixel's samples and how many samples each
// covers; returns their count.
int globeShade_DistinctValues(ivec2 pixel, ivec2 size, int samples, out uint distinct[GLOBE_SHADE_MAX_SAMPLES],
                              out int covered[GLOBE_SHADE_MAX_SAMPLES])
{
    int distinctCount = 0;
    for (int s = 0; s < samples; ++s) {
        uint visibility = globeShade_Visibility(pixel, size, samples, s);
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
int globeShade_Primary(int distinctCount, int covered[GLOBE_SHADE_MAX_SAMPLES])
{
    int primary = 0;
    for (int d = 1; d < distinctCount; ++d) {
        primary = covered[d] > covered[primary] ? d : primary;
    }
    return primary;
}

int globeShade_Samples(ivec2 size)
{
    return min(globeShade_visibility.length() / (size.x * size.y), GLOBE_SHADE_MAX_SAMPLES);
}

#if defined(GLOBE_SHADE_EDGES)
void main()
{
    ivec2 size = imageSize(globeShade_hdr);
    int samples = globeShade_Samples(size);
    uint count = globeShade_edgeCount;
    for (uint entry = gl_GlobalInvocationID.x; entry < count; entry += gl_NumWorkGroups.x * 64u) {
        uint packed = globeShade_edges[entry];
        ivec2 pixel = ivec2(int(packed & 0xFFFFu), int(packed >> 16u));
        uint distinct[GLOBE_SHADE_MAX_SAMPLES];
        int covered[GLOBE_SHADE_MAX_SAMPLES];
        int distinctCount = globeShade_DistinctValues(pixel, size, samples, distinct, covered);
        int primary = globeShade_Primary(distinctCount, covered);
        globeShade_Rays rays = globeShade_RaysOf(pixel, vec2(size));
        vec4 colour = imageLoad(globeShade_hdr, pixel);
        for (int d = 0; d < distinctCount; ++d) {
            if (d != primary) {
                colour += float(covered[d]) / float(samples) * globeShade_Sample(distinct[d], rays);
            }
        }
        imageStore(globeShade_hdr, pixel, colour);
    }
}
#else
void main()
{
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(globeShade_hdr);
    if (any(greaterThanEqual(pixel, size))) {
        return;
    }
#if defined(GLOBE_SHADE_PRIMARY)
    int samples = globeShade_Samples(size);
    uint distinct[GLOBE_SHADE_MAX_SAMPLES];
    int covered[GLOBE_SHADE_MAX_SAMPLES];
    int distinctCount = globeShade_DistinctValues(pixel, size, samples, distinct, covered);
    int primary = globeShade_Primary(distinctCount, covered);
    vec4 colour = float(covered[primary]) / float(samples) *
                  globeShade_Sample(distinct[primary], globeShade_RaysOf(pixel, vec2(size)));
    // One atomic per subgroup for the pixels that show more than one value.
    bool edge = distinctCount > 1;
    uvec4 ballot = subgroupBallot(edge);
    uint total = subgroupBallotBitCount(ballot);
    uint first = 0u;
    if (total > 0u && subgroupElect()) {
        first = atomicAdd(globeShade_edgeCount, total);
        atomicMax(globeShade_edgeWorkgroups, min((first + total + 63u) / 64u, 65535u));
    }
    uint base = subgroupBroadcastFirst(first);  // every invocation still running takes part
    if (edge) {
        uint entry = base + subgroupBallotExclusiveBitCount(ballot);
        globeShade_edges[entry] = (uint(pixel.y) << 16u) | uint(pixel.x);
    }
#elif defined(GLOBE_SHADE_MULTISAMPLED)
    int samples = globeShade_Samples(size);
    uint distinct[GLOBE_SHADE_MAX_SAMPLES];
    int covered[GLOBE_SHADE_MAX_SAMPLES];
    int distinctCount = globeShade_DistinctValues(pixel, size, samples, distinct, covered);
    globeShade_Rays rays = globeShade_RaysOf(pixel, vec2(size));
    vec4 colour = vec4(0.0);
    for (int d = 0; d < distinctCount; ++d) {
        colour += float(covered[d]) * globeShade_Sample(distinct[d], rays);
    }
    colour /= float(samples);
#else
    vec4 colour = globeShade_Sample(globeShade_Visibility(pixel, size, 1, 0), globeShade_RaysOf(pixel, vec2(size)));
#endif
    imageStore(globeShade_hdr, pixel, colour);
}
#endif
