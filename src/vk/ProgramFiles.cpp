#include "vk/ProgramFiles.h"

#include "vk/Error.h"

#include <fstream>
#include <string>
#include <system_error>

namespace vk {

namespace {

namespace fs = std::filesystem;

// The marker's "key=value" lines (blank lines and # comments skipped).
ProgramFiles readBuildTreeMarker(const fs::path& marker)
{
    std::ifstream file(marker);
    if (!file) {
        throw Error(marker.string() + ": cannot read the build tree's marker file");
    }
    ProgramFiles files;
    std::string line;
    while (std::getline(file, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        const std::size_t equals = line.find('=');
        if (equals == std::string::npos) {
            throw Error(marker.string() + ": a line without '=': " + line);
        }
        const std::string key = line.substr(0, equals);
        const fs::path value = line.substr(equals + 1);
        if (key == "spirv") {
            files.spirvDirectory = value;
        } else if (key == "shader-sources") {
            files.shaderSourceDirectory = value;
        } else if (key == "assets") {
            files.assetDirectory = value;
        }
    }
    if (files.spirvDirectory.empty() || files.assetDirectory.empty() || !files.shaderSourceDirectory) {
        throw Error(marker.string() + ": needs the lines spirv=, shader-sources= and assets=");
    }
    return files;
}

}  // namespace

ShaderLibrary ProgramFiles::shaderLibrary() const
{
    return ShaderLibrary(spirvDirectory, shaderSourceDirectory);
}

fs::path executableDirectory()
{
    std::error_code error;
    const fs::path executable = fs::read_symlink("/proc/self/exe", error);
    if (error) {
        throw Error("cannot find the running program's folder (/proc/self/exe: " + error.message() + ")");
    }
    return executable.parent_path();
}

ProgramFiles locateProgramFiles(const fs::path& executableFolder)
{
    const fs::path marker = executableFolder / kBuildTreeMarker;
    if (fs::exists(marker)) {
        return readBuildTreeMarker(marker);
    }
    const fs::path share = executableFolder.parent_path() / "share" / "cbt-terrain";
    ProgramFiles files;
    files.spirvDirectory = share / "shaders";
    files.assetDirectory = share / "assets";
    if (!fs::is_directory(files.spirvDirectory)) {
        throw Error("cannot find the shaders: neither " + marker.string() + " (a build tree) nor " +
                    files.spirvDirectory.string() + " (an install) exists");
    }
    return files;
}

ProgramFiles locateProgramFiles()
{
    return locateProgramFiles(executableDirectory());
}

}  // namespace vk
