// The streamed levels of a global elevation model larger than the cube grid
// the globe keeps in memory (planet::CubeElevation, the base): finer cube
// grids, cut into tiles that a background reader makes on demand from the
// model's file (planet/CubeTileReader.h) and the GPU holds in an atlas
// (tiles::gpu::TileStream), the finest resident level under a point giving
// its height (shaders/planet/CubeStreamedElevation.glsl, mirrored by
// StreamedCubeHeights).
//
// Level 0 is the finest grid, finestIntervals a face side; level k has
// finestIntervals / 2^k, and level levelCount is the base. The six faces of a
// level lie side by side in one tiles::TilePyramidLayout of 6 n columns and
// n rows (n the level's intervals): face f's sample (i, j) is column f n + i,
// row j, at the face coordinates (-1 + 2 i / n, -1 + 2 j / n), as the base's
// grid (planet/CubeElevation.h). A tile never spans two faces (tileSize
// divides every streamed level's intervals); its apron column (row) past a
// face's last interval is that face's own edge sample, computed from the
// same cube point as the neighbouring face's, so faces meet without a seam.
//
// Tiles hold heights quantised to 16 bits over one range for every level
// (StreamedHeightRange).
#pragma once

#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "tiles/TilePyramid.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <functional>

namespace planet {

// Metres of a tile sample: lowest + sample * step, in double on the CPU and
// the GPU alike.
struct StreamedHeightRange {
    double lowestMetres = 0.0;
    double metresPerStep = 1.0;

    // The range [lowest, highest] over 65535 steps (a flat range: 1 m steps).
    [[nodiscard]] static StreamedHeightRange spanning(double lowestMetres, double highestMetres) noexcept;
    [[nodiscard]] double metresOf(std::uint16_t sample) const noexcept;
    // The nearest sample, clamped to the range.
    [[nodiscard]] std::uint16_t sampleOf(double metres) const noexcept;
};

class CubeTilePyramid {
public:
    // Most streamed levels.
    static constexpr std::uint32_t kMaxLevels = 8;

    // Throws std::invalid_argument unless finestIntervals is a power of two,
    // levelCount in [1, kMaxLevels], tileSize a power of two in [8, 4096]
    // that divides the coarsest streamed level's intervals.
    CubeTilePyramid(std::uint32_t finestIntervals, std::uint32_t levelCount, std::uint32_t tileSize);

    // The pyramid from `baseIntervals` (the base's grid) down to
    // `finestIntervals` (both powers of two, finest > base; at most
    // kMaxLevels levels below the base), in tiles of at most `tileSize`
    // samples a side.
    [[nodiscard]] static CubeTilePyramid between(std::uint32_t baseIntervals, std::uint32_t finestIntervals,
                                                 std::uint32_t tileSize);

    [[nodiscard]] std::uint32_t finestIntervals() const noexcept { return finestIntervals_; }
    [[nodiscard]] std::uint32_t levelCount() const noexcept { return layout_.levelCount(); }
    [[nodiscard]] std::uint32_t tileSize() const noexcept { return layout_.tileSize(); }
    [[nodiscard]] std::uint32_t intervalsAt(std::uint32_t level) const noexcept { return finestIntervals_ >> level; }
    [[nodiscard]] std::uint32_t baseIntervals() const noexcept { return intervalsAt(levelCount()); }
    [[nodiscard]] const tiles::TilePyramidLayout& layout() const noexcept { return layout_; }

    // Where bilinear filtering of `level` at a face point reads: the tile's
    // page-table entry, and the cell in the tile's stored samples.
    struct Lookup {
        std::uint32_t entry = 0;
        GridCell cell;
    };
    [[nodiscard]] Lookup lookup(std::uint32_t level, const CubeFacePoint& point) const noexcept;

    // The face a tile lies on, and the cube point of its stored sample
    // (column, row), apron included.
    [[nodiscard]] std::uint32_t faceOf(const tiles::TileKey& key) const noexcept;
    [[nodiscard]] glm::dvec3 samplePoint(const tiles::TileKey& key, std::uint32_t column,
                                         std::uint32_t row) const noexcept;

private:
    std::uint32_t finestIntervals_;
    tiles::TilePyramidLayout layout_;
};

// The CPU reference of the streamed globe's data heights: at a cube point,
// the finest level whose tile is resident there, bilinear in double between
// its samples exactly as CubeElevation::heightOnFace, else the base. The
// detail below the data starts under the spacing of the grid that gave the
// height, so that a coarser level shows as rough a surface as a finer one.
class StreamedCubeHeights {
public:
    // A resident tile's samples (storedSize^2, row-major), or nullptr.
    using ResidentTile = std::function<const std::uint16_t*(std::uint32_t entry)>;

    StreamedCubeHeights(const CubeElevation& base, const CubeTilePyramid& pyramid, StreamedHeightRange range,
                        ResidentTile resident);

    // The height and the intervals a face side of the grid that gave it.
    struct Height {
        double metres = 0.0;
        std::uint32_t gridIntervals = 0;
    };
    [[nodiscard]] Height heightAt(const glm::dvec3& cubePoint) const;
    // The surface drawn there: the height plus the detail below the data,
    // from that grid's spacing down (planet/SurfaceDetail.h).
    [[nodiscard]] double surfaceHeightAt(const glm::dvec3& cubePoint) const;

private:
    const CubeElevation* base_;
    const CubeTilePyramid* pyramid_;
    StreamedHeightRange range_;
    ResidentTile resident_;
};

}  // namespace planet
