// A global elevation model resampled onto the globe's cube: per face a
// square grid of heights in the face's own coordinates, so that the height
// of a cube point is found without trigonometry, from the exact point itself
// (the GPU repeats it in double: shaders/planet/CubeElevation.glsl).
//
// Face f (0..5) is the cube's side whose outward axis is f / 2 (0 = X,
// 1 = Y, 2 = Z), positive for even f. Its coordinates (s, t) in [-1, 1] are
// (y, z) on the X faces, (z, x) on the Y faces and (x, y) on the Z faces.
// Each face holds (intervals + 1)^2 samples at s, t = -1 + 2 i / intervals,
// corners included: a point on an edge or a corner of the cube is a sample
// point of every face it lies on, computed from the same cube point, so
// neighbouring faces hold the same heights along their shared edges and
// bilinear interpolation meets without a seam.
#pragma once

#include "planet/CubeGeoid.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace planet {

// The face coordinate of grid line i of a face's grid of `intervals` a side.
[[nodiscard]] double gridCoordinate(std::uint32_t i, std::uint32_t intervals) noexcept;
// A face coordinate in grid units of such a grid, clamped to [0, intervals].
[[nodiscard]] double gridPosition(double coordinate, std::uint32_t intervals) noexcept;

// Where bilinear filtering of a face's grid of `intervals` a side reads at a
// face point: the cell's first column and row, and the weights towards the
// next ones; exact for the cube's dyadic points (shaders/planet/
// CubeElevation.glsl: planet_GridCellOf).
struct GridCell {
    std::uint32_t column = 0;
    std::uint32_t row = 0;
    double columnWeight = 0.0;
    double rowWeight = 0.0;
};
[[nodiscard]] GridCell gridCellOf(const CubeFacePoint& point, std::uint32_t intervals) noexcept;

// Bilinear in double between the four samples of `cell`
// (`sample(column, row)`), written (1 - w) a + w b, so that a weight of 0 or
// 1 gives a sample exactly.
template <typename Sample>
[[nodiscard]] double bilinearIn(const GridCell& cell, const Sample& sample)
{
    const double wu = cell.columnWeight;
    const double wv = cell.rowWeight;
    const std::uint32_t c = cell.column;
    const std::uint32_t r = cell.row;
    const double lower = (1.0 - wu) * sample(c, r) + wu * sample(c + 1, r);
    const double upper = (1.0 - wu) * sample(c, r + 1) + wu * sample(c + 1, r + 1);
    return (1.0 - wv) * lower + wv * upper;
}

// A grid of `intervals` a face side (face after face, each row-major) of
// `valueAt(latitude, longitude)` at the ellipsoid point of every grid point
// (cubeToEcef, then its WGS 84 latitude and longitude). Throws
// std::invalid_argument unless `intervals` is a power of two in [2, 2^14].
[[nodiscard]] std::vector<float> sampleCubeGrid(std::uint32_t intervals,
                                                const std::function<double(double, double)>& valueAt);

class CubeElevation {
public:
    // Samples `elevation` at the ellipsoid point of every grid point
    // (sampleCubeGrid), its heights above sea level, which stands on `geoid`
    // (a model whose heights are above the ellipsoid is brought down to it
    // by the geoid's own N there).
    // Throws std::invalid_argument unless `intervals` is a power of two in
    // [2, 2^14].
    CubeElevation(const GlobalElevation& elevation, std::uint32_t intervals, CubeGeoid geoid = CubeGeoid());

    // A power of two of about a quarter of the model's columns per turn (its
    // equatorial spacing), within [64, 4096].
    [[nodiscard]] static std::uint32_t intervalsFor(const GlobalElevation& elevation);

    // Metres at a cube point: bilinear in double between the face's samples,
    // written (1 - w) a + w b, so that a weight of 0 or 1 gives a sample
    // exactly whichever face is used.
    [[nodiscard]] double heightAt(const glm::dvec3& cubePoint) const;
    [[nodiscard]] double heightOnFace(const CubeFacePoint& point) const;
    // The surface drawn: the height plus the fractal detail below the data's
    // resolution (planet/SurfaceDetail.h).
    [[nodiscard]] double surfaceHeightAt(const glm::dvec3& cubePoint) const;
    // The most the detail moves the surface from the data's heights.
    [[nodiscard]] double detailBoundMetres() const;
    // Where a point of the cube at `heightAboveSea` stands, in ECEF metres:
    // cubeToEcef at that height plus the geoid's undulation there (the sum
    // in double, as shaders/planet/CubeGeoid.glsl: planet_GroundToEcef).
    [[nodiscard]] glm::dvec3 ecefAt(const glm::dvec3& cubePoint, double heightAboveSea) const;
    [[nodiscard]] const CubeGeoid& geoid() const noexcept { return geoid_; }

    [[nodiscard]] std::uint32_t intervals() const noexcept { return intervals_; }
    [[nodiscard]] std::uint32_t samplesPerSide() const noexcept { return intervals_ + 1; }
    // Face after face, each row-major (t rows, s columns).
    [[nodiscard]] const std::vector<float>& samples() const noexcept { return samples_; }
    [[nodiscard]] float sample(std::uint32_t face, std::uint32_t column, std::uint32_t row) const;
    [[nodiscard]] double lowestMetres() const noexcept { return lowest_; }
    [[nodiscard]] double highestMetres() const noexcept { return highest_; }

    // The lowest and highest height over a box of face coordinates (both
    // ranges within [-1, 1]), conservative for the bilinear surface: the
    // extremes of the samples of every grid cell the box touches, read from a
    // min/max pyramid over the cells, at the finest level where the box spans
    // at most 2 x 2 of them.
    [[nodiscard]] glm::vec2 heightRangeOver(std::uint32_t face, glm::dvec2 lowCorner, glm::dvec2 highCorner) const;
    // The lowest and highest height of the bilinear surface over a triangle
    // of face coordinates on `face` whose corners' heights are `heights`,
    // when it lies within one grid cell (else nullopt). Along a line the
    // surface is a parabola that bulges off its chord by a quarter of
    // |twist du dv| (the cell's twist s00 - s10 - s01 + s11, the line's extent
    // in grid units), and it has no extremum inside the triangle: the range is
    // the corners' widened by the largest edge's bulge. Far tighter than the
    // cell's range for a triangle much smaller than the cell.
    [[nodiscard]] std::optional<glm::dvec2> surfaceRangeOverTriangle(std::uint32_t face,
                                                                     const std::array<glm::dvec2, 3>& corners,
                                                                     const std::array<double, 3>& heights) const;
    // The pyramid, level after level (level 0: the grid's cells, then halved
    // to 1 x 1), each face after face, row-major: (lowest, highest).
    [[nodiscard]] const std::vector<glm::vec2>& heightRanges() const noexcept { return ranges_; }

private:
    // Also sets lowest_ and highest_.
    void buildHeightRanges();
    [[nodiscard]] std::size_t rangeIndex(std::uint32_t level, std::uint32_t face, std::uint32_t column,
                                         std::uint32_t row) const;

    std::uint32_t intervals_ = 0;
    std::vector<float> samples_;
    CubeGeoid geoid_;
    std::vector<glm::vec2> ranges_;
    std::vector<std::size_t> levelOffsets_;
    double lowest_ = 0.0;
    double highest_ = 0.0;
};

}  // namespace planet
