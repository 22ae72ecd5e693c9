#include "raster/TriangleRaster.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace raster {
namespace {

constexpr std::array<glm::ivec2, 1> kOneSample{{{128, 128}}};
constexpr std::array<glm::ivec2, 2> kTwoSamples{{{192, 192}, {64, 64}}};
constexpr std::array<glm::ivec2, 4> kFourSamples{{{96, 32}, {224, 96}, {32, 160}, {160, 224}}};
constexpr std::array<glm::ivec2, 8> kEightSamples{
    {{144, 80}, {112, 176}, {208, 144}, {80, 48}, {48, 208}, {16, 112}, {176, 240}, {240, 16}}};

// The edge function of the edge from `a` to `b` at `p`: twice the signed
// area of (a, b, p), positive on the inside of a triangle of positive area.
std::int64_t edgeFunction(glm::ivec2 a, glm::ivec2 b, glm::ivec2 p)
{
    return std::int64_t{b.x - a.x} * std::int64_t{p.y - a.y} - std::int64_t{b.y - a.y} * std::int64_t{p.x - a.x};
}

// 0 when the edge from `a` to `b` owns the samples on it, 1 otherwise: an
// edge function must reach this to cover a sample.
std::int64_t edgeBias(glm::ivec2 a, glm::ivec2 b)
{
    const glm::ivec2 d = b - a;
    return d.y < 0 || (d.y == 0 && d.x > 0) ? 0 : 1;
}

std::int32_t floorToPixel(std::int32_t fixed)
{
    return fixed >> kSubpixelBits;  // arithmetic: floor for negative values too
}

}  // namespace

std::span<const glm::ivec2> samplePositions(std::uint32_t samples)
{
    switch (samples) {
        case 1: return kOneSample;
        case 2: return kTwoSamples;
        case 4: return kFourSamples;
        case 8: return kEightSamples;
        default: throw std::invalid_argument("raster: " + std::to_string(samples) + " samples per pixel (1, 2, 4, 8)");
    }
}

WindowVertex toWindow(const glm::vec4& clip, glm::uvec2 viewport)
{
    const float inverseW = 1.0f / clip.w;
    const float x = (clip.x * inverseW * 0.5f + 0.5f) * static_cast<float>(viewport.x);
    const float y = (clip.y * inverseW * 0.5f + 0.5f) * static_cast<float>(viewport.y);
    const auto units = static_cast<float>(kSubpixelUnits);
    return WindowVertex{{static_cast<std::int32_t>(std::floor(x * units + 0.5f)),
                         static_cast<std::int32_t>(std::floor(y * units + 0.5f))},
                        clip.z * inverseW};
}

std::array<glm::vec4, 6> clipPlanesOf(glm::uvec2 viewport)
{
    // Window x within [-band, width + band]: x / w within [-gx, gx].
    const float gx = 1.0f + 2.0f * kGuardBandPixels / static_cast<float>(viewport.x);
    const float gy = 1.0f + 2.0f * kGuardBandPixels / static_cast<float>(viewport.y);
    return {glm::vec4(0.0f, 0.0f, -1.0f, 1.0f), glm::vec4(0.0f, 0.0f, 1.0f, 0.0f), glm::vec4(1.0f, 0.0f, 0.0f, gx),
            glm::vec4(-1.0f, 0.0f, 0.0f, gx),   glm::vec4(0.0f, 1.0f, 0.0f, gy),   glm::vec4(0.0f, -1.0f, 0.0f, gy)};
}

bool needsClipping(const std::array<glm::vec4, 3>& clip, glm::uvec2 viewport)
{
    for (const glm::vec4& plane : clipPlanesOf(viewport)) {
        for (const glm::vec4& vertex : clip) {
            if (glm::dot(plane, vertex) < 0.0f) {
                return true;
            }
        }
    }
    return false;
}

ClippedPolygon clipTriangle(const std::array<glm::vec4, 3>& clip, glm::uvec2 viewport)
{
    ClippedPolygon polygon;
    std::copy(clip.begin(), clip.end(), polygon.vertices.begin());
    polygon.count = 3;
    for (const glm::vec4& plane : clipPlanesOf(viewport)) {
        ClippedPolygon kept;
        for (int i = 0; i < polygon.count; ++i) {
            const glm::vec4 a = polygon.vertices[static_cast<std::size_t>(i)];
            const glm::vec4 b = polygon.vertices[static_cast<std::size_t>((i + 1) % polygon.count)];
            const float da = glm::dot(plane, a);
            const float db = glm::dot(plane, b);
            if (da >= 0.0f) {
                kept.vertices[static_cast<std::size_t>(kept.count++)] = a;
            }
            if ((da >= 0.0f) != (db >= 0.0f)) {
                const glm::vec4 inside = da >= 0.0f ? a : b;
                const glm::vec4 outside = da >= 0.0f ? b : a;
                const float dInside = da >= 0.0f ? da : db;
                const float dOutside = da >= 0.0f ? db : da;
                const float t = dInside / (dInside - dOutside);
                kept.vertices[static_cast<std::size_t>(kept.count++)] = inside + t * (outside - inside);
            }
        }
        polygon = kept;
        if (polygon.count == 0) {
            break;
        }
    }
    return polygon;
}

std::uint64_t visibilityValue(float depth, std::uint32_t triangle)
{
    const float kept = std::max(depth, 0.0f);
    return (std::uint64_t{std::bit_cast<std::uint32_t>(kept)} << 32) | std::uint64_t{triangle + 1u};
}

float depthOf(std::uint64_t value)
{
    return std::bit_cast<float>(static_cast<std::uint32_t>(value >> 32));
}

std::uint32_t triangleOf(std::uint64_t value)
{
    return static_cast<std::uint32_t>(value & 0xffffffffu);
}

VisibilityBuffer::VisibilityBuffer(glm::uvec2 size, std::uint32_t samples) : size_(size), samples_(samples)
{
    static_cast<void>(samplePositions(samples));
    if (size.x > kMaxViewportPixels || size.y > kMaxViewportPixels) {
        throw std::invalid_argument("raster: a viewport beyond " + std::to_string(kMaxViewportPixels) + " pixels");
    }
    values_.assign(std::size_t{size.x} * size.y * samples, 0u);
}

std::uint64_t VisibilityBuffer::at(glm::uvec2 pixel, std::uint32_t sample) const
{
    return values_.at((std::size_t{pixel.y} * size_.x + pixel.x) * samples_ + sample);
}

void VisibilityBuffer::cover(glm::uvec2 pixel, std::uint32_t sample, std::uint64_t value)
{
    std::uint64_t& kept = values_.at((std::size_t{pixel.y} * size_.x + pixel.x) * samples_ + sample);
    kept = std::max(kept, value);
}

void rasterizeWindowTriangle(const std::array<WindowVertex, 3>& vertices, std::uint32_t triangle,
                             VisibilityBuffer& buffer)
{
    std::array<WindowVertex, 3> v = vertices;
    std::int64_t area = edgeFunction(v[0].position, v[1].position, v[2].position);
    if (area == 0) {
        return;
    }
    if (area < 0) {
        std::swap(v[1], v[2]);
        area = -area;
    }
    const glm::ivec2 low = glm::min(v[0].position, glm::min(v[1].position, v[2].position));
    const glm::ivec2 high = glm::max(v[0].position, glm::max(v[1].position, v[2].position));
    const glm::ivec2 size(buffer.size());
    const glm::ivec2 first = glm::max(glm::ivec2(floorToPixel(low.x), floorToPixel(low.y)), glm::ivec2(0));
    const glm::ivec2 last = glm::min(glm::ivec2(floorToPixel(high.x), floorToPixel(high.y)), size - 1);
    // Edge i lies opposite vertex i: its function weighs vertex i.
    const std::array<std::int64_t, 3> bias{edgeBias(v[1].position, v[2].position),
                                           edgeBias(v[2].position, v[0].position),
                                           edgeBias(v[0].position, v[1].position)};
    const std::span<const glm::ivec2> samples = samplePositions(buffer.samples());
    for (std::int32_t y = first.y; y <= last.y; ++y) {
        for (std::int32_t x = first.x; x <= last.x; ++x) {
            for (std::uint32_t s = 0; s < samples.size(); ++s) {
                const glm::ivec2 p = glm::ivec2(x, y) * kSubpixelUnits + samples[s];
                const std::int64_t e0 = edgeFunction(v[1].position, v[2].position, p);
                const std::int64_t e1 = edgeFunction(v[2].position, v[0].position, p);
                const std::int64_t e2 = edgeFunction(v[0].position, v[1].position, p);
                if (e0 < bias[0] || e1 < bias[1] || e2 < bias[2]) {
                    continue;
                }
                const float depth = (static_cast<float>(e0) * v[0].depth + static_cast<float>(e1) * v[1].depth +
                                     static_cast<float>(e2) * v[2].depth) /
                                    static_cast<float>(area);
                buffer.cover(glm::uvec2(x, y), s, visibilityValue(depth, triangle));
            }
        }
    }
}

void rasterizeTriangle(const std::array<glm::vec4, 3>& clip, std::uint32_t triangle, VisibilityBuffer& buffer)
{
    const glm::uvec2 viewport = buffer.size();
    if (!needsClipping(clip, viewport)) {
        rasterizeWindowTriangle({toWindow(clip[0], viewport), toWindow(clip[1], viewport), toWindow(clip[2], viewport)},
                                triangle, buffer);
        return;
    }
    const ClippedPolygon polygon = clipTriangle(clip, viewport);
    if (polygon.count < 3) {
        return;
    }
    const WindowVertex pivot = toWindow(polygon.vertices[0], viewport);
    for (int i = 1; i + 1 < polygon.count; ++i) {
        rasterizeWindowTriangle({pivot, toWindow(polygon.vertices[static_cast<std::size_t>(i)], viewport),
                                 toWindow(polygon.vertices[static_cast<std::size_t>(i + 1)], viewport)},
                                triangle, buffer);
    }
}

}  // namespace raster
