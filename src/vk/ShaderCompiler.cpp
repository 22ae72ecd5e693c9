#include "vk/ShaderCompiler.h"

#include "vk/Error.h"

#include <shaderc/shaderc.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>

namespace vk {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> readTextFile(const fs::path& path)
{
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        return std::nullopt;
    }
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

shaderc_shader_kind shaderKind(ShaderStage stage)
{
    switch (stage) {
        case ShaderStage::Compute: return shaderc_compute_shader;
        case ShaderStage::Vertex: return shaderc_vertex_shader;
        case ShaderStage::Fragment: return shaderc_fragment_shader;
    }
    return shaderc_compute_shader;
}

// An include answer; shaderc reads `result`, whose pointers aim into the
// strings, until it releases it.
struct IncludeAnswer {
    std::string sourceName;
    std::string content;
    shaderc_include_result result{};
};

// Resolves #include "x" against the including file's folder, then the root;
// #include <x> against the root only.
class IncludeResolver {
public:
    // `included`, when given, receives the path of every file included.
    IncludeResolver(fs::path shaderRoot, std::vector<fs::path>* included)
        : shaderRoot_(std::move(shaderRoot)),
          included_(included)
    {
    }

    IncludeAnswer* resolve(const char* requested, int type, const char* requesting) const
    {
        std::vector<fs::path> candidates;
        if (type == shaderc_include_type_relative) {
            const fs::path includer(requesting);
            const fs::path folder =
                includer.is_absolute() ? includer.parent_path() : shaderRoot_ / includer.parent_path();
            candidates.push_back(folder / requested);
        }
        candidates.push_back(shaderRoot_ / requested);
        auto answer = std::make_unique<IncludeAnswer>();
        for (const fs::path& candidate : candidates) {
            if (std::optional<std::string> text = readTextFile(candidate)) {
                answer->sourceName = fs::weakly_canonical(candidate).string();
                answer->content = std::move(*text);
                if (included_ != nullptr) {
                    included_->push_back(answer->sourceName);
                }
                break;
            }
        }
        if (answer->sourceName.empty()) {
            // shaderc reports an empty source name with the content as the error.
            answer->content = std::string("cannot find include file \"") + requested + "\" (looked in";
            for (const fs::path& candidate : candidates) {
                answer->content.append(" ").append(candidate.parent_path().string());
            }
            answer->content += ")";
        }
        answer->result.source_name = answer->sourceName.c_str();
        answer->result.source_name_length = answer->sourceName.size();
        answer->result.content = answer->content.c_str();
        answer->result.content_length = answer->content.size();
        answer->result.user_data = answer.get();
        return answer.release();
    }

    static shaderc_include_result* resolveCallback(void* userData, const char* requested, int type,
                                                   const char* requesting, size_t /*depth*/)
    {
        return &static_cast<const IncludeResolver*>(userData)->resolve(requested, type, requesting)->result;
    }

    static void releaseCallback(void* /*userData*/, shaderc_include_result* result)
    {
        std::unique_ptr<IncludeAnswer> owned(static_cast<IncludeAnswer*>(result->user_data));
    }

private:
    fs::path shaderRoot_;
    std::vector<fs::path>* included_;
};

struct CompileOptionsDeleter {
    void operator()(shaderc_compile_options_t options) const { shaderc_compile_options_release(options); }
};
struct CompilationResultDeleter {
    void operator()(shaderc_compilation_result_t result) const { shaderc_result_release(result); }
};

}  // namespace

struct ShaderCompiler::ShadercCompiler {
    ShadercCompiler() : compiler(shaderc_compiler_initialize())
    {
        if (compiler == nullptr) {
            throw Error("shaderc_compiler_initialize failed");
        }
    }
    ~ShadercCompiler() { shaderc_compiler_release(compiler); }
    ShadercCompiler(const ShadercCompiler&) = delete;
    ShadercCompiler& operator=(const ShadercCompiler&) = delete;

    shaderc_compiler_t compiler;
};

ShaderCompiler::ShaderCompiler(fs::path shaderRoot)
    : shaderRoot_(std::move(shaderRoot)),
      compiler_(std::make_unique<ShadercCompiler>())
{
}

ShaderCompiler::~ShaderCompiler() = default;
ShaderCompiler::ShaderCompiler(ShaderCompiler&&) noexcept = default;
ShaderCompiler& ShaderCompiler::operator=(ShaderCompiler&&) noexcept = default;

std::vector<uint32_t> ShaderCompiler::compileFile(const fs::path& path, ShaderStage stage,
                                                  std::span<const ShaderMacro> macros,
                                                  std::vector<fs::path>* includedFiles) const
{
    const fs::path fullPath = path.is_absolute() ? path : shaderRoot_ / path;
    const std::optional<std::string> source = readTextFile(fullPath);
    if (!source) {
        throw Error(fullPath.string() + ": cannot read shader file");
    }
    return compileSource(*source, fs::weakly_canonical(fullPath).string(), stage, macros, includedFiles);
}

std::vector<uint32_t> ShaderCompiler::compileSource(std::string_view source, std::string_view virtualFileName,
                                                    ShaderStage stage, std::span<const ShaderMacro> macros,
                                                    std::vector<fs::path>* includedFiles) const
{
    const std::unique_ptr<shaderc_compile_options, CompileOptionsDeleter> options(shaderc_compile_options_initialize());
    if (!options) {
        throw Error("shaderc_compile_options_initialize failed");
    }
    shaderc_compile_options_set_target_env(options.get(), shaderc_target_env_vulkan, shaderc_env_version_vulkan_1_2);
    shaderc_compile_options_set_target_spirv(options.get(), shaderc_spirv_version_1_5);
    shaderc_compile_options_set_optimization_level(options.get(), shaderc_optimization_level_performance);
    for (const ShaderMacro& macro : macros) {
        shaderc_compile_options_add_macro_definition(options.get(), macro.name.data(), macro.name.size(),
                                                     macro.value.data(), macro.value.size());
    }
    IncludeResolver resolver(shaderRoot_, includedFiles);
    shaderc_compile_options_set_include_callbacks(options.get(), IncludeResolver::resolveCallback,
                                                  IncludeResolver::releaseCallback, &resolver);

    const std::string fileName(virtualFileName);
    const std::unique_ptr<shaderc_compilation_result, CompilationResultDeleter> result(shaderc_compile_into_spv(
        compiler_->compiler, source.data(), source.size(), shaderKind(stage), fileName.c_str(), "main", options.get()));
    if (!result) {
        throw Error(fileName + ": shaderc_compile_into_spv failed");
    }
    if (shaderc_result_get_compilation_status(result.get()) != shaderc_compilation_status_success) {
        std::string message = shaderc_result_get_error_message(result.get());
        // One line: shaderc separates diagnostics with newlines.
        while (!message.empty() && message.back() == '\n') {
            message.pop_back();
        }
        for (char& c : message) {
            c = c == '\n' ? ' ' : c;
        }
        throw Error(fileName + ": " + message);
    }
    const size_t byteCount = shaderc_result_get_length(result.get());
    std::vector<uint32_t> spirv(byteCount / sizeof(uint32_t));
    std::memcpy(spirv.data(), shaderc_result_get_bytes(result.get()), spirv.size() * sizeof(uint32_t));
    return spirv;
}

ShaderStage shaderStageFromFileName(const fs::path& path)
{
    fs::path name = path.filename();
    if (name.extension() == ".glsl") {
        name = name.stem();
    }
    const std::string extension = name.extension().string();
    if (extension == ".comp") {
        return ShaderStage::Compute;
    }
    if (extension == ".vert") {
        return ShaderStage::Vertex;
    }
    if (extension == ".frag") {
        return ShaderStage::Fragment;
    }
    throw Error(path.string() + ": unknown shader stage (expected .comp, .vert or .frag)");
}

}  // namespace vk
