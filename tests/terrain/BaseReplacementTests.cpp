// A terrain built on a placeholder heightmap whose samples are replaced
// later (terrain::Terrain::replaceBaseHeightmap, what a window does once a
// streamed model's coarse level is read in the background) draws, after
// the replacement, exactly what a terrain built on the final heightmap
// draws: the texture, its statistics, the sea mask, the sun's horizons and
// the pool's geometry follow the new samples, and streamed tiles whose holes
// were filled from the placeholder are read again.
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"
#include "terrain/Terrain.h"
#include "tiles/TileLoader.h"
#include "tiles/TilePyramid.h"
#include "tiles/gpu/TileStream.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace terrain::test {
namespace {

using namespace scene::test;

constexpr std::uint32_t kCoarseSize = 128;
constexpr std::uint32_t kTileSize = 64;
constexpr std::uint16_t kPlaceholder = 32768;

heightmap::Heightmap placeholderLike(const heightmap::Heightmap& heightmap)
{
    heightmap::Heightmap placeholder = heightmap;
    std::fill(placeholder.samples.begin(), placeholder.samples.end(), kPlaceholder);
    return placeholder;
}

// Settings with a sea: the hills' lowest quarter lies below sea level.
scene::SceneSettings seaSettings(TerrainBackend backend)
{
    scene::SceneSettings settings;
    settings.terrain = testSettings();
    settings.terrain.backend = backend;
    settings.terrain.poolCapacity = 1u << 16;
    settings.terrain.heightOffsetMetres = -400.0f;
    settings.terrain.seaLevelKnown = true;
    return settings;
}

camera::FrameView obliqueView()
{
    return lookAt(glm::vec3(0.0f, 2200.0f, 5200.0f), glm::vec3(0.0f, 0.0f, -1000.0f), kRgba8Target.size);
}

// What the tile reader fills holes from: replaced once, as
// dem::StreamedBaseSamples is.
class FillSource {
public:
    explicit FillSource(std::vector<std::uint16_t> samples) : samples_(std::move(samples)) {}
    [[nodiscard]] std::uint16_t at(std::uint32_t x, std::uint32_t y) const
    {
        const std::lock_guard lock(mutex_);
        return samples_[std::size_t{std::min(y, kCoarseSize - 1)} * kCoarseSize + std::min(x, kCoarseSize - 1)];
    }
    void replace(std::vector<std::uint16_t> samples)
    {
        const std::lock_guard lock(mutex_);
        samples_ = std::move(samples);
    }

private:
    mutable std::mutex mutex_;
    std::vector<std::uint16_t> samples_;
};

// Level-0 tiles of a 256-sample model: the hills at twice the coarse
// resolution, except a square hole in the middle that the reader fills from
// the coarse level (as a damaged block of a file is filled).
class HoleyTileReader : public tiles::TileReader {
public:
    HoleyTileReader(tiles::TilePyramidLayout layout, heightmap::Heightmap fine, std::shared_ptr<FillSource> fill)
        : layout_(layout),
          fine_(std::move(fine)),
          fill_(std::move(fill))
    {
    }

    tiles::Tile read(const tiles::TileKey& key) override
    {
        tiles::Tile tile;
        tile.key = key;
        const std::uint32_t stored = layout_.storedSize();
        tile.samples.resize(std::size_t{stored} * stored);
        for (std::uint32_t j = 0; j < stored; ++j) {
            for (std::uint32_t i = 0; i < stored; ++i) {
                const std::uint32_t x = std::min(key.column * kTileSize + i, fine_.width - 1);
                const std::uint32_t y = std::min(key.row * kTileSize + j, fine_.height - 1);
                std::uint16_t& sample = tile.samples[std::size_t{j} * stored + i];
                if (x >= 96 && x < 160 && y >= 96 && y < 160) {
                    sample = fill_->at(x / 2, y / 2);
                    ++tile.filledSamples;
                } else {
                    sample = fine_.sample(x, y);
                }
            }
        }
        tiles::setShareStatistics(tile, layout_);
        return tile;
    }

    std::vector<std::string> takeWarnings() override { return {}; }

private:
    tiles::TilePyramidLayout layout_;
    heightmap::Heightmap fine_;
    std::shared_ptr<FillSource> fill_;
};

class BaseReplacementTest : public vk::test::GpuTest {
protected:
    void TearDown() override
    {
        built_.reset();
        replaced_.reset();
        GpuTest::TearDown();
    }

    // Frames until the tessellation (and any stream) settled, then one drawn.
    static RenderedImage settledFrame(SceneRenderHarness& harness, const camera::FrameView& view)
    {
        tiles::gpu::TileStream* stream = harness.scene().heightStream();
        for (int round = 0; round < 4; ++round) {
            for (int frame = 0; frame < 16; ++frame) {
                harness.renderFrame(view);
            }
            if (stream != nullptr) {
                EXPECT_TRUE(stream->waitForReads(std::chrono::seconds(60)));
            }
        }
        harness.converge(view);
        for (int frame = 0; frame < 4; ++frame) {
            harness.renderFrame(view);
        }
        return harness.readBack();
    }

    void expectSameFrames(const RenderedImage& replaced, const RenderedImage& built, const std::string& name)
    {
        saveForInspection(replaced, name + "-replaced");
        saveForInspection(built, name + "-built");
        std::size_t differing = 0;
        for (std::size_t i = 0; i < built.colour.size(); ++i) {
            differing += replaced.colour[i] != built.colour[i] ? 1u : 0u;
        }
        EXPECT_EQ(differing, 0u) << "colour bytes differ";
        EXPECT_EQ(replaced.depth, built.depth);
        EXPECT_EQ(replaced_->leafCount(), built_->leafCount());
    }

    vk::ShaderLibrary shaders_ = vk::test::projectShaders();
    std::optional<SceneRenderHarness> replaced_;
    std::optional<SceneRenderHarness> built_;
};

class BaseReplacementOnEachBackend : public BaseReplacementTest,
                                     public ::testing::WithParamInterface<TerrainBackend> {};

TEST_P(BaseReplacementOnEachBackend, DrawsWhatATerrainBuiltOnTheNewHeightmapDraws)
{
    const heightmap::Heightmap hills = makeHillsHeightmap(kCoarseSize);
    const scene::SceneSettings settings = seaSettings(GetParam());
    const camera::FrameView view = obliqueView();

    SceneRenderHarness& replaced = replaced_.emplace(device(), shaders_, placeholderLike(hills), settings);
    const RenderedImage before = settledFrame(replaced, view);
    replaced.scene().replaceBaseHeightmap(hills);
    const RenderedImage after = settledFrame(replaced, view);
    EXPECT_NE(before.colour, after.colour) << "the placeholder and the hills look alike";

    SceneRenderHarness& built = built_.emplace(device(), shaders_, hills, settings);
    expectSameFrames(after, settledFrame(built, view), "base-replacement");
}

INSTANTIATE_TEST_SUITE_P(Backends, BaseReplacementOnEachBackend,
                         ::testing::Values(TerrainBackend::Heap, TerrainBackend::Pool),
                         [](const ::testing::TestParamInfo<TerrainBackend>& backend) {
                             return backend.param == TerrainBackend::Heap ? std::string("Heap") : std::string("Pool");
                         });

TEST_F(BaseReplacementTest, StreamedTilesFilledFromThePlaceholderAreReadAgain)
{
    const heightmap::Heightmap coarse = makeHillsHeightmap(kCoarseSize);
    const heightmap::Heightmap fine = makeHillsHeightmap(2 * kCoarseSize);
    const tiles::TilePyramidLayout layout(2 * kCoarseSize, 2 * kCoarseSize, kTileSize, 1);
    const auto sourceFilledFrom = [&](const std::shared_ptr<FillSource>& fill) {
        tiles::gpu::TileStreamSource source{
            layout, [layout, fine, fill] { return std::make_unique<HoleyTileReader>(layout, fine, fill); }};
        source.gpuBudgetBytes = std::size_t{16} << 20;
        source.cpuBudgetBytes = std::size_t{16} << 20;
        source.texelsPerPixel = 64.0f;
        return source;
    };
    const scene::SceneSettings settings = seaSettings(TerrainBackend::Heap);
    const camera::FrameView view =
        lookAt(glm::vec3(0.0f, 1500.0f, 2500.0f), glm::vec3(0.0f, 0.0f, -300.0f), kRgba8Target.size);

    const heightmap::Heightmap placeholder = placeholderLike(coarse);
    auto fill = std::make_shared<FillSource>(placeholder.samples);
    SceneRenderHarness& replaced =
        replaced_.emplace(device(), shaders_, placeholder, settings, kRgba8Target, sourceFilledFrom(fill));
    settledFrame(replaced, view);
    const std::uint64_t filledBefore = replaced.scene().heightStream()->statistics().filledTiles;
    ASSERT_GT(filledBefore, 0u) << "the view reads no tile of the hole";
    fill->replace(coarse.samples);
    replaced.scene().replaceBaseHeightmap(coarse);
    const RenderedImage after = settledFrame(replaced, view);
    EXPECT_GT(replaced.scene().heightStream()->statistics().filledTiles, filledBefore)
        << "the tiles of the hole were not read again";

    SceneRenderHarness& built = built_.emplace(device(), shaders_, coarse, settings, kRgba8Target,
                                               sourceFilledFrom(std::make_shared<FillSource>(coarse.samples)));
    expectSameFrames(after, settledFrame(built, view), "base-replacement-streamed");
}

}  // namespace
}  // namespace terrain::test
