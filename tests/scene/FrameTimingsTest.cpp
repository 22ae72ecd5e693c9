// The frame's timestamp passes and how one frame's results map onto
// PassTimings (what --stats and the overlay show per pass).
#include "scene/FrameTimings.h"

#include "terrain/Terrain.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

using scene::PassTimings;

// The draw (or the visibility pass in compute), then the sky (graphics) or
// the shading (compute), then the display.
TEST(FrameTimings, NamesEitherBackendsUpdatePassesThenDrawSkyShadeDisplayAndVectors)
{
    const std::vector<std::string> names = scene::frameTimestampPassNames();
    ASSERT_GE(names.size(), 5u);
    EXPECT_EQ(names[names.size() - 5], terrain::kDrawTimestamp);
    EXPECT_EQ(names[names.size() - 4], scene::kSkyTimestamp);
    EXPECT_EQ(names[names.size() - 3], scene::kShadeTimestamp);
    EXPECT_EQ(names[names.size() - 2], scene::kDisplayTimestamp);
    EXPECT_EQ(names.back(), scene::kVectorsTimestamp);
    for (const char* updatePass :
         {"dispatcher", "subdivision", "sum reduction", "dispatcher (new tree)", terrain::kLeafDecodeTimestamp,
          "classify", "split", "allocate", "bisect", "merge", "reduce", "index"}) {
        EXPECT_EQ(std::count(names.begin(), names.end(), updatePass), 1) << updatePass;
    }
}

TEST(FrameTimings, MapsThePoolsUpdatePasses)
{
    const std::vector<vk::PassTime> times{{0, "classify", 1.0},
                                          {1, "split", 2.0},
                                          {2, "allocate", 3.0},
                                          {3, "bisect", 4.0},
                                          {4, "merge", 5.0},
                                          {5, "reduce", 6.0},
                                          {6, "index", 7.0},
                                          {7, terrain::kDrawTimestamp, 8.0},
                                          {8, scene::kVectorsTimestamp, 9.0}};
    const PassTimings timings = scene::passTimingsOf(times, 0.0);
    EXPECT_DOUBLE_EQ(timings.pool.classifyMs, 1.0);
    EXPECT_DOUBLE_EQ(timings.vectorsMs, 9.0);
    EXPECT_DOUBLE_EQ(timings.pool.splitMs, 2.0);
    EXPECT_DOUBLE_EQ(timings.pool.allocateMs, 3.0);
    EXPECT_DOUBLE_EQ(timings.pool.bisectMs, 4.0);
    EXPECT_DOUBLE_EQ(timings.pool.mergeMs, 5.0);
    EXPECT_DOUBLE_EQ(timings.pool.reduceMs, 6.0);
    EXPECT_DOUBLE_EQ(timings.pool.indexMs, 7.0);
    EXPECT_DOUBLE_EQ(timings.pool.totalMs(), 28.0);
    EXPECT_DOUBLE_EQ(timings.drawMs, 8.0);
    EXPECT_DOUBLE_EQ(timings.dispatcherMs + timings.subdivisionMs + timings.sumReductionMs, 0.0);
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

TEST(FrameTimings, MapsTheGlobesShadingAndTheDisplayPass)
{
    const std::vector<vk::PassTime> times{{0, "classify", 1.0},
                                          {1, terrain::kDrawTimestamp, 2.0},
                                          {2, scene::kShadeTimestamp, 3.0},
                                          {3, scene::kDisplayTimestamp, 0.5}};
    const PassTimings timings = scene::passTimingsOf(times, 0.0);
    EXPECT_DOUBLE_EQ(timings.drawMs, 2.0);
    EXPECT_DOUBLE_EQ(timings.shadeMs, 3.0);
    EXPECT_DOUBLE_EQ(timings.displayMs, 0.5);
    EXPECT_DOUBLE_EQ(timings.atmosphereMs, 0.0);
}

TEST(FrameTimings, PassesNotTimedThisFrameStayZero)
{
    const PassTimings timings = scene::passTimingsOf(std::vector<vk::PassTime>{{0, "dispatcher", 0.5}}, 0.0);
    EXPECT_DOUBLE_EQ(timings.dispatcherMs, 0.5);
    EXPECT_DOUBLE_EQ(timings.subdivisionMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.leafDecodeMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.drawMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.atmosphereMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.shadeMs, 0.0);
    EXPECT_DOUBLE_EQ(timings.displayMs, 0.0);
}

}  // namespace
