// Compute pipelines: push constants, storage buffers (whole and ranges),
// specialization constants.
#include "GpuTestEnvironment.h"

#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/Descriptors.h"
#include "vk/Pipeline.h"
#include "vk/ShaderCompiler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <random>

namespace vk::test {
namespace {

struct SaxpyParameters {
    uint32_t a;
    uint32_t b;
    uint32_t count;
};

constexpr std::array kTwoStorageBuffers = {
    DescriptorBinding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    DescriptorBinding{1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
};

class ComputePipelineTest : public GpuTest {
protected:
    [[nodiscard]] std::vector<uint32_t> saxpySpirv() const
    {
        return ShaderCompiler(VK_TEST_SHADER_DIR).compileFile("Saxpy.comp", ShaderStage::Compute);
    }
};

void recordSaxpy(VkCommandBuffer commands, const ComputeKernel& program, const SaxpyParameters& parameters)
{
    program.bind(commands);
    vkCmdPushConstants(commands, program.pipelineLayout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(SaxpyParameters),
                       &parameters);
    vkCmdDispatch(commands, (parameters.count + 63) / 64, 1, 1);
}

TEST_F(ComputePipelineTest, SaxpyOnAMillionUintsWithPushConstantsAndTwoStorageBuffers)
{
    constexpr uint32_t kCount = 1u << 20;
    std::vector<uint32_t> x(kCount);
    std::mt19937 generator(42);
    for (uint32_t& value : x) {
        value = static_cast<uint32_t>(generator());
    }
    const Buffer input(device(), kCount * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const Buffer output(device(), kCount * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    uploadToBuffer(device(), input, std::span<const uint32_t>(x));
    fillBuffer(device(), output, 0u);

    const ComputeKernel program(device(), saxpySpirv(), kTwoStorageBuffers, sizeof(SaxpyParameters));
    DescriptorWriter().storageBuffer(0, input).storageBuffer(1, output).update(device(), program.descriptorSet());
    const SaxpyParameters parameters{2654435761u, 12345u, kCount};
    device().submitAndWait([&](VkCommandBuffer commands) { recordSaxpy(commands, program, parameters); });

    const std::vector<uint32_t> y = downloadFromBufferAs<uint32_t>(device(), output, 0, kCount);
    size_t wrong = 0;
    for (uint32_t i = 0; i < kCount; ++i) {
        wrong += y[i] != parameters.a * x[i] + parameters.b ? 1u : 0u;
    }
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(y[kCount - 1], parameters.a * x[kCount - 1] + parameters.b);
}

TEST_F(ComputePipelineTest, BufferRangesBindOnlyTheirBytes)
{
    constexpr uint32_t kCount = 256;
    std::vector<uint32_t> x(kCount);
    for (uint32_t i = 0; i < kCount; ++i) {
        x[i] = i;
    }
    // The input range starts 64 words in; the output range 128 words in.
    const Buffer input(device(), kCount * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const Buffer output(device(), kCount * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    uploadToBuffer(device(), input, std::span<const uint32_t>(x));
    fillBuffer(device(), output, 0xFFFFFFFFu);
    const ComputeKernel program(device(), saxpySpirv(), kTwoStorageBuffers, sizeof(SaxpyParameters));
    constexpr VkDeviceSize kOffsetIn = 64 * sizeof(uint32_t);
    constexpr VkDeviceSize kOffsetOut = 128 * sizeof(uint32_t);
    DescriptorWriter()
        .storageBuffer(0, input, kOffsetIn, 32 * sizeof(uint32_t))
        .storageBuffer(1, output, kOffsetOut, 32 * sizeof(uint32_t))
        .update(device(), program.descriptorSet());
    device().submitAndWait([&](VkCommandBuffer commands) { recordSaxpy(commands, program, {3u, 1u, 32u}); });
    const std::vector<uint32_t> y = downloadFromBufferAs<uint32_t>(device(), output, 0, kCount);
    for (uint32_t i = 0; i < kCount; ++i) {
        const uint32_t expected = (i >= 128 && i < 160) ? 3u * (i - 128 + 64) + 1u : 0xFFFFFFFFu;
        ASSERT_EQ(y[i], expected) << "word " << i;
    }
}

TEST_F(ComputePipelineTest, SpecializationConstantsReachTheShader)
{
    const std::vector<uint32_t> spirv = shaderCompiler().compileSource(
        "#version 460\n"
        "layout(local_size_x_id = 0) in;\n"
        "layout(constant_id = 1) const uint kScale = 1u;\n"
        "layout(constant_id = 2) const float kOffset = 0.0;\n"
        "layout(std430, binding = 0) writeonly buffer B { uint v[]; };\n"
        "void main() { v[gl_GlobalInvocationID.x] = gl_WorkGroupSize.x * 1000u + kScale * gl_LocalInvocationID.x\n"
        "    + uint(kOffset); }\n",
        "specialized.comp", ShaderStage::Compute);
    const std::array constants = {SpecializationConstant{0, 16u}, SpecializationConstant{1, 7u},
                                  SpecializationConstant{2, std::bit_cast<uint32_t>(500.0f)}};
    const DescriptorBinding binding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1};
    const ComputeKernel program(device(), spirv, std::span(&binding, 1), 0, {}, 0, constants);
    const Buffer output(device(), 32 * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    DescriptorWriter().storageBuffer(0, output).update(device(), program.descriptorSet());
    device().submitAndWait([&](VkCommandBuffer commands) {
        program.bind(commands);
        vkCmdDispatch(commands, 2, 1, 1);  // 2 groups of 16
    });
    const std::vector<uint32_t> values = downloadFromBufferAs<uint32_t>(device(), output, 0, 32);
    for (uint32_t i = 0; i < 32; ++i) {
        EXPECT_EQ(values[i], 16000u + 7u * (i % 16) + 500u) << "invocation " << i;
    }
}

TEST_F(ComputePipelineTest, TwoDispatchesWithABarrierChainCorrectly)
{
    constexpr uint32_t kCount = 4096;
    std::vector<uint32_t> x(kCount, 5u);
    const Buffer first(device(), kCount * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const Buffer second(device(), kCount * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const Buffer third(device(), kCount * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    uploadToBuffer(device(), first, std::span<const uint32_t>(x));
    const std::vector<uint32_t> spirv = saxpySpirv();
    const ComputeKernel step1(device(), spirv, kTwoStorageBuffers, sizeof(SaxpyParameters));
    const ComputeKernel step2(device(), spirv, kTwoStorageBuffers, sizeof(SaxpyParameters));
    DescriptorWriter().storageBuffer(0, first).storageBuffer(1, second).update(device(), step1.descriptorSet());
    DescriptorWriter().storageBuffer(0, second).storageBuffer(1, third).update(device(), step2.descriptorSet());
    device().submitAndWait([&](VkCommandBuffer commands) {
        recordSaxpy(commands, step1, {2u, 1u, kCount});  // 11
        bufferBarrier(device(), commands, second, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                      VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
        recordSaxpy(commands, step2, {3u, 4u, kCount});  // 37
    });
    const std::vector<uint32_t> y = downloadFromBufferAs<uint32_t>(device(), third, 0, kCount);
    EXPECT_EQ(y.front(), 37u);
    EXPECT_EQ(y.back(), 37u);
    EXPECT_EQ(std::count(y.begin(), y.end(), 37u), static_cast<std::ptrdiff_t>(kCount));
}

}  // namespace
}  // namespace vk::test
