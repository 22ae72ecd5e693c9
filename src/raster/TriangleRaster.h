// Triangles rasterized into a visibility buffer, the CPU reference of
// shaders/raster/TriangleRaster.glsl (operation for operation; the GPU's
// compute passes use it where graphics hardware rasterizes slowly, as on
// parts that confine vertex and fragment work to a few multiprocessors).
//
// A triangle's clip-space vertices (Vulkan: x right, y down, 0 <= z <= w)
// are clipped against the near and far planes and a guard band far outside
// the viewport, when any vertex lies outside them; the polygon left is a fan
// of triangles. Each vertex goes to window coordinates in fixed point, 1/256
// of a pixel (kSubpixelUnits), and its depth z / w. A sample is covered when
// the three integer edge functions at its position are positive, or zero on
// an edge that owns its samples: an edge pointing up (y decreasing), or
// right when horizontal. The opposite edge of a neighbour never owns them,
// so a mesh whose triangles share their vertices covers each sample inside
// it exactly once: no cracks, no double coverage. Triangles wound either way
// are rasterized (no culling); those of no area are not.
//
// The buffer holds `samples` values per pixel (row-major, a pixel's samples
// side by side), at Vulkan's standard sample positions: the depth's float
// bits in the high 32 bits and the triangle's number plus one in the low 32,
// so the largest value is the nearest triangle under reversed depth (ties to
// the larger number), and 0, what the buffer is cleared to, is none.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace raster {

inline constexpr std::int32_t kSubpixelBits = 8;
inline constexpr std::int32_t kSubpixelUnits = 1 << kSubpixelBits;
// The guard band: clipped vertices stay within this many pixels of the
// viewport, so that fixed-point coordinates fit in 29 bits and the edge
// functions' products in 63.
inline constexpr float kGuardBandPixels = 524288.0f;  // 2^19
inline constexpr std::uint32_t kMaxViewportPixels = 16384;
inline constexpr int kMaxPolygonVertices = 9;  // a triangle clipped by six planes

// Vulkan's standard sample positions for 1, 2, 4 and 8 samples, in
// kSubpixelUnits from the pixel's corner. Throws std::invalid_argument for
// other counts.
[[nodiscard]] std::span<const glm::ivec2> samplePositions(std::uint32_t samples);

struct WindowVertex {
    glm::ivec2 position{0};  // fixed point, kSubpixelUnits per pixel
    float depth = 0.0f;      // z / w
};

// The vertex in window coordinates of a `viewport` of pixels.
[[nodiscard]] WindowVertex toWindow(const glm::vec4& clip, glm::uvec2 viewport);

// The clip-space planes a triangle is clipped against for `viewport`: near
// (z <= w), far (z >= 0), and the guard band's four.
[[nodiscard]] std::array<glm::vec4, 6> clipPlanesOf(glm::uvec2 viewport);
// Whether any vertex lies outside one of the planes.
[[nodiscard]] bool needsClipping(const std::array<glm::vec4, 3>& clip, glm::uvec2 viewport);

struct ClippedPolygon {
    std::array<glm::vec4, kMaxPolygonVertices> vertices{};
    int count = 0;  // 0 when nothing is left
};
// Sutherland and Hodgman's clipping against clipPlanesOf(viewport); a new
// vertex lies on the edge from its inside end towards its outside end, so
// two triangles sharing an edge get the same point.
[[nodiscard]] ClippedPolygon clipTriangle(const std::array<glm::vec4, 3>& clip, glm::uvec2 viewport);

// The packed value of a sample at `depth` covered by triangle `triangle`.
[[nodiscard]] std::uint64_t visibilityValue(float depth, std::uint32_t triangle);
[[nodiscard]] float depthOf(std::uint64_t value);
// The triangle's number plus one; 0 for none.
[[nodiscard]] std::uint32_t triangleOf(std::uint64_t value);

class VisibilityBuffer {
public:
    // Throws std::invalid_argument for a sample count samplePositions does
    // not know or a side beyond kMaxViewportPixels.
    VisibilityBuffer(glm::uvec2 size, std::uint32_t samples);

    [[nodiscard]] glm::uvec2 size() const { return size_; }
    [[nodiscard]] std::uint32_t samples() const { return samples_; }
    [[nodiscard]] std::uint64_t at(glm::uvec2 pixel, std::uint32_t sample) const;
    [[nodiscard]] const std::vector<std::uint64_t>& values() const { return values_; }
    // Keeps the larger of the sample's value and `value`.
    void cover(glm::uvec2 pixel, std::uint32_t sample, std::uint64_t value);

private:
    glm::uvec2 size_;
    std::uint32_t samples_;
    std::vector<std::uint64_t> values_;
};

// Rasterizes triangle number `triangle` given in window coordinates.
void rasterizeWindowTriangle(const std::array<WindowVertex, 3>& vertices, std::uint32_t triangle,
                             VisibilityBuffer& buffer);
// Clips, when needed, and rasterizes triangle number `triangle` given in
// clip space, for a viewport of the buffer's size.
void rasterizeTriangle(const std::array<glm::vec4, 3>& clip, std::uint32_t triangle, VisibilityBuffer& buffer);

}  // namespace raster
