#include "heightgen/HydraulicErosion.h"

#include "heightgen/ParallelRows.h"
#include "heightgen/SplitMix64.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace heightgen {
namespace {

struct BrushCell {
    int dx;
    int dy;
    float weight;
};

// Cells within `radius` of the droplet's cell, weighted by closeness and
// normalised to a sum of one.
std::vector<BrushCell> makeErosionBrush(int radius)
{
    std::vector<BrushCell> brush;
    float total = 0.0f;
    for (int dy = -radius; dy <= radius; ++dy) {
        for (int dx = -radius; dx <= radius; ++dx) {
            const float distance = std::sqrt(static_cast<float>(dx * dx + dy * dy));
            const float weight = static_cast<float>(radius) + 0.5f - distance;
            if (weight > 0.0f) {
                brush.push_back({dx, dy, weight});
                total += weight;
            }
        }
    }
    for (BrushCell& cell : brush)
        cell.weight /= total;
    return brush;
}

struct SurfaceSample {
    float height;
    float gradientX;
    float gradientY;
};

// Bilinear height and gradient at (x, y), 0 <= x, y < size - 1.
SurfaceSample sampleSurface(const HeightGrid& grid, float x, float y) noexcept
{
    const auto cellX = static_cast<std::uint32_t>(x);
    const auto cellY = static_cast<std::uint32_t>(y);
    const float fx = x - static_cast<float>(cellX);
    const float fy = y - static_cast<float>(cellY);
    const float h00 = grid.at(cellX, cellY);
    const float h10 = grid.at(cellX + 1, cellY);
    const float h01 = grid.at(cellX, cellY + 1);
    const float h11 = grid.at(cellX + 1, cellY + 1);
    return {h00 * (1 - fx) * (1 - fy) + h10 * fx * (1 - fy) + h01 * (1 - fx) * fy + h11 * fx * fy,
            (h10 - h00) * (1 - fy) + (h11 - h01) * fy, (h01 - h00) * (1 - fx) + (h11 - h10) * fx};
}

void depositBilinear(HeightGrid& grid, float x, float y, float amount) noexcept
{
    const auto cellX = static_cast<std::uint32_t>(x);
    const auto cellY = static_cast<std::uint32_t>(y);
    const float fx = x - static_cast<float>(cellX);
    const float fy = y - static_cast<float>(cellY);
    grid.at(cellX, cellY) += amount * (1 - fx) * (1 - fy);
    grid.at(cellX + 1, cellY) += amount * fx * (1 - fy);
    grid.at(cellX, cellY + 1) += amount * (1 - fx) * fy;
    grid.at(cellX + 1, cellY + 1) += amount * fx * fy;
}

// Removes up to `amount` around the droplet's cell; returns what was taken
// (cells never go below the height the droplet flows on to).
float erodeAround(HeightGrid& grid, const std::vector<BrushCell>& brush, float x, float y, float amount,
                  float floorHeight) noexcept
{
    const auto cellX = static_cast<int>(x);
    const auto cellY = static_cast<int>(y);
    const auto size = static_cast<int>(grid.size);
    float taken = 0.0f;
    for (const BrushCell& cell : brush) {
        const int sampleX = cellX + cell.dx;
        const int sampleY = cellY + cell.dy;
        if (sampleX < 0 || sampleY < 0 || sampleX >= size || sampleY >= size)
            continue;
        float& height = grid.at(static_cast<std::uint32_t>(sampleX), static_cast<std::uint32_t>(sampleY));
        const float removed = std::clamp(amount * cell.weight, 0.0f, std::max(0.0f, height - floorHeight));
        height -= removed;
        taken += removed;
    }
    return taken;
}

void runDroplet(HeightGrid& grid, const std::vector<BrushCell>& brush, const DropletErosionSettings& settings,
                SplitMix64& random)
{
    const auto limit = static_cast<float>(grid.size - 1);
    float x = static_cast<float>(random.nextUnit()) * limit;
    float y = static_cast<float>(random.nextUnit()) * limit;
    float directionX = 0.0f;
    float directionY = 0.0f;
    float speed = 1.0f;
    float water = 1.0f;
    float sediment = 0.0f;
    for (int step = 0; step < settings.maxSteps; ++step) {
        const SurfaceSample here = sampleSurface(grid, x, y);
        directionX = directionX * settings.inertia - here.gradientX * (1.0f - settings.inertia);
        directionY = directionY * settings.inertia - here.gradientY * (1.0f - settings.inertia);
        const float length = std::hypot(directionX, directionY);
        if (length < 1e-12f)
            break;  // a flat spot: nowhere to run
        directionX /= length;
        directionY /= length;
        const float nextX = x + directionX;
        const float nextY = y + directionY;
        if (!(nextX >= 0.0f && nextY >= 0.0f && nextX < limit && nextY < limit))
            break;  // left the map

        const float heightChange = sampleSurface(grid, nextX, nextY).height - here.height;
        const float capacity =
            std::max(-heightChange, settings.minCapacitySlope) * speed * water * settings.capacityFactor;
        if (heightChange > 0.0f || sediment > capacity) {
            // Climbing fills the pit behind it; slowing drops the excess.
            const float dropped =
                heightChange > 0.0f ? std::min(heightChange, sediment) : (sediment - capacity) * settings.depositRate;
            sediment -= dropped;
            depositBilinear(grid, x, y, dropped);
        } else {
            const float wanted = std::min((capacity - sediment) * settings.erodeRate, -heightChange);
            sediment += erodeAround(grid, brush, x, y, wanted, here.height + heightChange);
        }
        speed = std::sqrt(std::max(0.0f, speed * speed - heightChange * settings.gravity)) * (1.0f - settings.friction);
        water *= 1.0f - settings.evaporation;
        x = nextX;
        y = nextY;
    }
}

}  // namespace

void erodeWithDroplets(HeightGrid& grid, const DropletErosionSettings& settings)
{
    if (grid.size < 2)
        return;
    const std::vector<BrushCell> brush = makeErosionBrush(settings.brushRadius);
    SplitMix64 random(settings.seed);
    for (std::uint64_t droplet = 0; droplet < settings.dropletCount; ++droplet) {
        runDroplet(grid, brush, settings, random);
    }
}

void erodeThermally(HeightGrid& grid, float talusSlope, float rate, int iterations, unsigned threadCount)
{
    const auto size = static_cast<std::int64_t>(grid.size);
    HeightGrid next(grid.size);
    constexpr int kNeighbourCount = 8;
    constexpr int kOffsetX[kNeighbourCount] = {-1, 0, 1, -1, 1, -1, 0, 1};
    constexpr int kOffsetY[kNeighbourCount] = {-1, -1, -1, 0, 0, 1, 1, 1};
    constexpr float kDiagonal = 1.41421356f;
    for (int iteration = 0; iteration < iterations; ++iteration) {
        forEachRowBand(grid.size, threadCount, [&](std::uint32_t rowBegin, std::uint32_t rowEnd) {
            for (std::uint32_t y = rowBegin; y < rowEnd; ++y) {
                for (std::uint32_t x = 0; x < grid.size; ++x) {
                    const float height = grid.at(x, y);
                    float change = 0.0f;
                    for (int n = 0; n < kNeighbourCount; ++n) {
                        const std::int64_t neighbourX = std::int64_t{x} + kOffsetX[n];
                        const std::int64_t neighbourY = std::int64_t{y} + kOffsetY[n];
                        if (neighbourX < 0 || neighbourY < 0 || neighbourX >= size || neighbourY >= size)
                            continue;
                        const float distance = (kOffsetX[n] != 0 && kOffsetY[n] != 0) ? kDiagonal : 1.0f;
                        const float difference = height - grid.at(static_cast<std::uint32_t>(neighbourX),
                                                                  static_cast<std::uint32_t>(neighbourY));
                        const float excess = std::abs(difference) - talusSlope * distance;
                        if (excess > 0.0f)
                            change -= std::copysign(excess, difference) * rate / kNeighbourCount;
                    }
                    next.at(x, y) = height + change;
                }
            }
        });
        std::swap(grid.heights, next.heights);
    }
}

}  // namespace heightgen
