// The command line of cbt-bench: one subcommand and its flags.
//
//   cbt-bench refine     --depth D --point X,Y [--cbt heap|pool] [--pool-size P] [--threads N]
//                        [--domain square|triangle] [--dump-triangles FILE] [--json FILE]
//   cbt-bench reduce     --depth D [--threads N] [--iterations K] [--seed S] [--json FILE]
//   cbt-bench decode     --depth D [--threads N] [--iterations K] [--json FILE]
//   cbt-bench pool-index --pool-size P [--changes K] [--iterations N] [--seed S] [--json FILE]
//   cbt-bench devices    [--validate] [--json FILE]
//   cbt-bench gpu-reduce --depth D [--device SEL] [--iterations K] [--seed S] [--compare-shaders DIR]
//                        [--validate] [--json FILE]
//   cbt-bench gpu-update --depth D --point X,Y [--cbt heap|pool] [--pool-size P]
//                        [--domain square|triangle] [--device SEL] [--iterations K] [--validate]
//                        [--json FILE]
//   cbt-bench gpu-decode --depth D [--device SEL] [--iterations K] [--validate] [--json FILE]
//   cbt-bench flyover    [HEIGHTMAP] [cbt-terrain flags] [--json FILE]
//   cbt-bench --help
//
// Flags take their value as the next argument or after '=' (--depth=20).
// Anything wrong throws UsageError whose message names the bad flag.
#pragma once

#include "viewer/CommandLine.h"
#include "leb/LongestEdgeBisection.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

#include <glm/vec2.hpp>

namespace bench {

// A bad command line; main() prints the message and the usage, exit code 2.
class UsageError : public std::runtime_error {
public:
    explicit UsageError(const std::string& message) : std::runtime_error(message) {}
};

inline constexpr int kDefaultCpuReduceIterations = 21;
inline constexpr int kDefaultCpuDecodeIterations = 5;
inline constexpr int kDefaultPoolIndexIterations = 11;
inline constexpr int kMinPoolSizeLog2 = 6;
inline constexpr int kMaxPoolSizeLog2 = 26;
inline constexpr int kMinGpuIterations = 100;
inline constexpr std::uint64_t kDefaultSeed = 20200;
// The bisector pool's depths for refine and gpu-update (counted as the heap
// counts them: the unit square is depth 0, the quad's four roots depth 2),
// and its default size: a refinement around a point keeps about 4 D bisectors.
inline constexpr int kPoolRootDepth = 2;  // the depth of the unit square's four roots
inline constexpr int kMinPoolDepth = kPoolRootDepth;
inline constexpr int kMaxPoolDepth = 60;
inline constexpr std::uint32_t kDefaultRefinePoolSize = 1u << 16;

// Which CBT a refine or gpu-update runs on: the 2020 heap (the tessellation
// is the tree) or the bisector pool (the tree indexes a pool of bisectors).
enum class Backend { Heap, Pool };

struct HelpRequest {};

struct RefineOptions {
    int depth = 0;
    glm::dvec2 point{0.0};  // the heap's: quantized to the 2^-20 grid; the pool's: as typed
    unsigned threads = 1;
    leb::Domain domain = leb::Domain::Square;
    std::optional<std::filesystem::path> dumpTrianglesPath;
    Backend backend = Backend::Heap;
    std::uint32_t poolSize = kDefaultRefinePoolSize;
};

struct ReduceOptions {
    int depth = 0;
    unsigned threads = 1;
    int iterations = kDefaultCpuReduceIterations;
    std::uint64_t seed = kDefaultSeed;
};

struct DecodeOptions {
    int depth = 0;
    unsigned threads = 1;
    int iterations = kDefaultCpuDecodeIterations;
};

struct PoolIndexOptions {
    std::uint32_t poolSize = 0;  // P, a power of two from 2^6 to 2^26
    std::uint32_t changes = 0;   // K slot flips and K selects per frame; the parser makes the default P / 64
    int iterations = kDefaultPoolIndexIterations;
    std::uint64_t seed = kDefaultSeed;
};

struct DevicesOptions {
    bool validate = false;
};

// What every GPU subcommand shares.
struct GpuRunOptions {
    std::string deviceSelector;  // --device: index or part of the name; empty = best device
    bool validate = false;       // --validate: Khronos validation + synchronization validation
    int iterations = kMinGpuIterations;
};

struct GpuReduceOptions {
    int depth = 0;
    std::uint64_t seed = kDefaultSeed;
    GpuRunOptions gpu;
    // --compare-shaders: a second shader root (a copy of shaders/ with a
    // changed kernel) whose reduction runs in every frame next to the
    // built-in one, in alternating order, so that both see the same machine.
    std::optional<std::filesystem::path> compareShaderRoot;
};

struct GpuUpdateOptions {
    int depth = 0;
    glm::dvec2 point{0.0};  // the heap's: quantized to the 2^-20 grid; the pool's: as typed
    leb::Domain domain = leb::Domain::Square;
    GpuRunOptions gpu;
    Backend backend = Backend::Heap;
    std::uint32_t poolSize = kDefaultRefinePoolSize;
};

struct GpuDecodeOptions {
    int depth = 0;
    GpuRunOptions gpu;
};

// cbt-bench flyover: the viewer's frame on both terrain backends in one run.
// `viewer` holds the cbt-terrain flags given (headless); without
// --camera-path the run takes the shipped flyover, kDefaultFlyoverPath.
struct FlyoverOptions {
    viewer::ViewerOptions viewer;
};
// The cbt-terrain flags flyover refuses: it runs both backends itself, along
// a camera path, and reports in its own form.
inline constexpr std::array<std::string_view, 6> kFlyoverRefusedFlags{"--cbt",        "--planet",     "--camera",
                                                                      "--camera-geo", "--screenshot", "--stats"};
inline constexpr std::string_view kDefaultFlyoverPath = "camera-paths/flyover.txt";  // in the asset folder

using CommandOptions =
    std::variant<HelpRequest, RefineOptions, ReduceOptions, DecodeOptions, PoolIndexOptions, DevicesOptions,
                 GpuReduceOptions, GpuUpdateOptions, GpuDecodeOptions, FlyoverOptions>;

struct Invocation {
    std::string subcommand;  // "refine", ...; "help" for HelpRequest
    CommandOptions options;
    std::optional<std::filesystem::path> jsonPath;
    // The point as typed, when quantization to the 2^-20 grid moved it.
    std::optional<glm::dvec2> unquantizedPoint;
};

// Parses the arguments after the program name. Throws UsageError.
Invocation parseCommandLine(std::span<const std::string> arguments);

// The usage text printed by --help and after a usage error.
std::string usageText();

}  // namespace bench
