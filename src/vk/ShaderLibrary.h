// The SPIR-V of the project's shaders, compiled at build time (shaders/CMakeLists.txt
// lists every program), read from a folder at run time. A program is a GLSL
// file under shaders/ and the macros it was compiled with; its SPIR-V file
// is named after both (spirvFileName).
//
// A library that knows the shaders' source folder (a program run from its
// build tree) can switch to compiling the sources instead, so that shader
// edits show without a rebuild (the viewer's R key).
#pragma once

#include "vk/ShaderCompiler.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vk {

// A shader as the build compiles it: a file relative to the shader folder and
// the macros defined for it, in order.
struct ShaderProgram {
    std::string source;
    std::vector<ShaderMacro> macros;
};

// "cbt/SumReductionUpper.comp+SUM_REDUCTION_UPPER_LOCAL_SIZE=8.spv": the
// source, "+NAME=VALUE" per macro ("+NAME" for an empty value), ".spv".
// shaders/CMakeLists.txt names the files of its programs the same way.
std::string spirvFileName(const ShaderProgram& program);

class ShaderLibrary {
public:
    // Reads SPIR-V from `spirvDirectory`; with `sourceDirectory`,
    // compileFromSource() may switch to compiling the GLSL found there.
    explicit ShaderLibrary(std::filesystem::path spirvDirectory,
                           std::optional<std::filesystem::path> sourceDirectory = std::nullopt);
    // A library that compiles every program from the GLSL in `sourceDirectory`
    // (e.g. a candidate kernel in another folder, cbt-bench --compare-shaders).
    static ShaderLibrary fromSources(const std::filesystem::path& sourceDirectory);
    ~ShaderLibrary();
    ShaderLibrary(ShaderLibrary&&) noexcept;
    ShaderLibrary& operator=(ShaderLibrary&&) noexcept;
    ShaderLibrary(const ShaderLibrary&) = delete;
    ShaderLibrary& operator=(const ShaderLibrary&) = delete;

    // The program's SPIR-V. Throws vk::Error naming the file when it is
    // missing or not SPIR-V, or (compiling from source) the compiler's error.
    [[nodiscard]] std::vector<std::uint32_t> load(const ShaderProgram& program) const;
    [[nodiscard]] std::vector<std::uint32_t> load(std::string_view source,
                                                  std::span<const ShaderMacro> macros = {}) const;

    [[nodiscard]] bool canCompileFromSource() const { return sourceDirectory_.has_value(); }
    [[nodiscard]] bool compilesFromSource() const { return compiler_ != nullptr; }
    // From now on load() compiles the GLSL sources. Throws vk::Error when the
    // library knows no source folder (an installed program).
    void compileFromSource();

    [[nodiscard]] const std::filesystem::path& spirvDirectory() const { return spirvDirectory_; }

private:
    std::filesystem::path spirvDirectory_;
    std::optional<std::filesystem::path> sourceDirectory_;
    std::unique_ptr<ShaderCompiler> compiler_;
};

}  // namespace vk
