// The report every subcommand prints: the readable table, the JSON form,
// and the statistics behind the figures.
#include "bench/BenchReport.h"
#include "bench/Timing.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace bench {
namespace {

Report sampleReport()
{
    Report report;
    report.command = "gpu-reduce";
    report.addParameter("depth", "max depth D", std::int64_t{20});
    report.addParameter("device_name", "device", std::string("llvmpipe \"x\"\\y"));
    report.addFigure("ratio_to_copy", "sum reduction / copy", 1.5, "x");
    report.addFigure("gpu_matches_cpu", "GPU heap equals CPU", true);
    report.addFigure("not_measured", "not measured", std::numeric_limits<double>::quiet_NaN());
    ReportTable table;
    table.key = "passes";
    table.title = "GPU times";
    table.columnKeys = {"pass", "median_ms"};
    table.columnLabels = {"pass", "median ms"};
    table.rows.push_back({std::string("sum reduction"), 0.125});
    table.rows.push_back({std::string("copy"), 0.0625});
    report.tables.push_back(table);
    report.notes.push_back("line\nbreak");
    return report;
}

TEST(BenchReport, JsonHasEveryKeyAndValue)
{
    const nlohmann::json json = nlohmann::json::parse(reportToJson(sampleReport()));
    EXPECT_EQ(json.at("command"), "gpu-reduce");
    EXPECT_EQ(json.at("parameters").at("depth"), 20);
    EXPECT_EQ(json.at("parameters").at("device_name"), "llvmpipe \"x\"\\y");
    EXPECT_EQ(json.at("figures").at("ratio_to_copy"), 1.5);
    EXPECT_EQ(json.at("figures").at("gpu_matches_cpu"), true);
    EXPECT_TRUE(json.at("figures").at("not_measured").is_null());
    const nlohmann::json& passes = json.at("tables").at("passes");
    ASSERT_TRUE(passes.is_array());
    ASSERT_EQ(passes.size(), 2u);
    EXPECT_EQ(passes[0], (nlohmann::json{{"pass", "sum reduction"}, {"median_ms", 0.125}}));
    EXPECT_EQ(passes[1], (nlohmann::json{{"pass", "copy"}, {"median_ms", 0.0625}}));
    EXPECT_EQ(json.at("notes"), (nlohmann::json::array({"line\nbreak"})));
}

TEST(BenchReport, JsonOfAnEmptyReportIsWellFormed)
{
    Report report;
    report.command = "devices";
    EXPECT_EQ(reportToJson(report),
              "{\n  \"command\": \"devices\",\n  \"parameters\": {},\n  \"figures\": {},\n  \"tables\": {},\n"
              "  \"notes\": []\n}\n");
}

TEST(BenchReport, JsonRealsRoundTrip)
{
    Report report;
    const double value = 0.1 + 0.2;
    report.addFigure("sum", "sum", value);
    const nlohmann::json json = nlohmann::json::parse(reportToJson(report));
    EXPECT_EQ(json.at("figures").at("sum").get<double>(), value);
}

TEST(BenchReport, TableShowsLabelsUnitsAndRows)
{
    std::ostringstream out;
    printReport(out, sampleReport());
    const std::string text = out.str();
    EXPECT_EQ(text.rfind("cbt-bench gpu-reduce\n", 0), 0u);
    EXPECT_NE(text.find("max depth D"), std::string::npos);
    EXPECT_NE(text.find("sum reduction / copy  1.5 x"), std::string::npos);
    EXPECT_NE(text.find("GPU heap equals CPU   yes"), std::string::npos);
    EXPECT_NE(text.find("GPU times"), std::string::npos);
    EXPECT_NE(text.find("sum reduction      0.125"), std::string::npos);
    EXPECT_NE(text.find("note: line"), std::string::npos);
}

TEST(BenchReport, FormatsValuesForTheTable)
{
    EXPECT_EQ(formatForTable(std::int64_t{67108864}), "67108864");
    EXPECT_EQ(formatForTable(0.00012345678), "0.0001235");
    EXPECT_EQ(formatForTable(12.55), "12.55");
    EXPECT_EQ(formatForTable(14427.09), "14427.1");
    EXPECT_EQ(formatForTable(false), "no");
    EXPECT_EQ(formatForTable(std::string("square")), "square");
    EXPECT_EQ(formatForTable(std::numeric_limits<double>::quiet_NaN()), "n/a");
}

TEST(BenchReport, WritesJsonFileOrNamesThePath)
{
    const std::filesystem::path path = std::filesystem::temp_directory_path() / "cbt_bench_report_test.json";
    writeReportJson(path, sampleReport());
    std::ifstream file(path);
    const std::string written((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    EXPECT_EQ(written, reportToJson(sampleReport()));
    std::filesystem::remove(path);

    const std::filesystem::path impossible = "/nonexistent-directory-of-cbt-bench/out.json";
    try {
        writeReportJson(impossible, sampleReport());
        ADD_FAILURE() << "no error for an unwritable path";
    } catch (const std::runtime_error& error) {
        EXPECT_NE(std::string(error.what()).find(impossible.string()), std::string::npos);
    }
}

TEST(Timing, MedianOfOddAndEvenCounts)
{
    const std::vector<double> odd{5.0, 1.0, 3.0};
    EXPECT_EQ(median(odd), 3.0);
    const std::vector<double> even{4.0, 1.0, 3.0, 10.0};
    EXPECT_EQ(median(even), 3.5);
    EXPECT_THROW(median(std::vector<double>{}), std::invalid_argument);
}

TEST(Timing, SummaryHasMedianExtremesAndCount)
{
    const std::vector<double> samples{2.0, 9.0, 1.0, 4.0, 3.0};
    const SampleSummary summary = summarize(samples);
    EXPECT_EQ(summary.median, 3.0);
    EXPECT_EQ(summary.minimum, 1.0);
    EXPECT_EQ(summary.maximum, 9.0);
    EXPECT_EQ(summary.count, 5u);
}

// The stopwatch counts at least the time that passed (a sleep), never goes
// backwards, and starts again from zero when restarted.
TEST(Timing, StopwatchCountsElapsedTimeAndRestarts)
{
    Stopwatch stopwatch;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const double first = stopwatch.elapsedSeconds();
    const double second = stopwatch.elapsedSeconds();
    EXPECT_GE(first, 0.020);
    EXPECT_GE(second, first);
    stopwatch.restart();
    EXPECT_LT(stopwatch.elapsedSeconds(), first) << "restart starts from zero";
}

}  // namespace
}  // namespace bench
