// Where a program of this project finds its shaders and data at run time,
// relative to its own executable and never through a path compiled into it:
//   - installed (cmake --install build --prefix P): the program is P/bin/NAME
//     and reads P/share/cbt-terrain/shaders and P/share/cbt-terrain/assets;
//   - in the build tree: the build writes a marker file, kBuildTreeMarker,
//     next to each program, naming the build's SPIR-V folder and the source
//     tree's shaders/ and assets/ folders. Only such a program may recompile
//     shaders from their sources (vk::ShaderLibrary::compileFromSource).
// The install never copies the marker, so an installed program reads only
// its own prefix, even while the source and build trees exist.
#pragma once

#include "vk/ShaderLibrary.h"

#include <filesystem>
#include <optional>
#include <string_view>

namespace vk {

inline constexpr std::string_view kBuildTreeMarker = "cbt-terrain-build-tree.txt";

struct ProgramFiles {
    std::filesystem::path spirvDirectory;
    std::filesystem::path assetDirectory;
    // The GLSL sources; only for a program run from its build tree.
    std::optional<std::filesystem::path> shaderSourceDirectory;

    // A ShaderLibrary over these files.
    [[nodiscard]] ShaderLibrary shaderLibrary() const;
};

// The folder of the running executable (/proc/self/exe).
std::filesystem::path executableDirectory();

// The files of a program in `executableFolder` (see above). Throws vk::Error
// naming the folders it looked for when there are none.
ProgramFiles locateProgramFiles(const std::filesystem::path& executableFolder);
// locateProgramFiles(executableDirectory()).
ProgramFiles locateProgramFiles();

}  // namespace vk
