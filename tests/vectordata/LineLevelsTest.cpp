// The draped lines' levels of detail (src/vectordata/LineLevels.h): chunks
// of at most kLineChunkSegments segments meeting end to end; each level
// within its tolerance of the full line and coarser than the one before;
// markers kept whole; and each frame's selection: every segment near the
// camera, far fewer from afar, none behind the camera.
#include "vectordata/LineLevels.h"

#include "camera/Projection.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>

#include <cmath>

namespace vectordata {
namespace {

glm::dvec3 positionOf(const DrapedVertex& vertex)
{
    return glm::dvec3(vertex.high) + glm::dvec3(vertex.low);
}

// A wavy line along +X over 10 km, a vertex every 10 m, then a marker.
std::vector<DrapedVertex> wavyLine()
{
    std::vector<DrapedVertex> vertices;
    for (int i = 0; i <= 1000; ++i) {
        DrapedVertex vertex;
        splitPosition(glm::dvec3(10.0 * i, 30.0 * std::sin(i * 0.05), 5.0 * std::cos(i * 0.3)), vertex.high,
                      vertex.low);
        vertex.flags = i == 1000 ? kDrapeLineEnd : 0u;
        vertices.push_back(vertex);
    }
    DrapedVertex marker;
    splitPosition(glm::dvec3(0.0, 0.0, 100.0), marker.high, marker.low);
    marker.flags = kDrapeLineEnd | kDrapeMarker;
    vertices.push_back(marker);
    return vertices;
}

double distanceToPolyline(const glm::dvec3& p, const std::vector<glm::dvec3>& line)
{
    double nearest = INFINITY;
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        const glm::dvec3 along = line[i + 1] - line[i];
        const double t = std::clamp(glm::dot(p - line[i], along) / glm::dot(along, along), 0.0, 1.0);
        nearest = std::min(nearest, glm::length(p - (line[i] + t * along)));
    }
    return nearest;
}

TEST(LineLevels, ChunksMeetAndEachLevelStaysWithinItsTolerance)
{
    const std::vector<DrapedVertex> lines = wavyLine();
    const LineLevels levels = buildLineLevels(lines);
    // 1000 segments in chunks of 128, and the marker.
    ASSERT_EQ(levels.chunks.size(), 8u + 1u);
    EXPECT_EQ(levels.fullSegments, 1001u);
    double tolerance = 0.0;
    for (std::size_t level = 0; level < kLineLevelCount; ++level) {
        std::size_t kept = 0;
        for (std::size_t c = 0; c + 1 < levels.chunks.size(); ++c) {
            const LineChunk& chunk = levels.chunks[c];
            std::vector<glm::dvec3> simplified;
            for (std::uint32_t i = 0; i < chunk.count[level]; ++i) {
                simplified.push_back(positionOf(levels.vertices[chunk.first[level] + i]));
            }
            kept += simplified.size();
            EXPECT_NE(levels.vertices[chunk.first[level] + chunk.count[level] - 1].flags & kDrapeLineEnd, 0u);
            // Every point of the full line lies within the tolerance.
            for (std::size_t i = c * kLineChunkSegments; i <= std::min((c + 1) * kLineChunkSegments, 1000ul); ++i) {
                EXPECT_LE(distanceToPolyline(positionOf(lines[i]), simplified), tolerance + 1e-6);
            }
            if (c > 0) {
                const LineChunk& before = levels.chunks[c - 1];
                EXPECT_EQ(positionOf(levels.vertices[before.first[level] + before.count[level] - 1]),
                          simplified.front());
            }
        }
        if (level == 0) {
            EXPECT_EQ(kept, 1001u + 7u);  // the chunks' shared ends twice
        } else if (level + 1 == kLineLevelCount) {
            EXPECT_LT(kept, 100u);
        }
        const LineChunk& marker = levels.chunks.back();
        EXPECT_EQ(marker.count[level], 1u);
        EXPECT_EQ(levels.vertices[marker.first[level]].flags, kDrapeLineEnd | kDrapeMarker);
        tolerance = level == 0 ? kFinestLineTolerance : tolerance * 2.0;
    }
}

LineView viewFrom(const glm::dvec3& eye, const glm::dvec3& target)
{
    const glm::mat4 rotation = glm::lookAt(glm::vec3(0.0f), glm::vec3(target - eye), glm::vec3(0.0f, 1.0f, 0.0f));
    const glm::mat4 projection = camera::vulkanInfinitePerspective(glm::radians(60.0f), 16.0f / 9.0f, 1.0f);
    LineView view;
    view.cameraPosition = eye;
    view.viewRotationProjection = projection * rotation;
    view.pixelsPerRadian = std::abs(static_cast<double>(projection[1][1])) * 1080.0 / 2.0;
    return view;
}

TEST(LineLevels, TheSelectionFollowsTheView)
{
    const LineLevels levels = buildLineLevels(wavyLine());
    std::vector<std::uint32_t> starts;
    // Close over the line's start, looking along it: the nearest chunk in
    // full.
    selectLineSegments(levels, viewFrom({-20.0, 20.0, 0.0}, {200.0, 0.0, 0.0}), starts);
    const LineChunk& nearest = levels.chunks.front();
    for (std::uint32_t i = 0; i < kLineChunkSegments; ++i) {
        EXPECT_NE(std::find(starts.begin(), starts.end(), nearest.first[0] + i), starts.end()) << i;
    }
    const std::size_t near = starts.size();
    // 200 km up over the middle, looking down: the whole line, coarsely.
    selectLineSegments(levels, viewFrom({5000.0, 200000.0, 1.0}, {5000.0, 0.0, 0.0}), starts);
    EXPECT_GT(starts.size(), 8u);
    EXPECT_LT(starts.size(), 100u);
    EXPECT_LT(starts.size(), near);
    // Looking away from it: nothing.
    selectLineSegments(levels, viewFrom({-100.0, 20.0, 0.0}, {-1000.0, 20.0, 0.0}), starts);
    EXPECT_TRUE(starts.empty());
}

}  // namespace
}  // namespace vectordata
