// The CPU reference of the compute rasterizer (src/raster): a mesh whose
// triangles share their vertices covers each sample inside it exactly once,
// whatever the winding, with samples exactly on shared edges and vertices;
// clipping keeps the part in front of the camera and stays watertight; the
// packed values keep the nearest triangle.
#include "raster/TriangleRaster.h"

#include <gtest/gtest.h>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <vector>

namespace raster::test {
namespace {

// Counts, per sample, the triangles that cover it (each triangle at its own
// depth, so that every cover is seen).
std::vector<int> coverCounts(const std::vector<std::array<WindowVertex, 3>>& triangles, glm::uvec2 size,
                             std::uint32_t samples)
{
    std::vector<int> counts(std::size_t{size.x} * size.y * samples, 0);
    for (std::uint32_t t = 0; t < triangles.size(); ++t) {
        VisibilityBuffer single(size, samples);
        rasterizeWindowTriangle(triangles[t], t, single);
        for (std::size_t i = 0; i < counts.size(); ++i) {
            counts[i] += single.values()[i] != 0 ? 1 : 0;
        }
    }
    return counts;
}

WindowVertex at(int x, int y)
{
    return WindowVertex{{x, y}, 0.5f};
}

TEST(TriangleRaster, AGridOfSharedVerticesCoversEverySampleOnceWithSamplesOnItsEdgesAndCorners)
{
    // Vertices on pixel centres and on the sample grid, so that many samples
    // lie exactly on edges and at vertices; diagonals both ways; some
    // triangles wound clockwise, some counter-clockwise.
    const glm::uvec2 size(24, 20);
    for (const std::uint32_t samples : {1u, 4u, 8u}) {
        std::vector<std::array<WindowVertex, 3>> triangles;
        const int step = 3 * kSubpixelUnits;
        const int origin = kSubpixelUnits / 2;  // a pixel's centre
        for (int j = 0; j < 6; ++j) {
            for (int i = 0; i < 7; ++i) {
                const WindowVertex a = at(origin + i * step, origin + j * step);
                const WindowVertex b = at(origin + (i + 1) * step, origin + j * step);
                const WindowVertex c = at(origin + i * step, origin + (j + 1) * step);
                const WindowVertex d = at(origin + (i + 1) * step, origin + (j + 1) * step);
                if ((i + j) % 2 == 0) {
                    triangles.push_back({a, b, d});
                    triangles.push_back({a, c, d});  // the other winding
                } else {
                    triangles.push_back({a, b, c});
                    triangles.push_back({b, d, c});
                }
            }
        }
        const std::vector<int> counts = coverCounts(triangles, size, samples);
        const std::span<const glm::ivec2> positions = samplePositions(samples);
        int inside = 0;
        for (std::uint32_t y = 0; y < size.y; ++y) {
            for (std::uint32_t x = 0; x < size.x; ++x) {
                for (std::uint32_t s = 0; s < samples; ++s) {
                    const glm::ivec2 p = glm::ivec2(x, y) * kSubpixelUnits + positions[s];
                    const bool strictlyInside =
                        p.x > origin && p.x < origin + 7 * step && p.y > origin && p.y < origin + 6 * step;
                    const int count = counts[(std::size_t{y} * size.x + x) * samples + s];
                    if (strictlyInside) {
                        ++inside;
                        ASSERT_EQ(count, 1) << "sample " << s << " of pixel " << x << ", " << y;
                    }
                    ASSERT_LE(count, 1) << "sample " << s << " of pixel " << x << ", " << y;
                }
            }
        }
        EXPECT_GT(inside, 300);
    }
}

TEST(TriangleRaster, AFanOfRandomTrianglesAroundOneVertexCoversEachSampleAtMostOnceAndLeavesNoHole)
{
    // Random points on a ring around a centre at a sample position: the fan
    // covers the polygon, every sample strictly inside it exactly once.
    std::mt19937 random(7);
    std::uniform_int_distribution<int> jitter(-300, 300);
    const glm::uvec2 size(40, 40);
    const int centre = 20 * kSubpixelUnits + 128;
    std::vector<glm::ivec2> ring;
    for (int k = 0; k < 17; ++k) {
        const double angle = 6.283185307179586 * k / 17.0;
        ring.emplace_back(centre + static_cast<int>(4000.0 * std::cos(angle)) + jitter(random),
                          centre + static_cast<int>(4000.0 * std::sin(angle)) + jitter(random));
    }
    std::vector<std::array<WindowVertex, 3>> triangles;
    for (std::size_t k = 0; k < ring.size(); ++k) {
        const glm::ivec2 a = ring[k];
        const glm::ivec2 b = ring[(k + 1) % ring.size()];
        triangles.push_back({at(centre, centre), at(a.x, a.y), at(b.x, b.y)});
    }
    const std::vector<int> counts = coverCounts(triangles, size, 1);
    // Every pixel whose centre lies within the ring's inner radius is covered once.
    for (std::uint32_t y = 0; y < size.y; ++y) {
        for (std::uint32_t x = 0; x < size.x; ++x) {
            const int count = counts[std::size_t{y} * size.x + x];
            ASSERT_LE(count, 1) << x << ", " << y;
            const double dx = (x * kSubpixelUnits + 128.0) - centre;
            const double dy = (y * kSubpixelUnits + 128.0) - centre;
            if (dx * dx + dy * dy < 3000.0 * 3000.0) {
                ASSERT_EQ(count, 1) << x << ", " << y;
            }
        }
    }
}

TEST(TriangleRaster, TheNearestTriangleKeepsTheSampleWhateverTheOrder)
{
    const glm::uvec2 size(8, 8);
    const std::array<WindowVertex, 3> far{WindowVertex{{0, 0}, 0.1f}, WindowVertex{{2048, 0}, 0.1f},
                                          WindowVertex{{0, 2048}, 0.1f}};
    const std::array<WindowVertex, 3> near{WindowVertex{{0, 0}, 0.6f}, WindowVertex{{2048, 0}, 0.6f},
                                           WindowVertex{{0, 2048}, 0.6f}};
    VisibilityBuffer forwards(size, 1);
    rasterizeWindowTriangle(far, 3, forwards);
    rasterizeWindowTriangle(near, 5, forwards);
    VisibilityBuffer backwards(size, 1);
    rasterizeWindowTriangle(near, 5, backwards);
    rasterizeWindowTriangle(far, 3, backwards);
    EXPECT_EQ(forwards.values(), backwards.values());
    EXPECT_EQ(triangleOf(forwards.at({1, 1}, 0)), 6u);
    EXPECT_FLOAT_EQ(depthOf(forwards.at({1, 1}, 0)), 0.6f);
    EXPECT_EQ(forwards.at({7, 7}, 0), 0u);  // outside both: nothing
}

TEST(TriangleRaster, DepthIsInterpolatedAcrossTheTriangle)
{
    const glm::uvec2 size(16, 1);
    // A strip from depth 1 at x = 0 to 0 at x = 16 pixels.
    const WindowVertex a{{0, -4096}, 1.0f};
    const WindowVertex b{{16 * kSubpixelUnits, -4096}, 0.0f};
    const WindowVertex c{{0, 4096}, 1.0f};
    const WindowVertex d{{16 * kSubpixelUnits, 4096}, 0.0f};
    VisibilityBuffer buffer(size, 1);
    rasterizeWindowTriangle({a, b, c}, 0, buffer);
    rasterizeWindowTriangle({b, d, c}, 1, buffer);
    for (std::uint32_t x = 0; x < size.x; ++x) {
        EXPECT_NEAR(depthOf(buffer.at({x, 0}, 0)), 1.0f - (static_cast<float>(x) + 0.5f) / 16.0f, 1e-6f) << x;
    }
}

TEST(TriangleRaster, ClippingKeepsWhatLiesInFrontOfTheNearPlaneWithoutCracks)
{
    // A ground quad seen from just above, reaching behind the camera: with a
    // reversed infinite projection (z = near, w = distance) the near plane
    // is w = z. Two triangles share the diagonal; after clipping they still
    // cover each sample below the horizon once.
    const glm::uvec2 size(64, 48);
    const float nearPlane = 1.0f;
    // Camera at height 2 looking along +z (view space y down in clip: y = 2).
    const auto clipOf = [&](float x, float z) { return glm::vec4(x * 1.2f, 2.0f * 1.6f, nearPlane, z); };
    const std::array<glm::vec4, 4> corners{clipOf(-50.0f, -5.0f), clipOf(50.0f, -5.0f), clipOf(-50.0f, 200.0f),
                                           clipOf(50.0f, 200.0f)};
    const std::array<glm::vec4, 3> first{corners[0], corners[1], corners[2]};
    const std::array<glm::vec4, 3> second{corners[1], corners[3], corners[2]};
    ASSERT_TRUE(needsClipping(first, size));
    ASSERT_TRUE(needsClipping(second, size));
    const ClippedPolygon polygon = clipTriangle(first, size);
    ASSERT_GE(polygon.count, 3);
    for (int i = 0; i < polygon.count; ++i) {
        EXPECT_GE(polygon.vertices[static_cast<std::size_t>(i)].w - polygon.vertices[static_cast<std::size_t>(i)].z,
                  -1e-4f);
    }
    std::vector<int> counts(std::size_t{size.x} * size.y, 0);
    int covered = 0;
    for (std::uint32_t t = 0; t < 2; ++t) {
        VisibilityBuffer single(size, 1);
        rasterizeTriangle(t == 0 ? first : second, t, single);
        for (std::size_t i = 0; i < counts.size(); ++i) {
            counts[i] += single.values()[i] != 0 ? 1 : 0;
            EXPECT_LE(depthOf(single.values()[i]), 1.0f);
        }
    }
    // The ground fills the rows below the horizon (the middle row), all of them.
    for (std::uint32_t y = size.y / 2 + 1; y < size.y; ++y) {
        for (std::uint32_t x = 0; x < size.x; ++x) {
            const int count = counts[std::size_t{y} * size.x + x];
            ASSERT_EQ(count, 1) << x << ", " << y;
            ++covered;
        }
    }
    EXPECT_GT(covered, 1000);
    // Nothing above the horizon.
    for (std::uint32_t y = 0; y < size.y / 2 - 1; ++y) {
        for (std::uint32_t x = 0; x < size.x; ++x) {
            ASSERT_EQ(counts[std::size_t{y} * size.x + x], 0) << x << ", " << y;
        }
    }
}

TEST(TriangleRaster, ATriangleWhollyBehindTheCameraOrOffScreenCoversNothing)
{
    const glm::uvec2 size(32, 32);
    VisibilityBuffer buffer(size, 1);
    rasterizeTriangle(
        {glm::vec4(0.0f, 0.0f, 1.0f, -2.0f), glm::vec4(1.0f, 0.0f, 1.0f, -3.0f), glm::vec4(0.0f, 1.0f, 1.0f, -2.5f)}, 0,
        buffer);
    rasterizeTriangle(
        {glm::vec4(3.0f, 0.0f, 1.0f, 1.0f), glm::vec4(4.0f, 0.0f, 1.0f, 1.0f), glm::vec4(3.0f, 1.0f, 1.0f, 1.0f)}, 1,
        buffer);
    for (const std::uint64_t value : buffer.values()) {
        ASSERT_EQ(value, 0u);
    }
}

TEST(TriangleRaster, RefusesUnknownSampleCountsAndHugeViewports)
{
    EXPECT_THROW(VisibilityBuffer(glm::uvec2(4, 4), 3), std::invalid_argument);
    EXPECT_THROW(VisibilityBuffer(glm::uvec2(4, 4), 16), std::invalid_argument);
    EXPECT_THROW(VisibilityBuffer(glm::uvec2(kMaxViewportPixels + 1, 4), 1), std::invalid_argument);
    EXPECT_EQ(samplePositions(4).size(), 4u);
}

}  // namespace
}  // namespace raster::test
