// cbt-compile-shader: the build's GLSL -> SPIR-V step (shaders/CMakeLists.txt).
// It compiles with vk::ShaderCompiler, the very compiler (and options) that
// a program of the build tree uses when it reloads its shaders, so the
// SPIR-V a program loads is the same either way. (Debian's glslc carries
// another copy of the SPIR-V optimiser, which crashes on some of the
// project's kernels.)
//
//   cbt-compile-shader ROOT SOURCE OUTPUT DEPFILE [NAME=VALUE | NAME]...
//
// SOURCE is relative to ROOT, where includes not found next to the including
// file are looked up. DEPFILE lists SOURCE and every file it includes, as a
// make rule for OUTPUT.
#include "vk/Error.h"
#include "vk/ShaderCompiler.h"

#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;

// A path as a make rule writes it: spaces escaped.
std::string makePath(const fs::path& path)
{
    std::string escaped;
    for (const char character : path.string()) {
        if (character == ' ') {
            escaped += '\\';
        }
        escaped += character;
    }
    return escaped;
}

int compile(const std::vector<std::string_view>& arguments)
{
    if (arguments.size() < 4) {
        std::cerr << "usage: cbt-compile-shader ROOT SOURCE OUTPUT DEPFILE [NAME=VALUE | NAME]...\n";
        return 2;
    }
    const fs::path root(arguments[0]);
    const fs::path source(arguments[1]);
    const fs::path output(arguments[2]);
    const fs::path depfile(arguments[3]);
    std::vector<vk::ShaderMacro> macros;
    for (std::size_t i = 4; i < arguments.size(); ++i) {
        const std::string_view definition = arguments[i];
        const std::size_t equals = definition.find('=');
        macros.push_back(equals == std::string_view::npos
                             ? vk::ShaderMacro{std::string(definition), ""}
                             : vk::ShaderMacro{std::string(definition.substr(0, equals)),
                                               std::string(definition.substr(equals + 1))});
    }
    const vk::ShaderCompiler compiler(root);
    std::vector<fs::path> included;
    const std::vector<std::uint32_t> spirv =
        compiler.compileFile(source, vk::shaderStageFromFileName(source), macros, &included);

    fs::create_directories(output.parent_path());
    std::ofstream spirvFile(output, std::ios::binary | std::ios::trunc);
    spirvFile.write(reinterpret_cast<const char*>(spirv.data()),
                    static_cast<std::streamsize>(spirv.size() * sizeof(std::uint32_t)));
    if (!spirvFile) {
        throw vk::Error(output.string() + ": cannot write the SPIR-V");
    }
    std::ofstream rule(depfile, std::ios::trunc);
    rule << makePath(output) << ": " << makePath(fs::weakly_canonical(root / source));
    for (const fs::path& file : included) {
        rule << " \\\n  " << makePath(file);
    }
    rule << "\n";
    if (!rule) {
        throw vk::Error(depfile.string() + ": cannot write the dependency file");
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string_view> arguments(argv + 1, argv + argc);
    try {
        return compile(arguments);
    } catch (const std::exception& error) {
        std::cerr << "cbt-compile-shader: " << error.what() << "\n";
        return 1;
    }
}
