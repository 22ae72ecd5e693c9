// The report every subcommand prints: the readable table, the JSON form,
// and the statistics behind the figures.
#include "bench/BenchReport.h"
#include "bench/Timing.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <stdexcept>
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
    const std::string json = reportToJson(sampleReport());
    EXPECT_NE(json.find("\"command\": \"gpu-reduce\""), std::string::npos);
    EXPECT_NE(json.find("\"depth\": 20"), std::string::npos);
    EXPECT_NE(json.find("\"device_name\": \"llvmpipe \\\"x\\\"\\\\y\""), std::string::npos);
    EXPECT_NE(json.find("\"ratio_to_copy\": 1.5"), std::string::npos);
    EXPECT_NE(json.find("\"gpu_matches_cpu\": true"), std::string::npos);
    EXPECT_NE(json.find("\"not_measured\": null"), std::string::npos);
    EXPECT_NE(json.find("\"passes\": ["), std::string::npos);
    EXPECT_NE(json.find("{\"pass\": \"sum reduction\", \"median_ms\": 0.125}"), std::string::npos);
    EXPECT_NE(json.find("{\"pass\": \"copy\", \"median_ms\": 0.0625}"), std::string::npos);
    EXPECT_NE(json.find("\"notes\": [\"line\\nbreak\"]"), std::string::npos);
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
    const std::string json = reportToJson(report);
    const std::size_t start = json.find("\"sum\": ") + 7;
    EXPECT_EQ(std::stod(json.substr(start)), value);
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

TEST(Timing, StopwatchNeverGoesBackwards)
{
    Stopwatch stopwatch;
    const double first = stopwatch.elapsedSeconds();
    const double second = stopwatch.elapsedSeconds();
    EXPECT_GE(first, 0.0);
    EXPECT_GE(second, first);
    stopwatch.restart();
    EXPECT_GE(stopwatch.elapsedSeconds(), 0.0);
}

}  // namespace
}  // namespace bench
