// The frame's timestamp passes and how one frame's results map onto
// PassTimings (what --stats and the overlay show per pass).
#include "scene/FrameTimings.h"

#include "terrain/Terrain.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

using scene::PassTimings;

TEST(FrameTimings, NamesTheUpdatePassesThenLeafDecodeDrawAndSky)
{
    const std::vector<std::string> names = scene::frameTimestampPassNames();
    ASSERT_GE(names.size(), 3u);
    EXPECT_EQ(names[names.size() - 3], terrain::kLeafDecodeTimestamp);
    EXPECT_EQ(names[names.size() - 2], terrain::kDrawTimestamp);
    EXPECT_EQ(names.back(), scene::kSkyTimestamp);
    for (const char* updatePass : {"dispatcher", "subdivision", "sum reduction", "dispatcher (new tree)"}) {
        EXPECT_NE(std::find(names.begin(), names.end(), updatePass), names.end()) << updatePass;
    }
}

TEST(FrameTimings, MapsEachPassAndAddsTheAtmosphereToTheSky)
{
    const std::vector<vk::PassTime> times{{0, "dispatcher", 0.5},
                                          {1, "subdivision", 2.0},
                                          {2, "sum reduction", 3.0},
                                          {3, "dispatcher (new tree)", 0.25},
                                          {4, terrain::kLeafDecodeTimestamp, 4.0},
                                          {5, terrain::kDrawTimestamp, 7.0},
                                          {6, scene::kSkyTimestamp, 1.5}};
    const PassTimings timings = scene::passTimingsOf(times, 10.0);
    EXPECT_DOUBLE_EQ(timings.dispatcherMs, 0.75);  // both dispatchers
    EXPECT_DOUBLE_EQ(timings.subdivisionMs, 2.0);
    EXPECT_DOUBLE_EQ(timings.sumReductionMs, 3.0);
    EXPECT_DOUBLE_EQ(timings.leafDecodeMs, 4.0);
    EXPECT_DOUBLE_EQ(timings.drawMs, 7.0);
    EXPECT_DOUBLE_EQ(timings.atmosphereMs, 11.5);  // per-frame tables + the sky pass
}

TEST(FrameTimings, PassesNotTimedThisFrameStayZero)
{
    const PassTimings timings = scene::passTimingsOf(std::vector<vk::PassTime>{{0, "dispatcher", 0.5}}, 0.0);
    EXPECT_DOUBLE_EQ(timings.dispatcherMs, 0.5);
    EXPECT_DOUBLE_EQ(timings.subdivisionMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.leafDecodeMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.drawMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.atmosphereMs, 0.0);
}

}  // namespace
