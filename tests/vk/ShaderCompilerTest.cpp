// Run-time GLSL compilation (the shader reload of a build tree): includes,
// macros, errors, stage names.
#include "GpuTestEnvironment.h"

#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/Error.h"
#include "vk/ShaderCompiler.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>

namespace vk::test {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr uint32_t kSpirvMagic = 0x07230203u;

std::string compileErrorOf(const ShaderCompiler& compiler, std::string_view source, std::string_view name,
                           std::span<const ShaderMacro> macros = {})
{
    try {
        (void)compiler.compileSource(source, name, ShaderStage::Compute, macros);
    } catch (const Error& error) {
        return error.what();
    }
    return "compiled";
}

TEST(ShaderCompilerTest, CompilesAComputeShaderThatIncludesAHeaderFromTheShaderRoot)
{
    const ShaderCompiler compiler(VK_TEST_SHADER_DIR);
    const std::vector<uint32_t> spirv = compiler.compileFile("Saxpy.comp", ShaderStage::Compute);
    ASSERT_GT(spirv.size(), 5u);
    EXPECT_EQ(spirv[0], kSpirvMagic);
    // The same from a string, whose includes resolve against the root too.
    const std::vector<uint32_t> fromString = compiler.compileSource(
        "#version 460\n#include \"include/Saxpy.glsl\"\nlayout(local_size_x = 1) in;\n"
        "layout(std430, binding = 0) buffer B { uint v[]; };\nvoid main() { v[0] = saxpy(2u, v[0], 1u); }\n",
        "inline.comp", ShaderStage::Compute);
    EXPECT_EQ(fromString[0], kSpirvMagic);
}

TEST(ShaderCompilerTest, ResolvesIncludesRelativeToTheIncludingFileFirst)
{
    const ShaderCompiler compiler(VK_TEST_SHADER_DIR);
    const std::vector<uint32_t> spirv = compiler.compileFile("nested/RelativeInclude.comp", ShaderStage::Compute);
    EXPECT_EQ(spirv[0], kSpirvMagic);
    const std::string missing =
        compileErrorOf(compiler, "#version 460\n#include \"NoSuchFile.glsl\"\nvoid main() {}\n", "missing.comp");
    EXPECT_THAT(missing, StartsWith("missing.comp"));
    EXPECT_THAT(missing, HasSubstr("NoSuchFile.glsl"));
}

TEST(ShaderCompilerTest, SyntaxErrorNamesTheFileAndLine)
{
    const ShaderCompiler compiler(VK_TEST_SHADER_DIR);
    const std::string message = compileErrorOf(compiler,
                                               "#version 460\n"
                                               "layout(local_size_x = 1) in;\n"
                                               "void main() {\n"
                                               "    uint x = ;\n"
                                               "}\n",
                                               "broken.comp");
    EXPECT_THAT(message, StartsWith("broken.comp: "));
    EXPECT_THAT(message, HasSubstr("broken.comp:4: error"));
    EXPECT_EQ(message.find('\n'), std::string::npos) << "message is not one line: " << message;
}

TEST(ShaderCompilerTest, ErrorsInIncludedFilesNameThatFile)
{
    const ShaderCompiler compiler(VK_TEST_SHADER_DIR);
    // Saxpy.glsl defines saxpy(); defining it again is an error reported in the includer.
    const std::string message = compileErrorOf(
        compiler, "#version 460\nlayout(local_size_x = 1) in;\nvoid main() {\n#include \"include/Saxpy.glsl\"\n}\n",
        "includer.comp");
    EXPECT_THAT(message, StartsWith("includer.comp: "));
    EXPECT_THAT(message, HasSubstr("Saxpy.glsl:2: error"));
}

TEST(ShaderCompilerTest, UnreadableFileThrowsWithItsPath)
{
    const ShaderCompiler compiler(VK_TEST_SHADER_DIR);
    try {
        (void)compiler.compileFile("does/not/exist.comp", ShaderStage::Compute);
        FAIL() << "no exception";
    } catch (const Error& error) {
        EXPECT_THAT(error.what(), HasSubstr("does/not/exist.comp"));
    }
}

TEST(ShaderCompilerTest, StageFollowsTheFileName)
{
    EXPECT_EQ(shaderStageFromFileName("a/b/Update.comp"), ShaderStage::Compute);
    EXPECT_EQ(shaderStageFromFileName("Terrain.vert"), ShaderStage::Vertex);
    EXPECT_EQ(shaderStageFromFileName("Terrain.frag.glsl"), ShaderStage::Fragment);
    EXPECT_THROW((void)shaderStageFromFileName("Common.glsl"), Error);
}

TEST(ShaderCompilerTest, CompilesVertexAndFragmentShaders)
{
    const ShaderCompiler compiler(VK_TEST_SHADER_DIR);
    const auto vertex = compiler.compileSource(
        "#version 460\nvoid main() { gl_Position = vec4(float(gl_VertexIndex), 0.0, 0.0, 1.0); }\n", "v.vert",
        ShaderStage::Vertex);
    const auto fragment = compiler.compileSource(
        "#version 460\nlayout(location = 0) out vec4 color;\nvoid main() { color = vec4(1.0); }\n", "f.frag",
        ShaderStage::Fragment);
    EXPECT_EQ(vertex[0], kSpirvMagic);
    EXPECT_EQ(fragment[0], kSpirvMagic);
    // A vertex shader is not a valid compute shader.
    EXPECT_THROW((void)compiler.compileSource("#version 460\nvoid main() { gl_Position = vec4(0.0); }\n", "v.comp",
                                              ShaderStage::Compute),
                 Error);
}

class ShaderMacroTest : public GpuTest {};

TEST_F(ShaderMacroTest, MacrosAreDefinedWithTheirValues)
{
    const ShaderCompiler compiler(VK_TEST_SHADER_DIR);
    const std::string source =
        "#version 460\n"
        "#ifndef ENABLE_WRITE\n#error ENABLE_WRITE is not defined\n#endif\n"
        "layout(local_size_x = 1) in;\n"
        "layout(std430, binding = 0) writeonly buffer B { uint v[]; };\n"
        "void main() { v[0] = VALUE; v[1] = VALUE * 2u; }\n";
    EXPECT_THAT(compileErrorOf(compiler, source, "macros.comp"), HasSubstr("ENABLE_WRITE is not defined"));

    const std::vector<ShaderMacro> macros = {{"ENABLE_WRITE", ""}, {"VALUE", "12345u"}};
    const std::vector<uint32_t> spirv = compiler.compileSource(source, "macros.comp", ShaderStage::Compute, macros);
    const DescriptorBinding binding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1};
    const ComputeKernel program(device(), spirv, std::span(&binding, 1), 0);
    const Buffer output(device(), 8, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    DescriptorWriter().storageBuffer(0, output).update(device(), program.descriptorSet());
    device().submitAndWait([&](VkCommandBuffer commands) {
        program.bind(commands);
        vkCmdDispatch(commands, 1, 1, 1);
    });
    const std::vector<uint32_t> values = downloadFromBufferAs<uint32_t>(device(), output, 0, 2);
    EXPECT_EQ(values[0], 12345u);
    EXPECT_EQ(values[1], 24690u);
}

}  // namespace
}  // namespace vk::test
