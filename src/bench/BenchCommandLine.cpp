#include "bench/BenchCommandLine.h"

#include "text/TextParsing.h"

#include "cbt/ConcurrentBinaryTree.h"
#include "leb/PointRefinement.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <string_view>
#include <vector>

namespace bench {

namespace {

constexpr int kMaxThreads = 1024;
constexpr int kMaxIterations = 1000000;

struct FlagSpec {
    std::string_view name;  // without the leading "--"
    bool takesValue = true;
};

// The flags of one subcommand, scanned from its arguments.
class ParsedFlags {
public:
    ParsedFlags(std::string_view subcommand, std::span<const std::string> arguments, std::span<const FlagSpec> specs)
        : subcommand_(subcommand)
    {
        for (std::size_t index = 0; index < arguments.size(); ++index) {
            const std::string_view argument = arguments[index];
            if (!argument.starts_with("--") || argument.size() == 2) {
                fail("unexpected argument '" + std::string(argument) + "'");
            }
            const std::size_t equals = argument.find('=');
            const std::string name(argument.substr(2, equals == std::string_view::npos ? equals : equals - 2));
            const auto spec = std::find_if(specs.begin(), specs.end(),
                                           [&name](const FlagSpec& candidate) { return candidate.name == name; });
            if (spec == specs.end()) {
                fail("unknown flag '--" + name + "'");
            }
            if (values_.contains(name)) {
                fail("--" + name + " given twice");
            }
            if (!spec->takesValue) {
                if (equals != std::string_view::npos) {
                    fail("--" + name + " takes no value");
                }
                values_.emplace(name, std::string());
            } else if (equals != std::string_view::npos) {
                values_.emplace(name, std::string(argument.substr(equals + 1)));
            } else if (index + 1 < arguments.size()) {
                values_.emplace(name, arguments[++index]);
            } else {
                fail("--" + name + " needs a value");
            }
        }
    }

    [[noreturn]] void fail(const std::string& problem) const
    {
        throw UsageError("cbt-bench " + subcommand_ + ": " + problem);
    }

    [[nodiscard]] bool isSet(std::string_view name) const { return values_.contains(name); }

    [[nodiscard]] std::optional<std::string> value(std::string_view name) const
    {
        const auto found = values_.find(name);
        return found == values_.end() ? std::nullopt : std::optional<std::string>(found->second);
    }

    [[nodiscard]] std::string requiredValue(std::string_view name) const
    {
        auto found = value(name);
        if (!found) {
            fail("missing --" + std::string(name));
        }
        return *found;
    }

    [[nodiscard]] long long integer(std::string_view name, const std::string& text, long long minimum,
                                    long long maximum) const
    {
        const std::optional<long long> parsed = text::parseInteger(text);
        if (!parsed || *parsed < minimum || *parsed > maximum) {
            fail("--" + std::string(name) + " expects an integer from " + std::to_string(minimum) + " to " +
                 std::to_string(maximum) + ", got '" + text + "'");
        }
        return *parsed;
    }

    [[nodiscard]] int intValue(std::string_view name, int fallback, int minimum, int maximum) const
    {
        const auto text = value(name);
        return text ? static_cast<int>(integer(name, *text, minimum, maximum)) : fallback;
    }

    [[nodiscard]] int requiredDepth() const
    {
        return static_cast<int>(integer("depth", requiredValue("depth"), cbt::kMinMaxDepth, cbt::kMaxMaxDepth));
    }

    [[nodiscard]] Backend backend() const
    {
        const auto text = value("cbt");
        if (!text || *text == "heap") {
            return Backend::Heap;
        }
        if (*text == "pool") {
            return Backend::Pool;
        }
        fail("--cbt expects 'heap' or 'pool', got '" + *text + "'");
    }

    // --depth of the backend: 1..30 for the heap, 2..60 for the pool.
    [[nodiscard]] int requiredDepth(Backend backend) const
    {
        if (backend == Backend::Heap) {
            return requiredDepth();
        }
        return static_cast<int>(integer("depth", requiredValue("depth"), kMinPoolDepth, kMaxPoolDepth));
    }

    // --pool-size, only with --cbt pool; the refine default otherwise.
    [[nodiscard]] std::uint32_t poolSize(Backend backend) const
    {
        if (!isSet("pool-size")) {
            return kDefaultRefinePoolSize;
        }
        if (backend != Backend::Pool) {
            fail("--pool-size needs --cbt pool");
        }
        return requiredPoolSize();
    }

    // The heap's domains; the pool refines the unit square only.
    [[nodiscard]] leb::Domain domain(Backend backend) const
    {
        const leb::Domain chosen = domain();
        if (backend == Backend::Pool && chosen != leb::Domain::Square) {
            fail("--cbt pool refines the unit square only (its base mesh); --domain triangle needs --cbt heap");
        }
        return chosen;
    }

    [[nodiscard]] std::uint32_t requiredPoolSize() const
    {
        const std::string text = requiredValue("pool-size");
        const std::optional<long long> parsed = text::parseInteger(text);
        const long long minimum = 1LL << kMinPoolSizeLog2;
        const long long maximum = 1LL << kMaxPoolSizeLog2;
        if (!parsed || *parsed < minimum || *parsed > maximum ||
            !std::has_single_bit(static_cast<std::uint64_t>(*parsed))) {
            fail("--pool-size expects a power of two from " + std::to_string(minimum) + " to " +
                 std::to_string(maximum) + " (2^" + std::to_string(kMinPoolSizeLog2) + " .. 2^" +
                 std::to_string(kMaxPoolSizeLog2) + "), got '" + text + "'");
        }
        return static_cast<std::uint32_t>(*parsed);
    }

    [[nodiscard]] unsigned threads() const { return static_cast<unsigned>(intValue("threads", 1, 1, kMaxThreads)); }

    [[nodiscard]] std::uint64_t seed() const
    {
        const auto text = value("seed");
        if (!text) {
            return kDefaultSeed;
        }
        const std::optional<std::uint64_t> parsed = text::parseUnsigned<std::uint64_t>(*text);
        if (!parsed) {
            fail("--seed expects a non-negative integer, got '" + *text + "'");
        }
        return *parsed;
    }

    [[nodiscard]] glm::dvec2 requiredPoint() const
    {
        const std::string text = requiredValue("point");
        const std::size_t comma = text.find(',');
        glm::dvec2 point(0.0);
        bool valid = comma != std::string::npos && text.find(',', comma + 1) == std::string::npos;
        for (int axis = 0; valid && axis < 2; ++axis) {
            const std::size_t first = axis == 0 ? 0 : comma + 1;
            const std::size_t last = axis == 0 ? comma : text.size();
            const std::optional<double> coordinate =
                text::parseNumber(std::string_view(text).substr(first, last - first));
            valid = coordinate && *coordinate >= 0.0 && *coordinate <= 1.0;
            point[axis] = coordinate.value_or(0.0);
        }
        if (!valid) {
            fail("--point expects X,Y with both coordinates in [0, 1], got '" + text + "'");
        }
        return point;
    }

    [[nodiscard]] leb::Domain domain() const
    {
        const auto text = value("domain");
        if (!text || *text == "square") {
            return leb::Domain::Square;
        }
        if (*text == "triangle") {
            return leb::Domain::Triangle;
        }
        fail("--domain expects 'square' or 'triangle', got '" + *text + "'");
    }

    [[nodiscard]] std::optional<std::filesystem::path> path(std::string_view name) const
    {
        const auto text = value(name);
        if (text && text->empty()) {
            fail("--" + std::string(name) + " expects a file name");
        }
        return text ? std::optional<std::filesystem::path>(*text) : std::nullopt;
    }

    [[nodiscard]] GpuRunOptions gpuRun() const
    {
        GpuRunOptions options;
        options.deviceSelector = value("device").value_or(std::string());
        if (isSet("device") && options.deviceSelector.empty()) {
            fail("--device expects an index or part of a device name");
        }
        options.validate = isSet("validate");
        options.iterations = intValue("iterations", kMinGpuIterations, kMinGpuIterations, kMaxIterations);
        return options;
    }

private:
    std::string subcommand_;
    std::map<std::string, std::string, std::less<>> values_;
};

constexpr FlagSpec kJson{"json"};
constexpr FlagSpec kDepth{"depth"};
constexpr FlagSpec kThreads{"threads"};
constexpr FlagSpec kIterations{"iterations"};
constexpr FlagSpec kSeed{"seed"};
constexpr FlagSpec kPoint{"point"};
constexpr FlagSpec kDomain{"domain"};
constexpr FlagSpec kDevice{"device"};
constexpr FlagSpec kValidate{"validate", false};
constexpr FlagSpec kBackend{"cbt"};
constexpr FlagSpec kPoolSize{"pool-size"};

// Records the quantized point and, when quantization moved it, the original.
// The pool takes the point as typed: it decides containment exactly.
glm::dvec2 quantizedPoint(glm::dvec2 typed, Invocation& invocation, Backend backend = Backend::Heap)
{
    if (backend == Backend::Pool) {
        return typed;
    }
    const glm::dvec2 quantized = leb::quantizePoint(typed);
    if (quantized != typed) {
        invocation.unquantizedPoint = typed;
    }
    return quantized;
}

// flyover: --json FILE is cbt-bench's; every other argument is cbt-terrain's.
FlyoverOptions parseFlyover(std::span<const std::string> flags, Invocation& invocation)
{
    std::vector<std::string_view> viewerArguments;
    for (std::size_t i = 0; i < flags.size(); ++i) {
        const std::string_view flag = flags[i];
        if (flag == "--json" || flag.starts_with("--json=")) {
            std::string_view path;
            if (flag == "--json") {
                if (i + 1 >= flags.size() || flags[i + 1].empty()) {
                    throw UsageError("cbt-bench flyover: --json expects a file name");
                }
                path = flags[++i];
            } else {
                path = flag.substr(std::string_view("--json=").size());
            }
            if (path.empty()) {
                throw UsageError("cbt-bench flyover: --json expects a file name");
            }
            invocation.jsonPath = std::filesystem::path(path);
            continue;
        }
        viewerArguments.push_back(flag);
    }
    if (std::find(viewerArguments.begin(), viewerArguments.end(), "--headless") == viewerArguments.end()) {
        viewerArguments.push_back("--headless");
    }
    FlyoverOptions options;
    try {
        options.viewer = viewer::parseCommandLine(viewerArguments);
    } catch (const viewer::CommandLineError& error) {
        throw UsageError(std::string("cbt-bench flyover: ") + error.what());
    }
    const std::vector<std::string>& given = options.viewer.givenFlags;
    for (const std::string_view refused : kFlyoverRefusedFlags) {
        if (std::find(given.begin(), given.end(), refused) != given.end()) {
            throw UsageError("cbt-bench flyover: " + std::string(refused) +
                             " is not available (flyover draws a camera path on both backends, headless)");
        }
    }
    if (options.viewer.showHelp) {
        throw UsageError("cbt-bench flyover: --help is cbt-bench's (see below)");
    }
    return options;
}

CommandOptions parseSubcommand(const std::string& subcommand, std::span<const std::string> flags,
                               Invocation& invocation)
{
    if (subcommand == "refine") {
        const FlagSpec specs[] = {kDepth, kPoint, kThreads, kDomain, {"dump-triangles"}, kBackend, kPoolSize, kJson};
        const ParsedFlags parsed(subcommand, flags, specs);
        invocation.jsonPath = parsed.path("json");
        const Backend backend = parsed.backend();
        return RefineOptions{parsed.requiredDepth(backend),
                             quantizedPoint(parsed.requiredPoint(), invocation, backend),
                             parsed.threads(),
                             parsed.domain(backend),
                             parsed.path("dump-triangles"),
                             backend,
                             parsed.poolSize(backend)};
    }
    if (subcommand == "reduce") {
        const FlagSpec specs[] = {kDepth, kThreads, kIterations, kSeed, kJson};
        const ParsedFlags parsed(subcommand, flags, specs);
        invocation.jsonPath = parsed.path("json");
        return ReduceOptions{parsed.requiredDepth(), parsed.threads(),
                             parsed.intValue("iterations", kDefaultCpuReduceIterations, 1, kMaxIterations),
                             parsed.seed()};
    }
    if (subcommand == "decode") {
        const FlagSpec specs[] = {kDepth, kThreads, kIterations, kJson};
        const ParsedFlags parsed(subcommand, flags, specs);
        invocation.jsonPath = parsed.path("json");
        return DecodeOptions{parsed.requiredDepth(), parsed.threads(),
                             parsed.intValue("iterations", kDefaultCpuDecodeIterations, 1, kMaxIterations)};
    }
    if (subcommand == "pool-index") {
        const FlagSpec specs[] = {{"pool-size"}, {"changes"}, kIterations, kSeed, kJson};
        const ParsedFlags parsed(subcommand, flags, specs);
        invocation.jsonPath = parsed.path("json");
        const std::uint32_t poolSize = parsed.requiredPoolSize();
        const std::optional<std::string> changes = parsed.value("changes");
        return PoolIndexOptions{
            poolSize,
            changes ? static_cast<std::uint32_t>(parsed.integer("changes", *changes, 1, poolSize)) : poolSize / 64U,
            parsed.intValue("iterations", kDefaultPoolIndexIterations, 1, kMaxIterations), parsed.seed()};
    }
    if (subcommand == "devices") {
        const FlagSpec specs[] = {kValidate, kJson};
        const ParsedFlags parsed(subcommand, flags, specs);
        invocation.jsonPath = parsed.path("json");
        return DevicesOptions{parsed.isSet("validate")};
    }
    if (subcommand == "gpu-reduce") {
        const FlagSpec specs[] = {kDepth, kDevice, kIterations, kSeed, {"compare-shaders"}, kValidate, kJson};
        const ParsedFlags parsed(subcommand, flags, specs);
        invocation.jsonPath = parsed.path("json");
        const std::optional<std::filesystem::path> compareShaderRoot = parsed.path("compare-shaders");
        if (compareShaderRoot && !std::filesystem::is_directory(*compareShaderRoot)) {
            throw UsageError("cbt-bench gpu-reduce: --compare-shaders '" + compareShaderRoot->string() +
                             "' is not a directory");
        }
        return GpuReduceOptions{parsed.requiredDepth(), parsed.seed(), parsed.gpuRun(), compareShaderRoot};
    }
    if (subcommand == "gpu-update") {
        const FlagSpec specs[] = {kDepth, kPoint, kDomain, kDevice, kIterations, kValidate, kBackend, kPoolSize, kJson};
        const ParsedFlags parsed(subcommand, flags, specs);
        invocation.jsonPath = parsed.path("json");
        const Backend backend = parsed.backend();
        return GpuUpdateOptions{parsed.requiredDepth(backend),
                                quantizedPoint(parsed.requiredPoint(), invocation, backend),
                                parsed.domain(backend),
                                parsed.gpuRun(),
                                backend,
                                parsed.poolSize(backend)};
    }
    if (subcommand == "gpu-decode") {
        const FlagSpec specs[] = {kDepth, kDevice, kIterations, kValidate, kJson};
        const ParsedFlags parsed(subcommand, flags, specs);
        invocation.jsonPath = parsed.path("json");
        return GpuDecodeOptions{parsed.requiredDepth(), parsed.gpuRun()};
    }
    if (subcommand == "flyover") {
        return parseFlyover(flags, invocation);
    }
    throw UsageError("cbt-bench: unknown subcommand '" + subcommand + "'");
}

}  // namespace

Invocation parseCommandLine(std::span<const std::string> arguments)
{
    const bool wantsHelp = std::any_of(arguments.begin(), arguments.end(), [](const std::string& argument) {
        return argument == "--help" || argument == "-h";
    });
    if (wantsHelp || (!arguments.empty() && arguments.front() == "help")) {
        return Invocation{"help", HelpRequest{}, std::nullopt, std::nullopt};
    }
    if (arguments.empty()) {
        throw UsageError("cbt-bench: missing subcommand");
    }
    if (arguments.front().starts_with("-")) {
        throw UsageError("cbt-bench: expected a subcommand before '" + arguments.front() + "'");
    }
    Invocation invocation;
    invocation.subcommand = arguments.front();
    invocation.options = parseSubcommand(invocation.subcommand, arguments.subspan(1), invocation);
    return invocation;
}

std::string usageText()
{
    return "usage: cbt-bench <subcommand> [flags]\n"
           "\n"
           "CPU (the cbt, leb and bisector libraries):\n"
           "  refine     --depth D --point X,Y [--cbt heap|pool] [--pool-size P] [--threads N]\n"
           "             [--domain square|triangle] [--dump-triangles FILE] [--json FILE]\n"
           "             refine around a point from the two root triangles (paper Table 2); with\n"
           "             --cbt pool on the bisector pool, from the unit square's four roots, to D <= 60\n"
           "  reduce     --depth D [--threads N] [--iterations K] [--seed S] [--json FILE]\n"
           "             full sum reduction of a random bitfield, next to a memcpy of the heap\n"
           "  decode     --depth D [--threads N] [--iterations K] [--json FILE]\n"
           "             decode every leaf of a full tree (2023 paper, Fig. 11)\n"
           "  pool-index --pool-size P [--changes K] [--iterations N] [--seed S] [--json FILE]\n"
           "             the bisector pool's occupancy indexes (sum tree, Fenwick) per frame: K slot flips,\n"
           "             a rebuild and K selects of a free slot, next to a popcount pass over the bits\n"
           "GPU (Vulkan compute; timestamps; median over K >= 100 runs):\n"
           "  devices    [--validate] [--json FILE]      list the Vulkan devices\n"
           "  gpu-reduce --depth D [--device SEL] [--iterations K] [--seed S] [--compare-shaders DIR]\n"
           "             [--validate] [--json FILE]\n"
           "  gpu-update --depth D --point X,Y [--cbt heap|pool] [--pool-size P] [--domain square|triangle]\n"
           "             [--device SEL] [--iterations K] [--validate] [--json FILE]\n"
           "             the update passes refining around a point and converged; --cbt pool times the\n"
           "             bisector pool's passes, next to the heap's at the same depth when D <= 26\n"
           "  gpu-decode --depth D [--device SEL] [--iterations K] [--validate] [--json FILE]\n"
           "  flyover    [HEIGHTMAP] [cbt-terrain flags] [--json FILE]\n"
           "             the viewer's whole frame on the heap and on the pool, each on both raster paths\n"
           "             (only --raster's when given), in one run, pose by pose along --camera-path (default:\n"
           "             the shipped flyover), with every pass's GPU time, the pool / heap and the compute /\n"
           "             graphics ratios; takes cbt-terrain's flags but --cbt, --planet, --camera,\n"
           "             --camera-geo, --screenshot, --stats\n"
           "\n"
           "D is 1..30, X and Y are in [0, 1] (rounded to multiples of 2^-20), --threads N is 1..1024.\n"
           "With --cbt pool: D is 2..60, counted as for the heap (the unit square is depth 0, the quad's four\n"
           "roots depth 2); X,Y are not rounded; --pool-size P is a power of two (default 65536); the pool's\n"
           "CPU reference runs one thread.\n"
           "P is a power of two from 2^6 to 2^26, K is 1..P (default P/64); pool-index times N frames (default 11).\n"
           "SEL is a device index or part of its name (see `cbt-bench devices`).\n"
           "DIR is a copy of shaders/ with a changed reduction kernel: gpu-reduce then times it in every frame\n"
           "next to the built-in one, in alternating order, and checks both against the CPU.\n"
           "Exit codes: 0 success, 1 run-time failure (e.g. no usable Vulkan device), 2 bad arguments.\n";
}

}  // namespace bench
