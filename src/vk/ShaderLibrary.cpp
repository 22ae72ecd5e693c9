#include "vk/ShaderLibrary.h"

#include "vk/Error.h"

#include <cstring>
#include <fstream>
#include <iterator>

namespace vk {

namespace {

constexpr std::uint32_t kSpirvMagic = 0x07230203u;

std::vector<std::uint32_t> readSpirvFile(const std::filesystem::path& path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        throw Error(path.string() + ": cannot read the shader's SPIR-V (the build or the install is incomplete)");
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    if (bytes.size() < 5 * sizeof(std::uint32_t) || bytes.size() % sizeof(std::uint32_t) != 0) {
        throw Error(path.string() + ": not a SPIR-V module (" + std::to_string(bytes.size()) + " bytes)");
    }
    std::vector<std::uint32_t> words(bytes.size() / sizeof(std::uint32_t));
    std::memcpy(words.data(), bytes.data(), bytes.size());
    if (words[0] != kSpirvMagic) {
        throw Error(path.string() + ": not a SPIR-V module (no SPIR-V magic number)");
    }
    return words;
}

}  // namespace

std::string spirvFileName(const ShaderProgram& program)
{
    std::string name = program.source;
    for (const ShaderMacro& macro : program.macros) {
        name += "+" + macro.name;
        if (!macro.value.empty()) {
            name += "=" + macro.value;
        }
    }
    return name + ".spv";
}

ShaderLibrary::ShaderLibrary(std::filesystem::path spirvDirectory, std::optional<std::filesystem::path> sourceDirectory)
    : spirvDirectory_(std::move(spirvDirectory)),
      sourceDirectory_(std::move(sourceDirectory))
{
}

ShaderLibrary ShaderLibrary::fromSources(const std::filesystem::path& sourceDirectory)
{
    ShaderLibrary library(std::filesystem::path(), sourceDirectory);
    library.compileFromSource();
    return library;
}

ShaderLibrary::~ShaderLibrary() = default;
ShaderLibrary::ShaderLibrary(ShaderLibrary&&) noexcept = default;
ShaderLibrary& ShaderLibrary::operator=(ShaderLibrary&&) noexcept = default;

std::vector<std::uint32_t> ShaderLibrary::load(const ShaderProgram& program) const
{
    if (compiler_) {
        return compiler_->compileFile(program.source, shaderStageFromFileName(program.source), program.macros);
    }
    return readSpirvFile(spirvDirectory_ / spirvFileName(program));
}

std::vector<std::uint32_t> ShaderLibrary::load(std::string_view source, std::span<const ShaderMacro> macros) const
{
    return load(ShaderProgram{std::string(source), std::vector<ShaderMacro>(macros.begin(), macros.end())});
}

void ShaderLibrary::compileFromSource()
{
    if (!sourceDirectory_) {
        throw Error("shaders can be recompiled only by a program run from its build tree; this one reads " +
                    spirvDirectory_.string());
    }
    if (!compiler_) {
        compiler_ = std::make_unique<ShaderCompiler>(*sourceDirectory_);
    }
}

}  // namespace vk
