// libFuzzer target: heightmap::loadHeightmapPng on arbitrary bytes. Every input
// must either load, with a heightmap consistent with its size, or be refused
// with a HeightmapError; anything else (a crash, a sanitizer report, another
// exception) is a finding.
#include "FuzzInputFile.h"

#include "heightmap/Heightmap.h"

#include <cstdlib>

namespace {

// Small limits keep a header that claims a huge image from allocating it.
constexpr heightmap::HeightmapLimits kFuzzLimits{std::uint64_t{1} << 20, 2048};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::FuzzInputFile input(data, size, "heightmap.png");
    try {
        const heightmap::Heightmap heightmap = heightmap::loadHeightmapPng(input.path(), kFuzzLimits);
        if (heightmap.samples.size() != heightmap.texelCount() || heightmap.width == 0 || heightmap.height == 0 ||
            heightmap.texelCount() > kFuzzLimits.maxTexels) {
            std::abort();
        }
    } catch (const heightmap::HeightmapError&) {
        // A refusal is a correct outcome.
    }
    return 0;
}
