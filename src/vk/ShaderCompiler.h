// GLSL -> SPIR-V at run time with shaderc, with #include resolution and
// macro definitions: what vk::ShaderLibrary uses to recompile the shaders
// from their sources in a build tree, and cbt-bench to compile a candidate
// kernel. Programs otherwise load the SPIR-V compiled at build time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vk {

enum class ShaderStage { Compute, Vertex, Fragment };

// #define name value (value may be empty).
struct ShaderMacro {
    std::string name;
    std::string value;
};

// Compiles GLSL (#version 450/460) for Vulkan 1.2 (SPIR-V 1.5) with
// performance optimisation. `#include "x.glsl"` is looked up first relative
// to the including file's directory, then relative to the shader root.
// Errors throw vk::Error whose message starts with the shader's file name
// and holds shaderc's "file:line: error: ..." text. Thread-safe.
class ShaderCompiler {
public:
    // shaderRoot: where relative paths and includes are resolved.
    explicit ShaderCompiler(std::filesystem::path shaderRoot);
    ~ShaderCompiler();
    ShaderCompiler(const ShaderCompiler&) = delete;
    ShaderCompiler& operator=(const ShaderCompiler&) = delete;
    ShaderCompiler(ShaderCompiler&&) noexcept;
    ShaderCompiler& operator=(ShaderCompiler&&) noexcept;

    [[nodiscard]] const std::filesystem::path& shaderRoot() const { return shaderRoot_; }

    // Compiles the file at `path` (relative paths are taken from the shader
    // root), e.g. compileFile("cbt/SumReduction.comp", ShaderStage::Compute).
    // `includedFiles`, when given, receives the path of every included file.
    [[nodiscard]] std::vector<uint32_t> compileFile(const std::filesystem::path& path, ShaderStage stage,
                                                    std::span<const ShaderMacro> macros = {},
                                                    std::vector<std::filesystem::path>* includedFiles = nullptr) const;

    // Compiles `source`; `virtualFileName` names it in errors and is the base
    // for its relative includes (relative to the shader root when it is a
    // relative path).
    [[nodiscard]] std::vector<uint32_t> compileSource(
        std::string_view source, std::string_view virtualFileName, ShaderStage stage,
        std::span<const ShaderMacro> macros = {}, std::vector<std::filesystem::path>* includedFiles = nullptr) const;

private:
    struct ShadercCompiler;
    std::filesystem::path shaderRoot_;
    std::unique_ptr<ShadercCompiler> compiler_;
};

// The stage a file name implies: .comp, .vert, .frag (also before a final
// ".glsl", e.g. "x.comp.glsl"). Throws vk::Error for anything else.
ShaderStage shaderStageFromFileName(const std::filesystem::path& path);

}  // namespace vk
