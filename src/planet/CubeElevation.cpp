#include "planet/CubeElevation.h"

#include "dem/GeoidModel.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeSphere.h"
#include "planet/SurfaceDetail.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace planet {

namespace {

constexpr std::uint32_t kMaxIntervals = 1u << 14;

}  // namespace

double gridCoordinate(std::uint32_t i, std::uint32_t intervals) noexcept
{
    return -1.0 + 2.0 * static_cast<double>(i) / static_cast<double>(intervals);
}

double gridPosition(double coordinate, std::uint32_t intervals) noexcept
{
    const double half = 0.5 * static_cast<double>(intervals);
    return std::clamp((coordinate + 1.0) * half, 0.0, static_cast<double>(intervals));
}

GridCell gridCellOf(const CubeFacePoint& point, std::uint32_t intervals) noexcept
{
    const double u = gridPosition(point.s, intervals);
    const double v = gridPosition(point.t, intervals);
    const auto column = std::min(static_cast<std::uint32_t>(u), intervals - 1);
    const auto row = std::min(static_cast<std::uint32_t>(v), intervals - 1);
    return GridCell{column, row, u - static_cast<double>(column), v - static_cast<double>(row)};
}

std::vector<float> sampleCubeGrid(std::uint32_t intervals, const std::function<double(double, double)>& valueAt)
{
    if (intervals < 2 || intervals > kMaxIntervals || !std::has_single_bit(intervals)) {
        throw std::invalid_argument("cube grid: " + std::to_string(intervals) +
                                    " intervals a side is not a power of two in [2, " + std::to_string(kMaxIntervals) +
                                    "]");
    }
    const std::uint32_t side = intervals + 1;
    std::vector<float> samples(std::size_t{6} * side * side);
    for (std::uint32_t face = 0; face < 6; ++face) {
        for (std::uint32_t row = 0; row < side; ++row) {
            for (std::uint32_t column = 0; column < side; ++column) {
                const glm::dvec3 cube =
                    cubePointOf(face, gridCoordinate(column, intervals), gridCoordinate(row, intervals));
                const geodesy::GeodeticCoordinates place = geodesy::ecefToGeodetic(cubeToEcef(cube));
                samples[(std::size_t{face} * side + row) * side + column] =
                    static_cast<float>(valueAt(place.latitudeDegrees, place.longitudeDegrees));
            }
        }
    }
    return samples;
}

CubeElevation::CubeElevation(const GlobalElevation& elevation, std::uint32_t intervals, CubeGeoid geoid)
    : intervals_(intervals),
      geoid_(std::move(geoid))
{
    const dem::GeoidModel* ellipsoidalToSeaLevel = elevation.heightsAreEllipsoidal() ? geoid_.model().get() : nullptr;
    samples_ = sampleCubeGrid(intervals, [&](double latitudeDegrees, double longitudeDegrees) {
        return dem::heightAboveSea(ellipsoidalToSeaLevel, elevation.heightMetres(latitudeDegrees, longitudeDegrees),
                                   latitudeDegrees, longitudeDegrees);
    });
    buildHeightRanges();
}

void CubeElevation::buildHeightRanges()
{
    levelOffsets_.clear();
    std::size_t offset = 0;
    for (std::uint32_t cells = intervals_; cells >= 1; cells /= 2) {
        levelOffsets_.push_back(offset);
        offset += std::size_t{6} * cells * cells;
    }
    ranges_.assign(offset, glm::vec2(0.0f));
    for (std::uint32_t face = 0; face < 6; ++face) {
        for (std::uint32_t row = 0; row < intervals_; ++row) {
            for (std::uint32_t column = 0; column < intervals_; ++column) {
                const float a = sample(face, column, row);
                const float b = sample(face, column + 1, row);
                const float c = sample(face, column, row + 1);
                const float d = sample(face, column + 1, row + 1);
                ranges_[rangeIndex(0, face, column, row)] = glm::vec2(std::min({a, b, c, d}), std::max({a, b, c, d}));
            }
        }
    }
    for (std::uint32_t level = 1; level < levelOffsets_.size(); ++level) {
        const std::uint32_t cells = intervals_ >> level;
        for (std::uint32_t face = 0; face < 6; ++face) {
            for (std::uint32_t row = 0; row < cells; ++row) {
                for (std::uint32_t column = 0; column < cells; ++column) {
                    glm::vec2 range(std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity());
                    for (std::uint32_t k = 0; k < 4; ++k) {
                        const glm::vec2 child =
                            ranges_[rangeIndex(level - 1, face, 2 * column + (k & 1u), 2 * row + (k >> 1))];
                        range = glm::vec2(std::min(range.x, child.x), std::max(range.y, child.y));
                    }
                    ranges_[rangeIndex(level, face, column, row)] = range;
                }
            }
        }
    }
    // The whole model's: the six faces' top cells.
    const std::uint32_t top = static_cast<std::uint32_t>(levelOffsets_.size()) - 1;
    glm::vec2 whole = ranges_[rangeIndex(top, 0, 0, 0)];
    for (std::uint32_t face = 1; face < 6; ++face) {
        const glm::vec2 cell = ranges_[rangeIndex(top, face, 0, 0)];
        whole = glm::vec2(std::min(whole.x, cell.x), std::max(whole.y, cell.y));
    }
    lowest_ = whole.x;
    highest_ = whole.y;
}

std::size_t CubeElevation::rangeIndex(std::uint32_t level, std::uint32_t face, std::uint32_t column,
                                      std::uint32_t row) const
{
    const std::uint32_t cells = intervals_ >> level;
    return levelOffsets_[level] + (std::size_t{face} * cells + row) * cells + column;
}

glm::vec2 CubeElevation::heightRangeOver(std::uint32_t face, glm::dvec2 lowCorner, glm::dvec2 highCorner) const
{
    const auto cellOf = [this](double coordinate, bool upper) {
        const double position = gridPosition(coordinate, intervals_);
        const double cell = upper ? std::ceil(position) - 1.0 : std::floor(position);
        return static_cast<std::uint32_t>(std::clamp(cell, 0.0, static_cast<double>(intervals_ - 1)));
    };
    const std::uint32_t firstColumn = cellOf(lowCorner.x, false);
    const std::uint32_t firstRow = cellOf(lowCorner.y, false);
    const std::uint32_t lastColumn = std::max(cellOf(highCorner.x, true), firstColumn);
    const std::uint32_t lastRow = std::max(cellOf(highCorner.y, true), firstRow);
    std::uint32_t level = 0;
    while ((lastColumn >> level) - (firstColumn >> level) > 1 || (lastRow >> level) - (firstRow >> level) > 1) {
        ++level;
    }
    glm::vec2 range(std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity());
    for (std::uint32_t row = firstRow >> level; row <= lastRow >> level; ++row) {
        for (std::uint32_t column = firstColumn >> level; column <= lastColumn >> level; ++column) {
            const glm::vec2 cell = ranges_[rangeIndex(level, face, column, row)];
            range = glm::vec2(std::min(range.x, cell.x), std::max(range.y, cell.y));
        }
    }
    return range;
}

std::uint32_t CubeElevation::intervalsFor(const GlobalElevation& elevation)
{
    const std::uint32_t quarter = std::max(elevation.columnsPerTurn() / 4, 1u);
    return std::clamp(std::bit_floor(quarter), 64u, 4096u);
}

double CubeElevation::surfaceHeightAt(const glm::dvec3& cubePoint) const
{
    const double height = heightAt(cubePoint);
    return height + surfaceDetailMetres(cubePoint, height, intervals_);
}

glm::dvec3 CubeElevation::ecefAt(const glm::dvec3& cubePoint, double heightAboveSea) const
{
    const double aboveEllipsoid = heightAboveSea + geoid_.undulationAt(cubePoint);
    return cubeToEcef(cubePoint, aboveEllipsoid);
}

double CubeElevation::detailBoundMetres() const
{
    return surfaceDetailBoundMetres(intervals_);
}

float CubeElevation::sample(std::uint32_t face, std::uint32_t column, std::uint32_t row) const
{
    const std::uint32_t side = samplesPerSide();
    return samples_.at((std::size_t{face} * side + row) * side + column);
}

std::optional<glm::dvec2> CubeElevation::surfaceRangeOverTriangle(std::uint32_t face,
                                                                  const std::array<glm::dvec2, 3>& corners,
                                                                  const std::array<double, 3>& heights) const
{
    std::array<double, 3> u{};
    std::array<double, 3> v{};
    for (std::size_t i = 0; i < 3; ++i) {
        u[i] = gridPosition(corners[i].x, intervals_);
        v[i] = gridPosition(corners[i].y, intervals_);
    }
    const double lowU = std::min({u[0], u[1], u[2]});
    const double lowV = std::min({v[0], v[1], v[2]});
    const std::uint32_t column = std::min(static_cast<std::uint32_t>(lowU), intervals_ - 1);
    const std::uint32_t row = std::min(static_cast<std::uint32_t>(lowV), intervals_ - 1);
    if (std::max({u[0], u[1], u[2]}) > static_cast<double>(column + 1) ||
        std::max({v[0], v[1], v[2]}) > static_cast<double>(row + 1)) {
        return std::nullopt;
    }
    const double twist =
        static_cast<double>(sample(face, column, row)) - static_cast<double>(sample(face, column + 1, row)) -
        static_cast<double>(sample(face, column, row + 1)) + static_cast<double>(sample(face, column + 1, row + 1));
    double bulge = 0.0;
    for (std::size_t i = 0; i < 3; ++i) {
        const std::size_t j = (i + 1) % 3;
        bulge = std::max(bulge, std::abs(twist * (u[j] - u[i]) * (v[j] - v[i])) * 0.25);
    }
    return glm::dvec2(std::min({heights[0], heights[1], heights[2]}) - bulge,
                      std::max({heights[0], heights[1], heights[2]}) + bulge);
}

double CubeElevation::heightOnFace(const CubeFacePoint& point) const
{
    return bilinearIn(gridCellOf(point, intervals_), [&](std::uint32_t column, std::uint32_t row) {
        return static_cast<double>(sample(point.face, column, row));
    });
}

double CubeElevation::heightAt(const glm::dvec3& cubePoint) const
{
    return heightOnFace(cubeFaceOf(cubePoint));
}

}  // namespace planet
