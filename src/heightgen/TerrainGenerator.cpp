#include "heightgen/TerrainGenerator.h"

#include "heightgen/FluvialErosion.h"
#include "heightgen/HydraulicErosion.h"
#include "heightgen/SplitMix64.h"
#include "heightgen/TerrainShape.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace heightgen {
namespace {

constexpr std::uint32_t kMinSize = 64;
constexpr std::uint32_t kMaxSize = 16384;
constexpr std::uint32_t kCoarsestLevelSize = 256;
constexpr int kMaxLevelCount = 5;

// Mountain building at the coarsest level: uplift against river incision
// (stream power), heights in cell units. With m = 1/2 and areas in cells
// the erodibility means the same physical rate at every resolution.
constexpr int kUpliftSteps = 200;
constexpr float kUpliftPerStep = 0.5f;  // cells per step where upliftRate() is 1
constexpr float kRiverErodibility = 0.05f;
// Relief of the built range, as a share of the map width (3 km over 20 km).
constexpr float kReliefToWidth = 0.15f;
// River incision on each finer level, after its new detail is added.
constexpr int kFinerIncisionSteps = 24;  // on level 1, a quarter as many per level after
constexpr int kMinIncisionSteps = 4;

// Hillslopes: talus creep widens cut channels into V-shaped valleys and
// keeps slopes under the angle loose rock stands at.
constexpr float kValleySideTalusSlope = 0.8f;  // about 39 degrees
constexpr int kValleyWideningSteps = 10;
constexpr float kTalusSlope = 1.2f;  // about 50 degrees
constexpr int kTalusSteps = 4;
constexpr float kTalusRate = 0.5f;

// Droplets per cell at the coarsest level; each finer level runs half as
// many per cell: gullies and small fans on slopes already drained.
constexpr double kCoarsestDropletsPerCell = 0.5;

void reportStage(const TerrainSettings& settings, const std::string& stage)
{
    if (settings.reportProgress)
        settings.reportProgress(stage);
}

std::string levelName(int level, std::uint32_t size)
{
    return "level " + std::to_string(level) + " (" + std::to_string(size) + "^2): ";
}

// Multiplies heights so that max - min == relief.
void setRelief(HeightGrid& grid, float relief)
{
    const auto [lowest, highest] = std::minmax_element(grid.heights.begin(), grid.heights.end());
    const float low = *lowest;
    const float scale = relief / std::max(*highest - low, 1e-30f);
    for (float& height : grid.heights)
        height = (height - low) * scale;
}

// The coarsest level: rivers cut into a rising surface until mountains with
// branching valley networks stand where the uplift is strongest.
void buildMountains(HeightGrid& terrain, const TerrainShape& shape, const TerrainSettings& settings)
{
    reportStage(settings, levelName(0, terrain.size) + std::to_string(kUpliftSteps) + " uplift and incision steps");
    HeightGrid uplift = shape.sampleUplift(terrain.size, settings.threadCount);
    scaleHeights(uplift, kUpliftPerStep);
    scaleHeights(terrain, static_cast<float>(terrain.size));
    FluvialErosionSettings fluvial;
    fluvial.iterations = kUpliftSteps;
    fluvial.erodibility = kRiverErodibility;
    erodeFluvially(terrain, uplift, fluvial);
    setRelief(terrain, kReliefToWidth * static_cast<float>(terrain.size));
    erodeThermally(terrain, kValleySideTalusSlope, kTalusRate, kValleyWideningSteps, settings.threadCount);
    scaleHeights(terrain, 1.0f / static_cast<float>(terrain.size));
}

// A finer level: rivers cut the newly added detail into their network.
void incise(HeightGrid& terrain, const TerrainSettings& settings, int level)
{
    const int steps = std::max(kMinIncisionSteps, kFinerIncisionSteps >> (2 * (level - 1)));
    reportStage(settings, levelName(level, terrain.size) + std::to_string(steps) + " incision steps");
    scaleHeights(terrain, static_cast<float>(terrain.size));
    FluvialErosionSettings fluvial;
    fluvial.iterations = steps;
    fluvial.erodibility = kRiverErodibility;
    erodeFluvially(terrain, HeightGrid(terrain.size), fluvial);
    erodeThermally(terrain, kValleySideTalusSlope, kTalusRate, kValleyWideningSteps, settings.threadCount);
    scaleHeights(terrain, 1.0f / static_cast<float>(terrain.size));
}

void erodeWithRain(HeightGrid& terrain, const TerrainSettings& settings, int level, double dropletsPerCell)
{
    // Erosion works in cell units, where a slope is a height step per cell.
    const auto cellsPerWidth = static_cast<float>(terrain.size);
    scaleHeights(terrain, cellsPerWidth);
    DropletErosionSettings droplets;
    droplets.dropletCount = static_cast<std::uint64_t>(dropletsPerCell * terrain.size * terrain.size);
    const std::uint64_t levelKey = 0xE7037ED1A0B428DBull * (static_cast<std::uint64_t>(level) + 1u);
    droplets.seed = SplitMix64(settings.seed ^ levelKey).next();
    droplets.capacityFactor = 2.0f;
    droplets.erodeRate = 0.1f;
    droplets.depositRate = 0.02f;
    droplets.gravity = 1.0f;
    droplets.friction = 0.1f;
    droplets.maxSteps = 96;
    reportStage(settings, levelName(level, terrain.size) + std::to_string(droplets.dropletCount) + " droplets");
    erodeWithDroplets(terrain, droplets);
    erodeThermally(terrain, kTalusSlope, kTalusRate, kTalusSteps, settings.threadCount);
    scaleHeights(terrain, 1.0f / cellsPerWidth);
}

}  // namespace

HeightGrid generateTerrainHeights(const TerrainSettings& settings)
{
    if (settings.size < kMinSize || settings.size > kMaxSize || !std::has_single_bit(settings.size)) {
        throw std::invalid_argument("terrain size " + std::to_string(settings.size) +
                                    " is not a power of two between " + std::to_string(kMinSize) + " and " +
                                    std::to_string(kMaxSize));
    }
    const TerrainShape shape(settings.seed);
    std::uint32_t levelSize = settings.size;
    int levelCount = 1;
    while (levelSize / 2 >= kCoarsestLevelSize && levelCount < kMaxLevelCount) {
        levelSize /= 2;
        ++levelCount;
    }

    reportStage(settings, levelName(0, levelSize) + "surface noise");
    HeightGrid surface = shape.sampleSurface(levelSize, settings.threadCount);
    HeightGrid terrain = surface;
    buildMountains(terrain, shape, settings);
    double dropletsPerCell = kCoarsestDropletsPerCell;
    erodeWithRain(terrain, settings, 0, dropletsPerCell);

    for (int level = 1; level < levelCount; ++level) {
        levelSize *= 2;
        dropletsPerCell *= 0.5;
        reportStage(settings, levelName(level, levelSize) + "upsampling, surface noise");
        // The octaves only this level can hold: the fine surface minus the
        // coarse one resampled the same way as the terrain.
        HeightGrid fineSurface = shape.sampleSurface(levelSize, settings.threadCount);
        const HeightGrid coarseSurface = upsampleDouble(surface, settings.threadCount);
        terrain = upsampleDouble(terrain, settings.threadCount);
        for (std::size_t i = 0; i < terrain.heights.size(); ++i) {
            terrain.heights[i] += fineSurface.heights[i] - coarseSurface.heights[i];
        }
        surface = std::move(fineSurface);
        incise(terrain, settings, level);
        erodeWithRain(terrain, settings, level, dropletsPerCell);
    }
    return terrain;
}

std::vector<std::uint16_t> quantiseTo16Bit(const HeightGrid& grid)
{
    const auto [lowest, highest] = std::minmax_element(grid.heights.begin(), grid.heights.end());
    const double low = *lowest;
    const double range = std::max(static_cast<double>(*highest) - low, 1e-30);
    std::vector<std::uint16_t> samples(grid.heights.size());
    std::transform(grid.heights.begin(), grid.heights.end(), samples.begin(), [&](float height) {
        return static_cast<std::uint16_t>(std::lround((height - low) / range * 65535.0));
    });
    return samples;
}

std::vector<std::uint16_t> generateTerrainSamples(const TerrainSettings& settings)
{
    return quantiseTo16Bit(generateTerrainHeights(settings));
}

}  // namespace heightgen
