// Triangles rasterized in compute into a visibility buffer, the GPU mirror
// of src/raster/TriangleRaster.h (see there: the clipping, the fixed point,
// the edge functions' tie rule, the packed value). The includer defines
// RASTER_COVER(index, value), which keeps the larger of the buffer's value
// at `index` and `value` (an atomicMax on a uint64_t buffer), before the
// include.
//
// Two loops cover a triangle's samples: raster_CoverPixels, in 64-bit edge
// functions, for one invocation or shared among the invocations of a
// workgroup, pixel by pixel over a small box and over the span of each row
// that the edges leave in a large one (the reference); and
// raster_CoverSmall, for one
// invocation and a box of at most RASTER_SMALL_MAX_PIXELS a side, in 32-bit
// edge functions relative to the box. Both are exact: they cover the same
// samples with the same values.
#ifndef RASTER_TRIANGLE_RASTER_GLSL
#define RASTER_TRIANGLE_RASTER_GLSL

#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

const int RASTER_SUBPIXEL_BITS = 8;
const int RASTER_SUBPIXEL_UNITS = 1 << RASTER_SUBPIXEL_BITS;
const float RASTER_GUARD_BAND_PIXELS = 524288.0;
const int RASTER_MAX_POLYGON_VERTICES = 9;
// Edge functions relative to a box of this many pixels a side fit in 32 bits.
const int RASTER_SMALL_MAX_PIXELS = 64;

const ivec2 RASTER_SAMPLES_1[1] = ivec2[1](ivec2(128, 128));
const ivec2 RASTER_SAMPLES_2[2] = ivec2[2](ivec2(192, 192), ivec2(64, 64));
const ivec2 RASTER_SAMPLES_4[4] = ivec2[4](ivec2(96, 32), ivec2(224, 96), ivec2(32, 160), ivec2(160, 224));
const ivec2 RASTER_SAMPLES_8[8] = ivec2[8](ivec2(144, 80), ivec2(112, 176), ivec2(208, 144), ivec2(80, 48),
                                           ivec2(48, 208), ivec2(16, 112), ivec2(176, 240), ivec2(240, 16));

// Vulkan's standard position of sample `s` of `samples` (1, 2, 4 or 8), in
// 1/256 of a pixel from its corner.
ivec2 raster_SamplePosition(uint samples, uint s)
{
    if (samples == 8u) {
        return RASTER_SAMPLES_8[s];
    }
    if (samples == 4u) {
        return RASTER_SAMPLES_4[s];
    }
    if (samples == 2u) {
        return RASTER_SAMPLES_2[s];
    }
    return RASTER_SAMPLES_1[0];
}

struct raster_WindowVertex {
    ivec2 position;  // fixed point, 1/256 of a pixel
    float depth;     // z / w
};

raster_WindowVertex raster_ToWindow(vec4 clip, uvec2 viewport)
{
    precise float inverseW = 1.0 / clip.w;
    precise float x = (clip.x * inverseW * 0.5 + 0.5) * float(viewport.x);
    precise float y = (clip.y * inverseW * 0.5 + 0.5) * float(viewport.y);
    precise float depth = clip.z * inverseW;
    precise float units = float(RASTER_SUBPIXEL_UNITS);
    return raster_WindowVertex(ivec2(int(floor(x * units + 0.5)), int(floor(y * units + 0.5))), depth);
}

// The guard band's bound on |x| / w and |y| / w.
vec2 raster_GuardBand(uvec2 viewport)
{
    precise vec2 band = 1.0 + 2.0 * RASTER_GUARD_BAND_PIXELS / vec2(viewport);
    return band;
}

// Near (z <= w), far (z >= 0) and the guard band's four planes.
vec4 raster_ClipPlane(int index, vec2 band)
{
    switch (index) {
        case 0: return vec4(0.0, 0.0, -1.0, 1.0);
        case 1: return vec4(0.0, 0.0, 1.0, 0.0);
        case 2: return vec4(1.0, 0.0, 0.0, band.x);
        case 3: return vec4(-1.0, 0.0, 0.0, band.x);
        case 4: return vec4(0.0, 1.0, 0.0, band.y);
        default: return vec4(0.0, -1.0, 0.0, band.y);
    }
}

float raster_PlaneDistance(vec4 plane, vec4 vertex)
{
    precise float distance = plane.x * vertex.x + plane.y * vertex.y + plane.z * vertex.z + plane.w * vertex.w;
    return distance;
}

bool raster_NeedsClipping(vec4 clip[3], vec2 band)
{
    for (int plane = 0; plane < 6; ++plane) {
        vec4 p = raster_ClipPlane(plane, band);
        for (int corner = 0; corner < 3; ++corner) {
            if (raster_PlaneDistance(p, clip[corner]) < 0.0) {
                return true;
            }
        }
    }
    return false;
}

// Whether all three vertices lie outside one plane: nothing is left.
bool raster_WhollyOutside(vec4 clip[3], vec2 band)
{
    for (int plane = 0; plane < 6; ++plane) {
        vec4 p = raster_ClipPlane(plane, band);
        if (raster_PlaneDistance(p, clip[0]) < 0.0 && raster_PlaneDistance(p, clip[1]) < 0.0 &&
            raster_PlaneDistance(p, clip[2]) < 0.0) {
            return true;
        }
    }
    return false;
}

// Sutherland and Hodgman's clipping of the triangle against the six planes;
// returns the polygon's vertex count (0 when nothing is left).
int raster_ClipTriangle(vec4 clip[3], vec2 band, out vec4 polygon[RASTER_MAX_POLYGON_VERTICES])
{
    vec4 current[RASTER_MAX_POLYGON_VERTICES];
    current[0] = clip[0];
    current[1] = clip[1];
    current[2] = clip[2];
    int count = 3;
    for (int plane = 0; plane < 6 && count > 0; ++plane) {
        vec4 p = raster_ClipPlane(plane, band);
        vec4 kept[RASTER_MAX_POLYGON_VERTICES];
        int keptCount = 0;
        for (int i = 0; i < count; ++i) {
            vec4 a = current[i];
            vec4 b = current[(i + 1) % count];
            float da = raster_PlaneDistance(p, a);
            float db = raster_PlaneDistance(p, b);
            if (da >= 0.0) {
                kept[keptCount++] = a;
            }
            if ((da >= 0.0) != (db >= 0.0)) {
                vec4 inside = da >= 0.0 ? a : b;
                vec4 outside = da >= 0.0 ? b : a;
                float dInside = da >= 0.0 ? da : db;
                float dOutside = da >= 0.0 ? db : da;
                precise float t = dInside / (dInside - dOutside);
                precise vec4 point = inside + t * (outside - inside);
                kept[keptCount++] = point;
            }
        }
        current = kept;
        count = keptCount;
    }
    polygon = current;
    return count;
}

uint64_t raster_VisibilityValue(float depth, uint triangle)
{
    return (uint64_t(floatBitsToUint(max(depth, 0.0))) << 32) | uint64_t(triangle + 1u);
}

// A triangle ready to cover samples: its vertices wound so that its area is
// positive, the edges' biases (0 where an edge owns the samples on it), and
// its box of pixels, whole and within the viewport.
struct raster_Triangle {
    ivec2 vertex[3];
    float depth[3];
    int64_t area;  // twice the area, in square units
    ivec3 bias;    // of the edge opposite each vertex
    ivec2 boxFirst;
    ivec2 boxLast;
    ivec2 first;  // the box within the viewport
    ivec2 last;
};

int64_t raster_EdgeFunction(ivec2 a, ivec2 b, ivec2 p)
{
    return int64_t(b.x - a.x) * int64_t(p.y - a.y) - int64_t(b.y - a.y) * int64_t(p.x - a.x);
}

int raster_EdgeBias(ivec2 a, ivec2 b)
{
    ivec2 d = b - a;
    return d.y < 0 || (d.y == 0 && d.x > 0) ? 0 : 1;
}

// False when the triangle has no area or no pixel of the viewport in its box.
bool raster_Setup(raster_WindowVertex a, raster_WindowVertex b, raster_WindowVertex c, uvec2 viewport,
                  out raster_Triangle triangle)
{
    int64_t area = raster_EdgeFunction(a.position, b.position, c.position);
    if (area < 0l) {
        raster_WindowVertex swapped = b;
        b = c;
        c = swapped;
        area = -area;
    }
    triangle.vertex[0] = a.position;
    triangle.vertex[1] = b.position;
    triangle.vertex[2] = c.position;
    triangle.depth[0] = a.depth;
    triangle.depth[1] = b.depth;
    triangle.depth[2] = c.depth;
    triangle.area = area;
    triangle.bias = ivec3(raster_EdgeBias(b.position, c.position), raster_EdgeBias(c.position, a.position),
                          raster_EdgeBias(a.position, b.position));
    ivec2 low = min(a.position, min(b.position, c.position));
    ivec2 high = max(a.position, max(b.position, c.position));
    triangle.boxFirst = low >> RASTER_SUBPIXEL_BITS;
    triangle.boxLast = high >> RASTER_SUBPIXEL_BITS;
    triangle.first = max(triangle.boxFirst, ivec2(0));
    triangle.last = min(triangle.boxLast, ivec2(viewport) - 1);
    return area != 0l && all(lessThanEqual(triangle.first, triangle.last));
}

// Whether raster_CoverSmall may cover the triangle: its whole box is at most
// `maxPixels` (<= RASTER_SMALL_MAX_PIXELS) a side.
bool raster_IsSmall(raster_Triangle triangle, int maxPixels)
{
    return all(lessThan(triangle.boxLast - triangle.boxFirst, ivec2(maxPixels)));
}

float raster_Depth(raster_Triangle triangle, float e0, float e1, float e2)
{
    precise float depth =
        (e0 * triangle.depth[0] + e1 * triangle.depth[1] + e2 * triangle.depth[2]) / float(triangle.area);
    return depth;
}

// The pixels of row `y` that may hold a covered sample, within the box
// (x: first, y: last; empty when y > x). Each edge bounds x on one side
// along the row's band of sample heights; the bounds are computed in float
// and widened by RASTER_SPAN_MARGIN_PIXELS, far more than their rounding,
// so that the exact test of each sample decides alone.
const int RASTER_SPAN_MARGIN_PIXELS = 4;

void raster_NarrowSpan(ivec2 a, ivec2 b, int bias, int y, inout ivec2 span)
{
    int dY = b.y - a.y;
    float top = float(y * RASTER_SUBPIXEL_UNITS - a.y);
    float bottom = top + float(RASTER_SUBPIXEL_UNITS - 1);
    float dX = float(b.x - a.x);
    if (dY == 0) {
        // The edge function does not change along x: the row is inside or out.
        if (max(dX * top, dX * bottom) < float(bias) - 1.0) {
            span = ivec2(1, 0);
        }
        return;
    }
    // E >= bias where dY (x - a.x) <= dX (py - a.y) - bias.
    float atTop = (dX * top - float(bias)) / float(dY);
    float atBottom = (dX * bottom - float(bias)) / float(dY);
    if (dY > 0) {
        float bound = float(a.x) + max(atTop, atBottom);
        span.y = min(span.y, int(clamp(floor(bound / float(RASTER_SUBPIXEL_UNITS)), -1.0e9, 1.0e9)) + RASTER_SPAN_MARGIN_PIXELS);
    } else {
        float bound = float(a.x) + min(atTop, atBottom);
        span.x = max(span.x, int(clamp(floor(bound / float(RASTER_SUBPIXEL_UNITS)), -1.0e9, 1.0e9)) - RASTER_SPAN_MARGIN_PIXELS);
    }
}

ivec2 raster_RowSpan(raster_Triangle triangle, int y)
{
    ivec2 span = ivec2(triangle.first.x, triangle.last.x);
    raster_NarrowSpan(triangle.vertex[1], triangle.vertex[2], triangle.bias.x, y, span);
    raster_NarrowSpan(triangle.vertex[2], triangle.vertex[0], triangle.bias.y, y, span);
    raster_NarrowSpan(triangle.vertex[0], triangle.vertex[1], triangle.bias.z, y, span);
    return span;
}

void raster_CoverPixel(raster_Triangle triangle, uint number, uvec2 viewport, uint samples, ivec2 pixel)
{
    for (uint s = 0u; s < samples; ++s) {
        ivec2 p = pixel * RASTER_SUBPIXEL_UNITS + raster_SamplePosition(samples, s);
        int64_t e0 = raster_EdgeFunction(triangle.vertex[1], triangle.vertex[2], p);
        int64_t e1 = raster_EdgeFunction(triangle.vertex[2], triangle.vertex[0], p);
        int64_t e2 = raster_EdgeFunction(triangle.vertex[0], triangle.vertex[1], p);
        if (e0 < int64_t(triangle.bias.x) || e1 < int64_t(triangle.bias.y) || e2 < int64_t(triangle.bias.z)) {
            continue;
        }
        float depth = raster_Depth(triangle, float(e0), float(e1), float(e2));
        uint sampleIndex = (uint(pixel.y) * viewport.x + uint(pixel.x)) * samples + s;
        RASTER_COVER(sampleIndex, raster_VisibilityValue(depth, number));
    }
}

// A box of at most this many pixels per invocation sharing it is covered
// pixel by pixel; a larger one row by row, over each row's span.
const uint RASTER_BOX_PIXELS_PER_PART = 16u;

// Covers the samples of a share of the triangle's box within the viewport
// with triangle number `number`: pixels part, part + parts, ... of a small
// box, or rows part, part + parts, ... of a large one (over their spans).
void raster_CoverPixels(raster_Triangle triangle, uint number, uvec2 viewport, uint samples, uint part, uint parts)
{
    ivec2 extent = triangle.last - triangle.first + 1;
    uint pixels = uint(extent.x) * uint(extent.y);
    if (pixels <= RASTER_BOX_PIXELS_PER_PART * parts) {
        for (uint index = part; index < pixels; index += parts) {
            ivec2 offset = ivec2(int(index % uint(extent.x)), int(index / uint(extent.x)));
            raster_CoverPixel(triangle, number, viewport, samples, triangle.first + offset);
        }
        return;
    }
    for (int y = triangle.first.y + int(part); y <= triangle.last.y; y += int(parts)) {
        ivec2 span = raster_RowSpan(triangle, y);
        for (int x = span.x; x <= span.y; ++x) {
            raster_CoverPixel(triangle, number, viewport, samples, ivec2(x, y));
        }
    }
}

// The same for the whole box, by one invocation, for a triangle
// raster_IsSmall accepts: coordinates relative to the box's corner keep the
// edge functions within 32 bits.
void raster_CoverSmall(raster_Triangle triangle, uint number, uvec2 viewport, uint samples)
{
    ivec2 origin = triangle.boxFirst * RASTER_SUBPIXEL_UNITS;
    ivec2 v0 = triangle.vertex[0] - origin;
    ivec2 v1 = triangle.vertex[1] - origin;
    ivec2 v2 = triangle.vertex[2] - origin;
    ivec2 d0 = v2 - v1;
    ivec2 d1 = v0 - v2;
    ivec2 d2 = v1 - v0;
    for (int y = triangle.first.y; y <= triangle.last.y; ++y) {
        for (int x = triangle.first.x; x <= triangle.last.x; ++x) {
            ivec2 corner = (ivec2(x, y) - triangle.boxFirst) * RASTER_SUBPIXEL_UNITS;
            for (uint s = 0u; s < samples; ++s) {
                ivec2 p = corner + raster_SamplePosition(samples, s);
                int e0 = d0.x * (p.y - v1.y) - d0.y * (p.x - v1.x);
                int e1 = d1.x * (p.y - v2.y) - d1.y * (p.x - v2.x);
                int e2 = d2.x * (p.y - v0.y) - d2.y * (p.x - v0.x);
                if (e0 < triangle.bias.x || e1 < triangle.bias.y || e2 < triangle.bias.z) {
                    continue;
                }
                float depth = raster_Depth(triangle, float(e0), float(e1), float(e2));
                uint sampleIndex = (uint(y) * viewport.x + uint(x)) * samples + s;
                RASTER_COVER(sampleIndex, raster_VisibilityValue(depth, number));
            }
        }
    }
}

#endif  // RASTER_TRIANGLE_RASTER_GLSL
