#include "planet/CubeTilePyramid.h"

#include "planet/SurfaceDetail.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace planet {

namespace {

constexpr double kSteps = 65535.0;

tiles::TilePyramidLayout layoutOf(std::uint32_t finestIntervals, std::uint32_t levelCount, std::uint32_t tileSize)
{
    if (!std::has_single_bit(finestIntervals) || levelCount < 1 || levelCount > CubeTilePyramid::kMaxLevels ||
        !std::has_single_bit(tileSize) || tileSize < 8 || tileSize > 4096 ||
        (finestIntervals >> (levelCount - 1)) % tileSize != 0) {
        throw std::invalid_argument("CubeTilePyramid: " + std::to_string(levelCount) + " levels below " +
                                    std::to_string(finestIntervals) + " intervals in tiles of " +
                                    std::to_string(tileSize) + " do not make a pyramid");
    }
    return tiles::TilePyramidLayout(6 * finestIntervals, finestIntervals, tileSize, levelCount);
}

}  // namespace

StreamedHeightRange StreamedHeightRange::spanning(double lowestMetres, double highestMetres) noexcept
{
    const double span = highestMetres - lowestMetres;
    return StreamedHeightRange{lowestMetres, span > 0.0 ? span / kSteps : 1.0};
}

double StreamedHeightRange::metresOf(std::uint16_t sample) const noexcept
{
    return lowestMetres + static_cast<double>(sample) * metresPerStep;
}

std::uint16_t StreamedHeightRange::sampleOf(double metres) const noexcept
{
    const double steps = std::round((metres - lowestMetres) / metresPerStep);
    return static_cast<std::uint16_t>(std::clamp(steps, 0.0, kSteps));
}

CubeTilePyramid::CubeTilePyramid(std::uint32_t finestIntervals, std::uint32_t levelCount, std::uint32_t tileSize)
    : finestIntervals_(finestIntervals),
      layout_(layoutOf(finestIntervals, levelCount, tileSize))
{
}

CubeTilePyramid CubeTilePyramid::between(std::uint32_t baseIntervals, std::uint32_t finestIntervals,
                                         std::uint32_t tileSize)
{
    if (!std::has_single_bit(baseIntervals) || !std::has_single_bit(finestIntervals) ||
        finestIntervals <= baseIntervals) {
        throw std::invalid_argument("CubeTilePyramid: no streamed level between " + std::to_string(baseIntervals) +
                                    " and " + std::to_string(finestIntervals) + " intervals");
    }
    const std::uint32_t levels =
        std::min(static_cast<std::uint32_t>(std::countr_zero(finestIntervals / baseIntervals)), kMaxLevels);
    const std::uint32_t coarsest = baseIntervals << 1;
    return CubeTilePyramid(baseIntervals << levels, levels, std::min(tileSize, coarsest));
}

CubeTilePyramid::Lookup CubeTilePyramid::lookup(std::uint32_t level, const CubeFacePoint& point) const noexcept
{
    const std::uint32_t intervals = intervalsAt(level);
    GridCell cell = gridCellOf(point, intervals);
    const std::uint32_t size = tileSize();
    const std::uint32_t levelColumn = point.face * intervals + cell.column;
    const tiles::TileKey key{level, levelColumn / size, cell.row / size};
    cell.column = levelColumn % size;
    cell.row %= size;
    return Lookup{layout_.entryOf(key), cell};
}

std::uint32_t CubeTilePyramid::faceOf(const tiles::TileKey& key) const noexcept
{
    return key.column * tileSize() / intervalsAt(key.level);
}

glm::dvec3 CubeTilePyramid::samplePoint(const tiles::TileKey& key, std::uint32_t column,
                                        std::uint32_t row) const noexcept
{
    const std::uint32_t intervals = intervalsAt(key.level);
    const std::uint32_t face = faceOf(key);
    const std::uint32_t faceColumn = key.column * tileSize() - face * intervals + column;
    const std::uint32_t faceRow = key.row * tileSize() + row;
    return cubePointOf(face, gridCoordinate(faceColumn, intervals), gridCoordinate(faceRow, intervals));
}

StreamedCubeHeights::StreamedCubeHeights(const CubeElevation& base, const CubeTilePyramid& pyramid,
                                         StreamedHeightRange range, ResidentTile resident)
    : base_(&base),
      pyramid_(&pyramid),
      range_(range),
      resident_(std::move(resident))
{
}

StreamedCubeHeights::Height StreamedCubeHeights::heightAt(const glm::dvec3& cubePoint) const
{
    const CubeFacePoint point = cubeFaceOf(cubePoint);
    const std::uint32_t stored = pyramid_->layout().storedSize();
    for (std::uint32_t level = 0; level < pyramid_->levelCount(); ++level) {
        const CubeTilePyramid::Lookup at = pyramid_->lookup(level, point);
        const std::uint16_t* samples = resident_(at.entry);
        if (samples == nullptr) {
            continue;
        }
        const double metres = bilinearIn(at.cell, [&](std::uint32_t column, std::uint32_t row) {
            return range_.metresOf(samples[std::size_t{row} * stored + column]);
        });
        return Height{metres, pyramid_->intervalsAt(level)};
    }
    return Height{base_->heightOnFace(point), base_->intervals()};
}

double StreamedCubeHeights::surfaceHeightAt(const glm::dvec3& cubePoint) const
{
    const Height height = heightAt(cubePoint);
    return height.metres + surfaceDetailMetres(cubePoint, height.metres, height.gridIntervals);
}

}  // namespace planet
