// The overlay's tessellation summary: what it says for each backend, and the
// warning a full pool raises; a streamed DEM's tiles and loading indicator.
#include "app/OverlayPanel.h"

#include <gtest/gtest.h>

#include <string>

namespace app {
namespace {

bool anyLineContains(const std::vector<OverlayLine>& lines, const std::string& text)
{
    for (const OverlayLine& line : lines) {
        if (line.text.find(text) != std::string::npos) {
            return true;
        }
    }
    return false;
}

TEST(OverlayPanel, TheHeapShowsItsLeavesAndMemory)
{
    scene::FrameStatistics statistics;
    statistics.leafCount = 21990;
    statistics.visibleCount = 21990;
    statistics.triangleCount = 21990;
    statistics.cbtBytes = 16u << 20;
    const std::vector<OverlayLine> lines = tessellationLines(statistics);
    EXPECT_TRUE(anyLineContains(lines, "backend: heap"));
    EXPECT_TRUE(anyLineContains(lines, "raster: graphics"));
    EXPECT_TRUE(anyLineContains(lines, "leaves 21990"));
    EXPECT_TRUE(anyLineContains(lines, "CBT memory 16.00 MiB"));
    for (const OverlayLine& line : lines) {
        EXPECT_FALSE(line.warning) << line.text;
    }
}

TEST(OverlayPanel, ThePoolShowsLiveVisibleCapacityAndBytesPerBisector)
{
    scene::FrameStatistics statistics;
    statistics.leafCount = 82755;
    statistics.visibleCount = 58321;
    statistics.triangleCount = 58321;
    statistics.poolCapacity = 1u << 21;
    statistics.bytesPerBisector = 188.5;
    statistics.cbtBytes = 395313280;
    statistics.computeRaster = true;
    const std::vector<OverlayLine> lines = tessellationLines(statistics);
    EXPECT_TRUE(anyLineContains(lines, "backend: pool"));
    EXPECT_TRUE(anyLineContains(lines, "raster: compute"));
    EXPECT_TRUE(anyLineContains(lines, "live 82755"));
    EXPECT_TRUE(anyLineContains(lines, "visible 58321"));
    EXPECT_TRUE(anyLineContains(lines, "capacity 2097152 (3.9 % used)"));
    EXPECT_TRUE(anyLineContains(lines, "188.5 bytes per bisector"));
    EXPECT_FALSE(anyLineContains(lines, "pool full"));
}

TEST(OverlayPanel, AFullPoolWarnsWithTheWaitingSplits)
{
    scene::FrameStatistics statistics;
    statistics.leafCount = 256;
    statistics.visibleCount = 200;
    statistics.poolCapacity = 256;
    statistics.bytesPerBisector = 188.5;
    statistics.deferredSplits = 37;
    const std::vector<OverlayLine> lines = tessellationLines(statistics);
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(lines.back().warning);
    EXPECT_EQ(lines.back().text, "pool full: 37 splits waiting");
    EXPECT_TRUE(anyLineContains(lines, "(100.0 % used)"));
}

TEST(OverlayPanel, AStreamWhileLoadingWarnsAndReportsTilesAndThroughput)
{
    tiles::gpu::TileStreamStatistics stream;
    stream.loading = true;
    stream.missingTiles = 3;
    stream.pendingReads = 12;
    stream.residentTiles = 40;
    stream.atlasLayers = 2048;
    stream.residentBytes = 40 * 132098;
    stream.cachedTiles = 52;
    stream.cachedBytes = 52 * 132098;
    stream.requestedTiles = 43;
    stream.misses = 17;
    stream.tilesRead = 64;
    stream.bytesRead = 8u << 20;
    stream.readSeconds = 0.5;
    const std::vector<OverlayLine> lines = streamLines(stream);
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(lines.front().warning);
    EXPECT_EQ(lines.front().text, "loading tiles: 3 missing, 12 queued");
    EXPECT_TRUE(anyLineContains(lines, "tiles on GPU 40 of 2048 (5.0 MiB)"));
    EXPECT_TRUE(anyLineContains(lines, "tiles in CPU cache 52 (6.6 MiB)"));
    EXPECT_TRUE(anyLineContains(lines, "asked for 43   missing 3   misses 17"));
    EXPECT_TRUE(anyLineContains(lines, "read 64 tiles, 8.0 MiB at 16.0 MiB/s"));
}

TEST(OverlayPanel, ASettledStreamShowsNoLoadingIndicator)
{
    tiles::gpu::TileStreamStatistics stream;
    stream.residentTiles = 9;
    stream.atlasLayers = 64;
    const std::vector<OverlayLine> lines = streamLines(stream);
    EXPECT_FALSE(anyLineContains(lines, "loading"));
    for (const OverlayLine& line : lines) {
        EXPECT_FALSE(line.warning) << line.text;
    }
}

}  // namespace
}  // namespace app
