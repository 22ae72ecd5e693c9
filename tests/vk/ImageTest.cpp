// Images: mip uploads and read-backs, and sampling through a combined image
// sampler bound with the DescriptorWriter.
#include "GpuTestEnvironment.h"

#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/Error.h"
#include "vk/Image.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>

namespace vk::test {
namespace {

class ImageTest : public GpuTest {};

std::vector<std::byte> patternTexels(uint32_t width, uint32_t height, uint32_t seed)
{
    std::vector<std::byte> bytes(size_t{width} * height * 4);
    for (size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] = static_cast<std::byte>((i * 37u + seed) & 0xFFu);
    }
    return bytes;
}

TEST_F(ImageTest, UploadsAndDownloadsEveryMipLevel)
{
    const Image image(device(), ImageDescription{VK_FORMAT_R8G8B8A8_UNORM,
                                                 {16, 8},
                                                 3,
                                                 VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                                                     VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                                 VK_IMAGE_ASPECT_COLOR_BIT});
    EXPECT_EQ(image.mipExtent(0).width, 16u);
    EXPECT_EQ(image.mipExtent(2).width, 4u);
    EXPECT_EQ(image.mipExtent(2).height, 2u);
    std::vector<std::vector<std::byte>> levels;
    for (uint32_t level = 0; level < image.mipLevels(); ++level) {
        const VkExtent2D extent = image.mipExtent(level);
        levels.push_back(patternTexels(extent.width, extent.height, level * 11u));
        uploadImageLevel(device(), image, level, levels.back());
    }
    for (uint32_t level = 0; level < image.mipLevels(); ++level) {
        EXPECT_EQ(downloadImageLevel(device(), image, level, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL), levels[level])
            << "mip " << level;
    }
    EXPECT_THROW(uploadImageMip0(device(), image, levels[1], VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL), Error)
        << "wrong byte count";
    EXPECT_THROW((void)image.mipRange(3), Error);
}

TEST_F(ImageTest, AComputeShaderSamplesTheUploadedTexels)
{
    // A 4x4 R32F image read with texelFetch through a combined image sampler.
    const Image image(device(), ImageDescription{VK_FORMAT_R32_SFLOAT,
                                                 {4, 4},
                                                 1,
                                                 VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                 VK_IMAGE_ASPECT_COLOR_BIT});
    std::array<float, 16> texels{};
    for (size_t i = 0; i < texels.size(); ++i) {
        texels[i] = static_cast<float>(i) * 0.5f;
    }
    uploadImageMip0(device(), image, std::as_bytes(std::span(texels)));
    const Sampler sampler(device(), SamplerDescription{VK_FILTER_NEAREST, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                                       VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 4.0f});

    const std::vector<uint32_t> spirv = shaderCompiler().compileSource(
        "#version 460\nlayout(local_size_x = 4, local_size_y = 4) in;\n"
        "layout(binding = 0) uniform sampler2D heights;\n"
        "layout(std430, binding = 1) writeonly buffer Out { float v[]; };\n"
        "void main() { ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
        "    v[p.y * 4 + p.x] = texelFetch(heights, p, 0).r; }\n",
        "sample.comp", ShaderStage::Compute);
    const std::array bindings = {
        DescriptorBinding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
        DescriptorBinding{1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    };
    const ComputeKernel program(device(), spirv, bindings, 0);
    const Buffer output(device(), sizeof(texels), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    DescriptorWriter()
        .combinedImageSampler(0, image.view(), sampler.handle())
        .storageBuffer(1, output)
        .update(device(), program.descriptorSet());
    device().submitAndWait([&](VkCommandBuffer commands) {
        program.bind(commands);
        vkCmdDispatch(commands, 1, 1, 1);
    });
    const std::vector<float> values = downloadFromBufferAs<float>(device(), output, 0, texels.size());
    for (size_t i = 0; i < texels.size(); ++i) {
        EXPECT_EQ(values[i], texels[i]) << "texel " << i;
    }
}

TEST(ImageFormatTest, TexelSizesOfTheFormatsInUse)
{
    EXPECT_EQ(formatTexelSize(VK_FORMAT_R8G8B8A8_SRGB), 4u);
    EXPECT_EQ(formatTexelSize(VK_FORMAT_R16_UNORM), 2u);
    EXPECT_EQ(formatTexelSize(VK_FORMAT_R16G16B16A16_SFLOAT), 8u);
    EXPECT_EQ(formatTexelSize(VK_FORMAT_R32G32B32A32_SFLOAT), 16u);
    EXPECT_THROW((void)formatTexelSize(VK_FORMAT_BC1_RGB_UNORM_BLOCK), Error);
}

}  // namespace
}  // namespace vk::test
