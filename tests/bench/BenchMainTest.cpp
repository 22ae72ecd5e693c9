// runBench, the whole of cbt-bench behind main(): exit codes, usage
// messages, the printed table and the --json file.
#include "bench/BenchMain.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace bench {
namespace {

struct BenchRun {
    int exitCode = -1;
    std::string out;
    std::string err;
};

BenchRun run(std::initializer_list<std::string> arguments)
{
    const std::vector<std::string> list(arguments);
    std::ostringstream out;
    std::ostringstream err;
    BenchRun result;
    result.exitCode = runBench(list, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream file(path);
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

TEST(BenchMain, BadArgumentsExitTwoWithUsageNamingTheFlag)
{
    const BenchRun bogus = run({"refine", "--depth", "12", "--point", "0.5,0.5", "--bogus", "1"});
    EXPECT_EQ(bogus.exitCode, kExitUsage);
    EXPECT_NE(bogus.err.find("--bogus"), std::string::npos);
    EXPECT_NE(bogus.err.find("usage: cbt-bench"), std::string::npos);
    EXPECT_TRUE(bogus.out.empty());

    const BenchRun badDepth = run({"decode", "--depth", "31"});
    EXPECT_EQ(badDepth.exitCode, kExitUsage);
    EXPECT_NE(badDepth.err.find("--depth"), std::string::npos);

    EXPECT_EQ(run({}).exitCode, kExitUsage);
    EXPECT_EQ(run({"gpu-update", "--depth", "12", "--point", "0.5,0.5", "--iterations", "5"}).exitCode, kExitUsage);
}

TEST(BenchMain, HelpExitsZeroWithUsageOnStdout)
{
    const BenchRun help = run({"--help"});
    EXPECT_EQ(help.exitCode, kExitSuccess);
    EXPECT_NE(help.out.find("usage: cbt-bench"), std::string::npos);
    EXPECT_TRUE(help.err.empty());
}

TEST(BenchMain, RefinePrintsTableAndWritesJsonAndTriangles)
{
    const std::filesystem::path directory = std::filesystem::temp_directory_path();
    const std::filesystem::path json = directory / "cbt_bench_main_refine.json";
    const std::filesystem::path triangles = directory / "cbt_bench_main_refine.txt";
    const BenchRun refine = run({"refine", "--depth", "12", "--point", "0.25,0.5", "--json", json.string(),
                                 "--dump-triangles", triangles.string()});
    EXPECT_EQ(refine.exitCode, kExitSuccess) << refine.err;
    EXPECT_NE(refine.out.find("leaf count"), std::string::npos);
    EXPECT_NE(refine.out.find("refine time"), std::string::npos);

    const nlohmann::json report = nlohmann::json::parse(readFile(json));
    EXPECT_EQ(report.at("command"), "refine");
    EXPECT_EQ(report.at("parameters").at("depth"), 12);
    ASSERT_TRUE(report.at("figures").at("leaf_count").is_number_integer());
    const long leafCount = report.at("figures").at("leaf_count").get<long>();
    EXPECT_GT(leafCount, 24);

    std::ifstream dump(triangles);
    long lines = 0;
    for (std::string line; std::getline(dump, line);) {
        ++lines;
    }
    EXPECT_EQ(lines, leafCount);
    std::filesystem::remove(json);
    std::filesystem::remove(triangles);
}

TEST(BenchMain, UnwritableJsonExitsOneNamingThePath)
{
    const BenchRun result = run({"decode", "--depth", "4", "--iterations", "1", "--json", "/nonexistent-dir/x.json"});
    EXPECT_EQ(result.exitCode, kExitFailure);
    EXPECT_NE(result.err.find("/nonexistent-dir/x.json"), std::string::npos);
    EXPECT_NE(result.out.find("leaves decoded"), std::string::npos) << "the table is printed first";
}

}  // namespace
}  // namespace bench
