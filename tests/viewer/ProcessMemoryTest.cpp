// The process's resident memory (for --stats and the soak runs) and its
// place in the stats JSON (unit).
#include "viewer/ProcessMemory.h"
#include "viewer/RunStatistics.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <memory>

namespace viewer {
namespace {

TEST(ProcessMemory, ResidentMemoryFollowsTouchedPages)
{
    const std::optional<uint64_t> before = residentMemoryBytes();
    ASSERT_TRUE(before);
    EXPECT_GT(*before, uint64_t{1} << 20);
    constexpr size_t kBytes = size_t{64} << 20;
    const std::unique_ptr<unsigned char[]> block(new unsigned char[kBytes]);
    std::memset(block.get(), 0x5A, kBytes);  // touched: resident
    const std::optional<uint64_t> after = residentMemoryBytes();
    ASSERT_TRUE(after);
    EXPECT_GE(*after, *before + kBytes / 2);
    EXPECT_EQ(block[kBytes - 1], 0x5A);
}

TEST(ProcessMemory, StatsReportResidentMemoryAndTheTerrainSize)
{
    RunStatistics statistics;
    statistics.addResidentMemory(100.5);
    statistics.addResidentMemory(101.0);
    RunDescription description;
    description.extentMetres = 865764.0f;
    description.depthMetres = 888130.0f;
    description.heightScaleMetres = 5836.0f;
    description.heightOffsetMetres = -3913.0f;
    const nlohmann::json json = nlohmann::json::parse(statistics.toJson(description));
    EXPECT_EQ(json["residentMemoryHistoryMiB"], nlohmann::json::parse("[100.5, 101]"));
    EXPECT_EQ(json["residentMemoryMiB"],
              nlohmann::json::parse(R"({"median": 100.75, "min": 100.5, "max": 101, "count": 2})"));
    EXPECT_EQ(json["terrain"], nlohmann::json::parse(R"({"extentMetres": 865764, "depthMetres": 888130,
                                                         "heightScaleMetres": 5836, "heightOffsetMetres": -3913})"));
}

}  // namespace
}  // namespace viewer
