// The terrain before erosion, as continuous functions of map position
// (u, v) in [0, 1]^2, all sampled through a smooth domain warp so nothing
// lines up with the axes:
//   - the uplift pattern: where the crust rises, i.e. where the mountain
//     massifs will stand once rivers have cut into them;
//   - the rough surface: ridged crests and rolling hills, which gives the
//     initial relief and, octave by octave, the detail of each finer level.
// Both fade out towards the map edges, which are the rivers' base level.
#pragma once

#include "heightgen/GradientNoise.h"
#include "heightgen/HeightGrid.h"

#include <cstdint>

namespace heightgen {

class TerrainShape {
public:
    explicit TerrainShape(std::uint64_t seed);

    // Rough surface height in map-width units, using only the octaves up to
    // `maxFrequency` cycles per map width.
    double surfaceHeight(double u, double v, double maxFrequency) const noexcept;

    // Relative uplift rate in [0, 1].
    double upliftRate(double u, double v) const noexcept;

    // surfaceHeight() at every cell centre of a size x size grid, with the
    // octaves that grid can represent.
    HeightGrid sampleSurface(std::uint32_t size, unsigned threadCount) const;
    // upliftRate() at every cell centre.
    HeightGrid sampleUplift(std::uint32_t size, unsigned threadCount) const;

private:
    struct WarpedPoint {
        double u;
        double v;
        double edgeFade;  // 0 on the map edge, 1 inside
    };
    WarpedPoint warp(double u, double v) const noexcept;
    double massif(const WarpedPoint& point) const noexcept;

    GradientNoise warpNoiseU_;
    GradientNoise warpNoiseV_;
    GradientNoise massifNoise_;
    GradientNoise ridgeNoise_;
    GradientNoise hillNoise_;
};

}  // namespace heightgen
