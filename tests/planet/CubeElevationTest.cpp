// A global elevation model resampled onto the cube (planet::CubeElevation):
// face coordinates go to cube points and back; the grid's samples are the
// model's heights at their places (ETOPO5: the Himalaya high, the Pacific
// deep); every point of an edge or a corner of the cube has bit-for-bit the
// same height from each face it lies on; the date line, inside the -X face,
// has no step; the height ranges over a box of a face hold every height in
// it, one cell's range is its four samples', and wider boxes widen it; a
// triangle inside one cell is bounded by the bilinear surface over it; and
// the grid's size follows the model's resolution.
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <vector>

namespace planet::test {
namespace {

constexpr std::uint32_t kIntervals = 128;

class CubeElevationTest : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        etopo5_ = std::make_unique<GlobalElevation>(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
        cube_ = std::make_unique<CubeElevation>(*etopo5_, kIntervals);
    }
    static void TearDownTestSuite()
    {
        cube_.reset();
        etopo5_.reset();
    }

    static std::unique_ptr<GlobalElevation> etopo5_;
    static std::unique_ptr<CubeElevation> cube_;
};

std::unique_ptr<GlobalElevation> CubeElevationTest::etopo5_;
std::unique_ptr<CubeElevation> CubeElevationTest::cube_;

TEST(CubeFaces, FaceCoordinatesGoToCubePointsAndBack)
{
    for (std::uint32_t face = 0; face < 6; ++face) {
        const glm::dvec3 point = cubePointOf(face, 0.25, -0.5);
        const CubeFacePoint back = cubeFaceOf(point);
        EXPECT_EQ(back.face, face);
        EXPECT_EQ(back.s, 0.25);
        EXPECT_EQ(back.t, -0.5);
        EXPECT_EQ(std::abs(point[static_cast<int>(face / 2)]), 1.0);
    }
    EXPECT_EQ(cubeFaceOf({0.0, 0.0, 1.0}).face, 4u);   // the north pole: +Z
    EXPECT_EQ(cubeFaceOf({-1.0, 0.0, 0.0}).face, 1u);  // 180 degrees: -X
    EXPECT_EQ(cubeFaceOf({1.0, 1.0, 1.0}).face, 0u);   // a corner: the lowest axis
}

TEST_F(CubeElevationTest, SamplesAreTheModelsHeightsWhereTheyLie)
{
    const std::uint32_t side = cube_->samplesPerSide();
    ASSERT_EQ(cube_->samples().size(), std::size_t{6} * side * side);
    for (std::uint32_t face = 0; face < 6; ++face) {
        for (std::uint32_t row = 0; row < side; row += 17) {
            for (std::uint32_t column = 0; column < side; column += 13) {
                const double s = -1.0 + 2.0 * column / kIntervals;
                const double t = -1.0 + 2.0 * row / kIntervals;
                const geodesy::GeodeticCoordinates place = geodesy::ecefToGeodetic(cubeToEcef(cubePointOf(face, s, t)));
                const auto expected =
                    static_cast<float>(etopo5_->heightMetres(place.latitudeDegrees, place.longitudeDegrees));
                EXPECT_EQ(cube_->sample(face, column, row), expected) << face << " " << column << " " << row;
                EXPECT_EQ(cube_->heightOnFace({face, s, t}), static_cast<double>(expected));
            }
        }
    }
    EXPECT_LT(cube_->lowestMetres(), -5000.0);
    EXPECT_GT(cube_->highestMetres(), 4000.0);
}

TEST_F(CubeElevationTest, EdgesAndCornersHaveOneHeightWhicheverFaceGivesIt)
{
    std::uint64_t checked = 0;
    for (std::uint32_t face = 0; face < 6; ++face) {
        for (int k = 0; k <= 1000; ++k) {
            const double along = -1.0 + k / 500.0 + (k % 7) * std::ldexp(1.0, -30);
            for (const double edge : {-1.0, 1.0}) {
                for (const glm::dvec3& point :
                     {cubePointOf(face, edge, std::min(along, 1.0)), cubePointOf(face, std::min(along, 1.0), edge)}) {
                    // The point's other face: the axis at +-1 besides this face's.
                    for (int axis = 0; axis < 3; ++axis) {
                        if (axis == static_cast<int>(face / 2) || std::abs(point[axis]) != 1.0) {
                            continue;
                        }
                        const std::uint32_t other =
                            2u * static_cast<std::uint32_t>(axis) + (point[axis] > 0.0 ? 0u : 1u);
                        ASSERT_EQ(cube_->heightOnFace(cubeFacePointOn(face, point)),
                                  cube_->heightOnFace(cubeFacePointOn(other, point)))
                            << "faces " << face << " and " << other << " at along = " << along;
                        ++checked;
                    }
                }
            }
        }
    }
    EXPECT_GT(checked, 20000u);
}

TEST_F(CubeElevationTest, TheDateLineHasNoStep)
{
    const double tiny = std::ldexp(1.0, -30);
    for (int k = -100; k <= 100; ++k) {
        const double z = k / 101.0;
        const double west = cube_->heightAt({-1.0, -tiny, z});
        const double east = cube_->heightAt({-1.0, tiny, z});
        EXPECT_NEAR(west, east, 1.0e-3 * (1.0 + std::abs(west))) << "z = " << z;
    }
}

TEST_F(CubeElevationTest, HeightRangesHoldEveryHeightInTheirBox)
{
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
    std::uniform_real_distribution<double> share(0.0, 1.0);
    std::uniform_int_distribution<std::uint32_t> face(0, 5);
    for (int box = 0; box < 300; ++box) {
        const std::uint32_t f = face(random);
        const double size = std::ldexp(1.0, -static_cast<int>(box % 9));
        const double s0 = std::min(coordinate(random), 1.0 - size);
        const double t0 = std::min(coordinate(random), 1.0 - size);
        const glm::vec2 range = cube_->heightRangeOver(f, {s0, t0}, {s0 + size, t0 + size});
        EXPECT_GE(range.x, cube_->lowestMetres());
        EXPECT_LE(range.y, cube_->highestMetres());
        for (int point = 0; point < 20; ++point) {
            const double height = cube_->heightOnFace({f, s0 + size * share(random), t0 + size * share(random)});
            EXPECT_GE(height, range.x - 1.0e-3) << "box " << box;
            EXPECT_LE(height, range.y + 1.0e-3) << "box " << box;
        }
    }
    // One cell: its four samples.
    const double step = 2.0 / kIntervals;
    const glm::vec2 cell =
        cube_->heightRangeOver(2, {-1.0 + 5 * step, -1.0 + 7 * step}, {-1.0 + 6 * step, -1.0 + 8 * step});
    const float a = cube_->sample(2, 5, 7);
    const float b = cube_->sample(2, 6, 7);
    const float c = cube_->sample(2, 5, 8);
    const float d = cube_->sample(2, 6, 8);
    EXPECT_EQ(cell.x, std::min({a, b, c, d}));
    EXPECT_EQ(cell.y, std::max({a, b, c, d}));
    // A whole face: its extremes.
    const glm::vec2 whole = cube_->heightRangeOver(2, {-1.0, -1.0}, {1.0, 1.0});
    EXPECT_LE(whole.x, cell.x);
    EXPECT_GE(whole.y, cell.y);
    EXPECT_GT(whole.y - whole.x, 5000.0f);
}

TEST_F(CubeElevationTest, ATriangleInsideOneCellIsBoundedByItsOwnSurfaceFarTighterThanByTheCell)
{
    // Triangles from a cell's size down to a millionth of it, anywhere: every
    // height of the bilinear surface inside one lies within its range, and a
    // small one's range is a small share of its cell's.
    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> share(0.0, 1.0);
    std::uniform_int_distribution<std::uint32_t> face(0, 5);
    std::uniform_int_distribution<std::uint32_t> cellIndex(0, kIntervals - 1);
    const double step = 2.0 / kIntervals;
    int bounded = 0;
    int tight = 0;
    for (int triangle = 0; triangle < 400; ++triangle) {
        const std::uint32_t f = face(random);
        const std::uint32_t column = cellIndex(random);
        const std::uint32_t row = cellIndex(random);
        const double size = std::ldexp(1.0, -static_cast<int>(triangle % 21));  // of the cell
        const double u0 = (1.0 - size) * share(random);
        const double v0 = (1.0 - size) * share(random);
        std::array<glm::dvec2, 3> corners{};
        std::array<double, 3> heights{};
        for (std::size_t i = 0; i < 3; ++i) {
            const double u = u0 + size * (i == 1 ? 1.0 : share(random) * 0.5);
            const double v = v0 + size * (i == 2 ? 1.0 : share(random) * 0.5);
            corners[i] = glm::dvec2(-1.0 + (column + u) * step, -1.0 + (row + v) * step);
            heights[i] = cube_->heightOnFace({f, corners[i].x, corners[i].y});
        }
        const std::optional<glm::dvec2> range = cube_->surfaceRangeOverTriangle(f, corners, heights);
        ASSERT_TRUE(range.has_value()) << "triangle " << triangle;
        ++bounded;
        for (int point = 0; point < 30; ++point) {
            double a = share(random);
            double b = share(random);
            if (a + b > 1.0) {
                a = 1.0 - a;
                b = 1.0 - b;
            }
            const glm::dvec2 p = corners[0] + a * (corners[1] - corners[0]) + b * (corners[2] - corners[0]);
            const double height = cube_->heightOnFace({f, p.x, p.y});
            EXPECT_GE(height, range->x - 1.0e-6) << "triangle " << triangle;
            EXPECT_LE(height, range->y + 1.0e-6) << "triangle " << triangle;
        }
        const glm::vec2 cell = cube_->heightRangeOver(f, {-1.0 + column * step, -1.0 + row * step},
                                                      {-1.0 + (column + 1) * step, -1.0 + (row + 1) * step});
        if (size <= 1.0e-3 && cell.y - cell.x > 100.0f) {
            EXPECT_LT(range->y - range->x, 0.01 * static_cast<double>(cell.y - cell.x)) << "triangle " << triangle;
            ++tight;
        }
    }
    EXPECT_EQ(bounded, 400);
    EXPECT_GT(tight, 20);
    // A triangle over two cells has no such bound.
    const std::array<glm::dvec2, 3> across{glm::dvec2(-1.0 + 4.5 * step, -1.0 + 7.2 * step),
                                           glm::dvec2(-1.0 + 5.5 * step, -1.0 + 7.2 * step),
                                           glm::dvec2(-1.0 + 5.0 * step, -1.0 + 7.8 * step)};
    EXPECT_FALSE(cube_->surfaceRangeOverTriangle(2, across, {0.0, 0.0, 0.0}).has_value());
}

TEST_F(CubeElevationTest, TheGridFollowsTheModelsResolution)
{
    EXPECT_EQ(etopo5_->columnsPerTurn(), 4320u);
    EXPECT_EQ(CubeElevation::intervalsFor(*etopo5_), 1024u);
    EXPECT_THROW(CubeElevation(*etopo5_, 100), std::invalid_argument);
    EXPECT_THROW(CubeElevation(*etopo5_, 1), std::invalid_argument);
}

}  // namespace
}  // namespace planet::test
