// The draped lines in levels of detail, so that a layer of a national road
// network costs what the view shows of it: the lines cut into chunks of at
// most kLineChunkSegments segments, each chunk simplified (Douglas-Peucker,
// in the scene's metres, heights included) at tolerances doubling from
// kFinestLineTolerance; each frame the chunks in the view are drawn at the
// coarsest level whose tolerance the camera sees under half a pixel. A
// chunk's levels keep its ends, so neighbouring chunks still meet.
#pragma once

#include "vectordata/Drape.h"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace vectordata {

inline constexpr std::size_t kLineLevelCount = 12;
inline constexpr std::size_t kLineChunkSegments = 128;
// Level 1's tolerance in the scene's units (metres); level k's is 2^(k-1)
// times it, level 0 keeps every vertex.
inline constexpr double kFinestLineTolerance = 0.25;
// The most a simplified line may stray from the full one, in pixels.
inline constexpr double kLineTolerancePixels = 0.5;

struct LineChunk {
    glm::dvec3 centre{0.0};
    double radius = 0.0;
    // Each level's run of vertices in LineLevels::vertices, its last one
    // ending its line (a marker's run is the marker).
    std::array<std::uint32_t, kLineLevelCount> first{};
    std::array<std::uint32_t, kLineLevelCount> count{};
};

struct LineLevels {
    std::vector<DrapedVertex> vertices;
    std::vector<LineChunk> chunks;
    // The segments (and markers) at level 0: what drawing every chunk in
    // full draws.
    std::size_t fullSegments = 0;
};

// The levels of `lines` (drapeLayer's vertices).
[[nodiscard]] LineLevels buildLineLevels(const std::vector<DrapedVertex>& lines);

// The frame's camera as the selection needs it.
struct LineView {
    glm::dvec3 cameraPosition{0.0};
    // The scene's directions to clip space: the view's rotation, then the
    // projection (positions less the camera's).
    glm::mat4 viewRotationProjection{1.0f};
    // Pixels per radian at the middle of the frame.
    double pixelsPerRadian = 1.0;
};

// The first vertex of every segment (or marker) to draw for `view`, into
// `starts` (cleared first): the chunks whose bounding sphere meets the view
// frustum, each at its level.
void selectLineSegments(const LineLevels& levels, const LineView& view, std::vector<std::uint32_t>& starts);

}  // namespace vectordata
