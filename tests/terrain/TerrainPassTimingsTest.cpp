// The renderer's timestamp passes and how one frame's results map onto
// PassTimings (what --stats and the overlay show per pass).
#include "terrain/TerrainPassTimings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

using terrain::PassTimings;

TEST(TerrainPassTimings, NamesTheUpdatePassesThenLeafDecodeSkyAndDraw)
{
    const std::vector<std::string> names = terrain::rendererTimestampPassNames();
    ASSERT_GE(names.size(), 3u);
    EXPECT_EQ(names[names.size() - 3], terrain::kLeafDecodeTimestamp);
    EXPECT_EQ(names[names.size() - 2], terrain::kSkyTimestamp);
    EXPECT_EQ(names.back(), terrain::kDrawTimestamp);
    for (const char* updatePass : {"dispatcher", "subdivision", "sum reduction", "draw dispatcher"}) {
        EXPECT_NE(std::find(names.begin(), names.end(), updatePass), names.end()) << updatePass;
    }
}

TEST(TerrainPassTimings, MapsEachPassAndAddsTheAtmosphereToTheSky)
{
    const std::vector<vk::PassTime> times{{0, "dispatcher", 0.5},
                                          {1, "subdivision", 2.0},
                                          {2, "sum reduction", 3.0},
                                          {3, "draw dispatcher", 0.25},
                                          {4, terrain::kLeafDecodeTimestamp, 4.0},
                                          {5, terrain::kSkyTimestamp, 1.5},
                                          {6, terrain::kDrawTimestamp, 7.0}};
    const PassTimings timings = terrain::passTimingsOf(times, 10.0);
    EXPECT_DOUBLE_EQ(timings.dispatcherMs, 0.75);  // both dispatchers
    EXPECT_DOUBLE_EQ(timings.subdivisionMs, 2.0);
    EXPECT_DOUBLE_EQ(timings.sumReductionMs, 3.0);
    EXPECT_DOUBLE_EQ(timings.leafDecodeMs, 4.0);
    EXPECT_DOUBLE_EQ(timings.drawMs, 7.0);
    EXPECT_DOUBLE_EQ(timings.atmosphereMs, 11.5);  // per-frame tables + the sky pass
}

TEST(TerrainPassTimings, PassesNotTimedThisFrameStayZero)
{
    const PassTimings timings = terrain::passTimingsOf(std::vector<vk::PassTime>{{0, "dispatcher", 0.5}}, 0.0);
    EXPECT_DOUBLE_EQ(timings.dispatcherMs, 0.5);
    EXPECT_DOUBLE_EQ(timings.subdivisionMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.leafDecodeMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.drawMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.atmosphereMs, 0.0);
}

}  // namespace
