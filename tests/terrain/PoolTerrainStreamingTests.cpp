// The bisector pool over a streamed elevation model (tiles::gpu::TileStream):
// once the tiles its frames asked for are resident, every cached vertex has
// the height of the finest resident level under it (level 0, bilinear), not
// the coarse heightmap's, and the mesh stays watertight and valid. The model
// is synthetic: hills with relief at the scale of single samples, which the
// heightmap (level 1) averages away, served by a reader over the array.
#include "GpuTestEnvironment.h"
#include "PoolTerrainChecks.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"
#include "bisector/Pool.h"
#include "terrain/Terrain.h"
#include "tiles/TileLoader.h"
#include "tiles/TilePyramid.h"
#include "tiles/gpu/TileAtlas.h"
#include "tiles/gpu/TileStream.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace terrain::test {
namespace {

using namespace scene::test;

constexpr std::uint32_t kLevelZeroSize = 256;
constexpr std::uint32_t kTileSize = 64;

// A square grid of 16-bit samples, row 0 north.
struct SampleGrid {
    std::uint32_t size = 0;
    std::vector<std::uint16_t> samples;

    [[nodiscard]] std::uint16_t at(std::uint32_t x, std::uint32_t y) const
    {
        return samples[std::size_t{std::min(y, size - 1)} * size + std::min(x, size - 1)];
    }
    // Bilinear at sample position (x, y), clamped to the edges; normalised.
    [[nodiscard]] double bilinear(double x, double y) const
    {
        const double last = size - 1.0;
        const double cx = std::clamp(x, 0.0, last);
        const double cy = std::clamp(y, 0.0, last);
        const auto x0 = static_cast<std::uint32_t>(std::floor(cx));
        const auto y0 = static_cast<std::uint32_t>(std::floor(cy));
        const double wx = cx - x0;
        const double wy = cy - y0;
        const double top = at(x0, y0) * (1.0 - wx) + at(x0 + 1, y0) * wx;
        const double bottom = at(x0, y0 + 1) * (1.0 - wx) + at(x0 + 1, y0 + 1) * wx;
        return (top * (1.0 - wy) + bottom * wy) / 65535.0;
    }
};

// Hills, plus relief of +-1800 that alternates every sample.
SampleGrid levelZero()
{
    const heightmap::Heightmap hills = makeHillsHeightmap(kLevelZeroSize);
    SampleGrid grid{kLevelZeroSize, std::vector<std::uint16_t>(std::size_t{kLevelZeroSize} * kLevelZeroSize)};
    for (std::uint32_t y = 0; y < kLevelZeroSize; ++y) {
        for (std::uint32_t x = 0; x < kLevelZeroSize; ++x) {
            const int relief = (x + y) % 2 == 0 ? 1800 : -1800;
            const int sample = int{hills.sample(x, y)} * 3 / 4 + 8192 + relief;
            grid.samples[std::size_t{y} * kLevelZeroSize + x] =
                static_cast<std::uint16_t>(std::clamp(sample, 0, 65535));
        }
    }
    return grid;
}

// Level 1: each sample the rounded average of a 2 x 2 block.
SampleGrid levelOne(const SampleGrid& fine)
{
    SampleGrid coarse{fine.size / 2, std::vector<std::uint16_t>(std::size_t{fine.size / 2} * (fine.size / 2))};
    for (std::uint32_t y = 0; y < coarse.size; ++y) {
        for (std::uint32_t x = 0; x < coarse.size; ++x) {
            const std::uint32_t sum = std::uint32_t{fine.at(2 * x, 2 * y)} + fine.at(2 * x + 1, 2 * y) +
                                      fine.at(2 * x, 2 * y + 1) + fine.at(2 * x + 1, 2 * y + 1);
            coarse.samples[std::size_t{y} * coarse.size + x] = static_cast<std::uint16_t>((sum + 2) / 4);
        }
    }
    return coarse;
}

// Level-0 tiles cut from the grid, with their apron and statistics.
class GridTileReader : public tiles::TileReader {
public:
    GridTileReader(tiles::TilePyramidLayout layout, SampleGrid grid) : layout_(layout), grid_(std::move(grid)) {}

    tiles::Tile read(const tiles::TileKey& key) override
    {
        tiles::Tile tile;
        tile.key = key;
        const std::uint32_t stored = layout_.storedSize();
        const std::uint32_t firstX = key.column * kTileSize;
        const std::uint32_t firstY = key.row * kTileSize;
        tile.samples.resize(std::size_t{stored} * stored);
        for (std::uint32_t j = 0; j < stored; ++j) {
            for (std::uint32_t i = 0; i < stored; ++i) {
                tile.samples[std::size_t{j} * stored + i] = grid_.at(firstX + i, firstY + j);
            }
        }
        tiles::setShareStatistics(tile, layout_);
        return tile;
    }

    std::vector<std::string> takeWarnings() override { return {}; }

private:
    tiles::TilePyramidLayout layout_;
    SampleGrid grid_;
};

class PoolTerrainStreamingTest : public vk::test::GpuTest {
protected:
    void TearDown() override
    {
        harness_.reset();
        GpuTest::TearDown();
    }

    vk::ShaderLibrary shaders_ = vk::test::projectShaders();
    std::optional<SceneRenderHarness> harness_;
};

TEST_F(PoolTerrainStreamingTest, CachedVerticesTakeTheResidentLevelZeroAndStayWatertight)
{
    const SampleGrid fine = levelZero();
    const SampleGrid coarse = levelOne(fine);
    heightmap::Heightmap heightmap;
    heightmap.width = heightmap.height = coarse.size;
    heightmap.samples = coarse.samples;
    const tiles::TilePyramidLayout layout(kLevelZeroSize, kLevelZeroSize, kTileSize, 1);
    tiles::gpu::TileStreamSource source{layout,
                                        [layout, fine] { return std::make_unique<GridTileReader>(layout, fine); }};
    source.gpuBudgetBytes = std::size_t{16} << 20;
    source.cpuBudgetBytes = std::size_t{16} << 20;
    source.texelsPerPixel = 64.0f;

    scene::SceneSettings settings;
    settings.terrain = testSettings();
    settings.terrain.backend = TerrainBackend::Pool;
    settings.terrain.poolCapacity = 1u << 16;
    SceneRenderHarness& harness =
        harness_.emplace(device(), shaders_, heightmap, settings, kRgba8Target, std::move(source));
    const camera::FrameView view =
        lookAt(glm::vec3(0.0f, 900.0f, 1500.0f), glm::vec3(0.0f, 400.0f, -1000.0f), kRgba8Target.size);
    tiles::gpu::TileStream& stream = *harness.scene().heightStream();
    // Draw (the fragments ask for tiles), let the reader catch up, again.
    for (int round = 0; round < 4; ++round) {
        for (int frame = 0; frame < 12; ++frame) {
            harness.renderFrame(view);
        }
        ASSERT_TRUE(stream.waitForReads(std::chrono::seconds(60)));
    }
    for (int frame = 0; frame < 12; ++frame) {
        harness.renderFrame(view);
    }
    const tiles::gpu::TileStreamStatistics statistics = stream.statistics();
    ASSERT_GT(statistics.residentTiles, 0u);
    EXPECT_EQ(statistics.missingTiles, 0u);

    const Terrain& terrain = harness.scene().terrain();
    expectValidPool(terrain);
    expectWatertight(terrain);

    // Every vertex over a resident tile has level 0's bilinear height there.
    const bisector::PoolState state = terrain.readBackPool();
    const PoolGeometryReadback geometry = terrain.readBackPoolGeometry();
    const tiles::gpu::TileAtlas& atlas = stream.atlas();
    const double scale = settings.terrain.heightScaleMetres;
    const double offset = settings.terrain.heightOffsetMetres;
    std::size_t checked = 0;
    std::size_t wrong = 0;
    std::size_t unlikeTheHeightmap = 0;
    for (bisector::Slot slot = 0; slot < state.keys.size(); ++slot) {
        if (state.keys[slot] == bisector::kFreeKey) {
            continue;
        }
        for (std::size_t corner = 0; corner < 3; ++corner) {
            const glm::dvec2 uv = glm::dvec2(geometry.exact[3 * std::size_t{slot} + corner]) / geometry.unitsPerSquare;
            const glm::dvec2 position = uv * (kLevelZeroSize - 1.0);
            const auto column = std::min(static_cast<std::uint32_t>(position.x), kLevelZeroSize - 1) / kTileSize;
            const auto row = std::min(static_cast<std::uint32_t>(position.y), kLevelZeroSize - 1) / kTileSize;
            if (!atlas.resident(layout.entryOf({0, column, row}))) {
                continue;
            }
            ++checked;
            const double expected = offset + scale * fine.bilinear(position.x, position.y);
            const double cached = geometry.cache[4 * std::size_t{slot} + corner].y;
            wrong += std::abs(cached - expected) > 1.0e-4 * scale ? 1u : 0u;
            const glm::dvec2 inLevelOne = (position + 0.5) * 0.5 - 0.5;
            const double heightmapOnly = offset + scale * coarse.bilinear(inLevelOne.x, inLevelOne.y);
            unlikeTheHeightmap += std::abs(expected - heightmapOnly) > 0.001 * scale ? 1u : 0u;
        }
    }
    EXPECT_GT(checked, 1000u);
    EXPECT_EQ(wrong, 0u) << "of " << checked << " vertices over resident tiles";
    // The relief the heightmap averages away shows in the vertices.
    EXPECT_GT(unlikeTheHeightmap, checked / 4);
}

}  // namespace
}  // namespace terrain::test
