// cbt-bench's command line: every subcommand's flags, defaults, and a usage
// error naming the bad flag for every kind of bad input.
#include "bench/BenchCommandLine.h"

#include "leb/PointRefinement.h"

#include <gtest/gtest.h>

#include <filesystem>

#include <initializer_list>
#include <string>
#include <vector>

namespace bench {
namespace {

Invocation parse(std::initializer_list<const char*> arguments)
{
    const std::vector<std::string> list(arguments.begin(), arguments.end());
    return parseCommandLine(list);
}

// The UsageError message of a command line that must be rejected.
std::string usageErrorOf(std::initializer_list<const char*> arguments)
{
    try {
        parse(arguments);
    } catch (const UsageError& error) {
        return error.what();
    }
    ADD_FAILURE() << "no UsageError";
    return {};
}

TEST(BenchCommandLine, RefineWithDefaults)
{
    const Invocation invocation = parse({"refine", "--depth", "20", "--point", "0.25,0.75"});
    EXPECT_EQ(invocation.subcommand, "refine");
    const auto& options = std::get<RefineOptions>(invocation.options);
    EXPECT_EQ(options.depth, 20);
    EXPECT_EQ(options.point, glm::dvec2(0.25, 0.75));
    EXPECT_EQ(options.threads, 1u);
    EXPECT_EQ(options.domain, leb::Domain::Square);
    EXPECT_FALSE(options.dumpTrianglesPath.has_value());
    EXPECT_FALSE(invocation.jsonPath.has_value());
    EXPECT_FALSE(invocation.unquantizedPoint.has_value());  // 0.25 and 0.75 are on the grid
}

TEST(BenchCommandLine, RefineWithEveryFlagAndEqualsForm)
{
    const Invocation invocation = parse({"refine", "--depth=27", "--point=0.3,0.7", "--threads", "4", "--domain",
                                         "triangle", "--dump-triangles", "leaves.txt", "--json", "out.json"});
    const auto& options = std::get<RefineOptions>(invocation.options);
    EXPECT_EQ(options.depth, 27);
    EXPECT_EQ(options.threads, 4u);
    EXPECT_EQ(options.domain, leb::Domain::Triangle);
    ASSERT_TRUE(options.dumpTrianglesPath.has_value());
    EXPECT_EQ(options.dumpTrianglesPath->string(), "leaves.txt");
    ASSERT_TRUE(invocation.jsonPath.has_value());
    EXPECT_EQ(invocation.jsonPath->string(), "out.json");
    // 0.3 is not a multiple of 2^-20: quantized, and the typed point kept.
    EXPECT_EQ(options.point, leb::quantizePoint(glm::dvec2(0.3, 0.7)));
    ASSERT_TRUE(invocation.unquantizedPoint.has_value());
    EXPECT_EQ(*invocation.unquantizedPoint, glm::dvec2(0.3, 0.7));
}

TEST(BenchCommandLine, ThePoolBackendTakesThePointAsTypedAndDepthsToSixty)
{
    const Invocation refine = parse({"refine", "--cbt", "pool", "--depth", "60", "--point", "0.3,0.7", "--pool-size",
                                     "4096", "--dump-triangles", "leaves.txt"});
    const auto& options = std::get<RefineOptions>(refine.options);
    EXPECT_EQ(options.backend, Backend::Pool);
    EXPECT_EQ(options.depth, 60);
    EXPECT_EQ(options.poolSize, 4096u);
    EXPECT_EQ(options.point, glm::dvec2(0.3, 0.7));  // not rounded to 2^-20
    EXPECT_FALSE(refine.unquantizedPoint.has_value());

    const Invocation update = parse({"gpu-update", "--cbt=pool", "--depth", "56", "--point", "0.3,0.7"});
    const auto& gpu = std::get<GpuUpdateOptions>(update.options);
    EXPECT_EQ(gpu.backend, Backend::Pool);
    EXPECT_EQ(gpu.depth, 56);
    EXPECT_EQ(gpu.poolSize, kDefaultRefinePoolSize);
    EXPECT_EQ(gpu.point, glm::dvec2(0.3, 0.7));

    const Invocation heap = parse({"refine", "--cbt", "heap", "--depth", "20", "--point", "0.3,0.7"});
    EXPECT_EQ(std::get<RefineOptions>(heap.options).backend, Backend::Heap);
    EXPECT_TRUE(heap.unquantizedPoint.has_value());
}

TEST(BenchCommandLine, ThePoolBackendsErrorsNameTheBadFlag)
{
    EXPECT_NE(usageErrorOf({"refine", "--cbt", "tree", "--depth", "20", "--point", "0.5,0.5"})
                  .find("--cbt expects 'heap' or 'pool', got 'tree'"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"refine", "--cbt", "pool", "--depth", "61", "--point", "0.5,0.5"})
                  .find("--depth expects an integer from 2 to 60, got '61'"),
              std::string::npos);
    EXPECT_NE(
        usageErrorOf({"refine", "--depth", "40", "--point", "0.5,0.5"}).find("--depth expects an integer from 1 to 30"),
        std::string::npos);
    EXPECT_NE(usageErrorOf({"gpu-update", "--depth", "20", "--point", "0.5,0.5", "--pool-size", "4096"})
                  .find("--pool-size needs --cbt pool"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"refine", "--cbt", "pool", "--depth", "20", "--point", "0.5,0.5", "--pool-size", "1000"})
                  .find("--pool-size expects a power of two"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"refine", "--cbt", "pool", "--depth", "20", "--point", "0.5,0.5", "--domain", "triangle"})
                  .find("--domain triangle needs --cbt heap"),
              std::string::npos);
}

TEST(BenchCommandLine, ReduceAndDecodeDefaults)
{
    const auto reduce = std::get<ReduceOptions>(parse({"reduce", "--depth", "24"}).options);
    EXPECT_EQ(reduce.depth, 24);
    EXPECT_EQ(reduce.iterations, kDefaultCpuReduceIterations);
    EXPECT_EQ(reduce.seed, kDefaultSeed);
    const auto seeded = std::get<ReduceOptions>(parse({"reduce", "--depth", "5", "--seed", "7"}).options);
    EXPECT_EQ(seeded.seed, 7u);
    const auto decode =
        std::get<DecodeOptions>(parse({"decode", "--depth", "20", "--threads", "2", "--iterations", "3"}).options);
    EXPECT_EQ(decode.depth, 20);
    EXPECT_EQ(decode.threads, 2u);
    EXPECT_EQ(decode.iterations, 3);
}

TEST(BenchCommandLine, PoolIndexDefaultsAndFlags)
{
    const auto defaults = std::get<PoolIndexOptions>(parse({"pool-index", "--pool-size", "65536"}).options);
    EXPECT_EQ(defaults.poolSize, 65536u);
    EXPECT_EQ(defaults.changes, 1024u);  // P / 64
    EXPECT_EQ(defaults.iterations, kDefaultPoolIndexIterations);
    EXPECT_EQ(defaults.seed, kDefaultSeed);
    const Invocation every = parse(
        {"pool-index", "--pool-size=64", "--changes", "64", "--iterations", "3", "--seed", "9", "--json", "pool.json"});
    const auto& options = std::get<PoolIndexOptions>(every.options);
    EXPECT_EQ(options.poolSize, 64u);
    EXPECT_EQ(options.changes, 64u);
    EXPECT_EQ(options.iterations, 3);
    EXPECT_EQ(options.seed, 9u);
    ASSERT_TRUE(every.jsonPath.has_value());
    EXPECT_EQ(every.jsonPath->string(), "pool.json");
    EXPECT_EQ(std::get<PoolIndexOptions>(parse({"pool-index", "--pool-size", "67108864"}).options).changes, 1u << 20);
    EXPECT_NE(usageText().find("pool-index --pool-size P"), std::string::npos);
}

TEST(BenchCommandLine, PoolIndexErrorsNameTheBadFlag)
{
    for (const char* badSize : {"32", "100", "65535", "134217728", "0", "-64", "abc", ""}) {
        EXPECT_EQ(usageErrorOf({"pool-index", "--pool-size", badSize}),
                  std::string("cbt-bench pool-index: --pool-size expects a power of two from 64 to 67108864 "
                              "(2^6 .. 2^26), got '") +
                      badSize + "'")
            << badSize;
    }
    EXPECT_NE(usageErrorOf({"pool-index"}).find("missing --pool-size"), std::string::npos);
    EXPECT_NE(usageErrorOf({"pool-index", "--pool-size", "128", "--changes", "129"})
                  .find("--changes expects an integer from 1 to 128"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"pool-index", "--pool-size", "128", "--changes", "0"}).find("--changes"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"pool-index", "--pool-size", "128", "--iterations", "0"}).find("--iterations"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"pool-index", "--pool-size", "128", "--depth", "7"}).find("unknown flag '--depth'"),
              std::string::npos);
}

TEST(BenchCommandLine, GpuSubcommands)
{
    const auto reduce = std::get<GpuReduceOptions>(
        parse({"gpu-reduce", "--depth", "20", "--device", "llvmpipe", "--validate", "--iterations", "150"}).options);
    EXPECT_EQ(reduce.depth, 20);
    EXPECT_EQ(reduce.gpu.deviceSelector, "llvmpipe");
    EXPECT_TRUE(reduce.gpu.validate);
    EXPECT_EQ(reduce.gpu.iterations, 150);
    EXPECT_FALSE(reduce.compareShaderRoot);
    const std::string folder = std::filesystem::temp_directory_path().string();
    const auto compared =
        std::get<GpuReduceOptions>(parse({"gpu-reduce", "--depth", "20", "--compare-shaders", folder.c_str()}).options);
    ASSERT_TRUE(compared.compareShaderRoot);
    EXPECT_EQ(compared.compareShaderRoot->string(), folder);

    const auto update =
        std::get<GpuUpdateOptions>(parse({"gpu-update", "--depth", "16", "--point", "0.5,0.5"}).options);
    EXPECT_EQ(update.point, glm::dvec2(0.5, 0.5));
    EXPECT_FALSE(update.gpu.validate);
    EXPECT_EQ(update.gpu.iterations, kMinGpuIterations);
    EXPECT_TRUE(update.gpu.deviceSelector.empty());

    const auto decode = std::get<GpuDecodeOptions>(parse({"gpu-decode", "--depth", "12"}).options);
    EXPECT_EQ(decode.depth, 12);
    EXPECT_TRUE(std::holds_alternative<DevicesOptions>(parse({"devices"}).options));
}

TEST(BenchCommandLine, FlyoverTakesTheViewersFlagsAndTheShippedPath)
{
    const Invocation plain = parse({"flyover"});
    const auto& defaults = std::get<FlyoverOptions>(plain.options);
    EXPECT_TRUE(defaults.viewer.headless);
    EXPECT_FALSE(defaults.viewer.cameraPathFile);  // the run takes kDefaultFlyoverPath
    EXPECT_TRUE(std::filesystem::is_regular_file(std::filesystem::path(CBT_ASSET_DIR) / kDefaultFlyoverPath));
    EXPECT_FALSE(plain.jsonPath);

    const Invocation given = parse({"flyover", "map.tif", "--size", "320x180", "--json", "out.json", "--msaa", "1",
                                    "--camera-path", "path.txt", "--headless", "--depth", "20"});
    const auto& options = std::get<FlyoverOptions>(given.options);
    ASSERT_TRUE(given.jsonPath);
    EXPECT_EQ(given.jsonPath->string(), "out.json");
    EXPECT_EQ(options.viewer.heightmapPath->string(), "map.tif");
    EXPECT_EQ(options.viewer.size.width, 320U);
    EXPECT_EQ(options.viewer.size.height, 180U);
    EXPECT_EQ(options.viewer.msaaSamples, 1U);
    EXPECT_EQ(options.viewer.maxDepth, 20);
    EXPECT_EQ(options.viewer.cameraPathFile->string(), "path.txt");
    EXPECT_EQ(parse({"flyover", "--json=a.json"}).jsonPath->string(), "a.json");
}

TEST(BenchCommandLine, FlyoverRefusesWhatItDoesItselfAndNamesBadViewerFlags)
{
    for (const char* flag : {"--cbt=pool", "--planet", "--camera=0,1,2,0,0", "--camera-geo=46,7,3000,0,-10",
                             "--screenshot=a.png", "--stats=a.json"}) {
        const std::string message = usageErrorOf({"flyover", flag});
        EXPECT_EQ(message.rfind("cbt-bench flyover: --", 0), 0U) << message;
        EXPECT_NE(message.find("is not available"), std::string::npos) << message;
    }
    EXPECT_NE(usageErrorOf({"flyover", "--bogus"}).find("--bogus"), std::string::npos);
    EXPECT_NE(usageErrorOf({"flyover", "--size", "0x0"}).find("--size"), std::string::npos);
    EXPECT_NE(usageErrorOf({"flyover", "--json"}).find("--json expects a file name"), std::string::npos);
    EXPECT_NE(usageErrorOf({"flyover", "--json="}).find("--json expects a file name"), std::string::npos);
}

TEST(BenchCommandLine, HelpAnywhere)
{
    EXPECT_TRUE(std::holds_alternative<HelpRequest>(parse({"--help"}).options));
    EXPECT_TRUE(std::holds_alternative<HelpRequest>(parse({"refine", "--depth", "x", "-h"}).options));
    EXPECT_TRUE(std::holds_alternative<HelpRequest>(parse({"help"}).options));
    EXPECT_NE(usageText().find("gpu-update"), std::string::npos);
}

TEST(BenchCommandLine, ErrorsNameTheBadFlag)
{
    EXPECT_NE(usageErrorOf({"refine", "--depth", "20", "--point", "0.5,0.5", "--bogus"}).find("'--bogus'"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"refine", "--point", "0.5,0.5"}).find("missing --depth"), std::string::npos);
    EXPECT_NE(usageErrorOf({"refine", "--depth", "20"}).find("missing --point"), std::string::npos);
    for (const char* badDepth : {"0", "31", "abc", "20x", "", "-3"}) {
        EXPECT_NE(usageErrorOf({"reduce", "--depth", badDepth}).find("--depth expects an integer from 1 to 30"),
                  std::string::npos)
            << badDepth;
    }
    for (const char* badPoint : {"0.5", "1.5,0.5", "a,b", "0.5,0.5,0.5", ",0.5", "0.5,", "nan,0.5", "-0.1,0.2"}) {
        EXPECT_NE(usageErrorOf({"refine", "--depth", "10", "--point", badPoint}).find("--point expects"),
                  std::string::npos)
            << badPoint;
    }
    EXPECT_NE(usageErrorOf({"refine", "--depth", "10", "--point", "0.5,0.5", "--domain", "disk"}).find("--domain"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"decode", "--depth", "10", "--threads", "0"}).find("--threads"), std::string::npos);
    EXPECT_NE(usageErrorOf({"decode", "--depth", "10", "--iterations", "0"}).find("--iterations"), std::string::npos);
    EXPECT_NE(usageErrorOf({"reduce", "--depth", "10", "--seed", "-1"}).find("--seed"), std::string::npos);
    EXPECT_NE(usageErrorOf({"gpu-reduce", "--depth", "10", "--iterations", "99"}).find("--iterations"),
              std::string::npos);
    EXPECT_EQ(usageErrorOf({"gpu-reduce", "--depth", "10", "--compare-shaders", "/nonexistent/shaders"}),
              "cbt-bench gpu-reduce: --compare-shaders '/nonexistent/shaders' is not a directory");
    EXPECT_NE(usageErrorOf({"gpu-update", "--depth", "10", "--point", "0.5,0.5", "--compare-shaders", "/tmp"})
                  .find("'--compare-shaders'"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"gpu-decode", "--depth", "10", "--validate=yes"}).find("--validate takes no value"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"gpu-decode", "--depth", "10", "--device", ""}).find("--device"), std::string::npos);
    EXPECT_NE(usageErrorOf({"decode", "--depth", "10", "--depth", "11"}).find("--depth given twice"),
              std::string::npos);
    EXPECT_NE(usageErrorOf({"decode", "--depth"}).find("--depth needs a value"), std::string::npos);
    EXPECT_NE(usageErrorOf({"decode", "--depth", "10", "--json", ""}).find("--json"), std::string::npos);
    // A flag of another subcommand is unknown here.
    EXPECT_NE(usageErrorOf({"decode", "--depth", "10", "--device", "0"}).find("'--device'"), std::string::npos);
    EXPECT_NE(usageErrorOf({"decode", "10"}).find("unexpected argument '10'"), std::string::npos);
}

TEST(BenchCommandLine, ErrorsWithoutAValidSubcommand)
{
    EXPECT_NE(usageErrorOf({}).find("missing subcommand"), std::string::npos);
    EXPECT_NE(usageErrorOf({"frobnicate"}).find("unknown subcommand 'frobnicate'"), std::string::npos);
    EXPECT_NE(usageErrorOf({"--depth", "10"}).find("'--depth'"), std::string::npos);
}

}  // namespace
}  // namespace bench
