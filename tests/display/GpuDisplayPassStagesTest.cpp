// The display pass's two stages (display/DisplayPass.h) on one HDR image:
// the compute stage, storing through an R8G8B8A8_UNORM view, gives the
// fragment stage's bytes on every 8-bit target, RGBA or BGRA, UNORM or SRGB,
// and both give the CPU mirror's colours.
#include "GpuTestEnvironment.h"

#include "display/DisplayPass.h"
#include "display/Tonemapping.h"
#include "vk/Error.h"
#include "vk/Image.h"

#include <gtest/gtest.h>
#include <glm/common.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

namespace display {
namespace {

// Not a multiple of the compute stage's 8 x 8 workgroups.
constexpr VkExtent2D kExtent{37, 21};
constexpr VkFormat kHdrTestFormat = VK_FORMAT_R32G32B32A32_SFLOAT;

// Scene luminance from black to far above white, negative values, and
// display colours (alpha 0) beside it, varied along both axes.
std::vector<glm::vec4> hdrTexels()
{
    std::vector<glm::vec4> texels;
    for (std::uint32_t y = 0; y < kExtent.height; ++y) {
        for (std::uint32_t x = 0; x < kExtent.width; ++x) {
            const float value = std::exp2(0.45f * static_cast<float>(x) - 9.0f);
            const float tint = static_cast<float>(y) / static_cast<float>(kExtent.height - 1);
            const float alpha = (x + y) % 5 == 0 ? 0.0f : 1.0f;
            const float red = y == 3 ? -value : value;
            texels.emplace_back(red, value * (0.2f + tint), value * (1.5f - tint), alpha);
        }
    }
    return texels;
}

vk::Image displayTarget(const vk::Device& device, VkFormat format)
{
    vk::ImageDescription description{
        format, kExtent, 1,
        VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_STORAGE_BIT,
        VK_IMAGE_ASPECT_COLOR_BIT};
    description.storageFormat = kDisplayStorageFormat;
    return vk::Image(device, description);
}

class GpuDisplayPassStages : public vk::test::GpuTest {
protected:
    // The target's bytes after the display pass of `stage` over the HDR image.
    std::vector<std::byte> display(VkFormat format, DisplayStage stage, const DisplaySettings& settings)
    {
        const vk::Image hdr(device(), vk::ImageDescription{kHdrTestFormat, kExtent, 1,
                                                           VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                           VK_IMAGE_ASPECT_COLOR_BIT});
        const std::vector<glm::vec4> texels = hdrTexels();
        vk::uploadImageMip0(device(), hdr, std::as_bytes(std::span(texels)));
        const vk::Image target = displayTarget(device(), format);
        const DisplayPass pass(device(), shaders(), format, 1, stage);
        device().submitAndWait(
            [&](VkCommandBuffer commands) { pass.record(commands, hdr.view(), target, 0, settings); });
        return vk::downloadImageLevel(device(), target, 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    }
};

bool isBgra(VkFormat format)
{
    return format == VK_FORMAT_B8G8R8A8_UNORM || format == VK_FORMAT_B8G8R8A8_SRGB;
}

int byteAt(const std::vector<std::byte>& bytes, std::size_t index)
{
    return static_cast<int>(std::to_integer<std::uint8_t>(bytes.at(index)));
}

TEST_F(GpuDisplayPassStages, ComputeGivesTheFragmentStagesBytesOnEveryEightBitTarget)
{
    constexpr std::array<VkFormat, 4> kFormats{VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_SRGB,
                                               VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_B8G8R8A8_SRGB};
    const std::vector<glm::vec4> texels = hdrTexels();
    for (const DisplaySettings settings :
         {DisplaySettings{0.0f, Tonemapper::AcesFitted}, DisplaySettings{-1.5f, Tonemapper::Hable}}) {
        for (const VkFormat format : kFormats) {
            ASSERT_EQ(displayStageFor(format), DisplayStage::Compute) << format;
            const std::vector<std::byte> compute = display(format, DisplayStage::Compute, settings);
            const std::vector<std::byte> fragment = display(format, DisplayStage::Fragment, settings);
            ASSERT_EQ(compute.size(), std::size_t{4} * kExtent.width * kExtent.height);
            ASSERT_EQ(fragment.size(), compute.size());
            // UNORM targets: both stages encode sRGB in the same shader code.
            // SRGB targets: the fragment stage's encoding is the hardware's.
            const bool sameCode = shaderEncodesSrgb(format);
            int largest = 0;
            for (std::size_t i = 0; i < compute.size(); ++i) {
                const int difference = std::abs(byteAt(compute, i) - byteAt(fragment, i));
                largest = std::max(largest, difference);
                if (sameCode) {
                    ASSERT_EQ(difference, 0) << "format " << format << ", byte " << i;
                }
            }
            EXPECT_LE(largest, 1) << "format " << format;
            // Both against the CPU mirror, channel by channel in the target's order.
            for (std::size_t texel = 0; texel < texels.size(); ++texel) {
                const glm::vec3 expected = encodeSrgb(displayColour(texels[texel], settings)) * 255.0f;
                for (std::size_t channel = 0; channel < 3; ++channel) {
                    const std::size_t stored = isBgra(format) ? 2 - channel : channel;
                    EXPECT_NEAR(byteAt(compute, 4 * texel + stored), expected[static_cast<int>(channel)], 1.0)
                        << "format " << format << ", texel " << texel << ", channel " << channel;
                }
                EXPECT_EQ(byteAt(compute, 4 * texel + 3), 255);
            }
        }
    }
}

TEST_F(GpuDisplayPassStages, OtherTargetsAreTheFragmentStages)
{
    EXPECT_EQ(displayStageFor(VK_FORMAT_A2B10G10R10_UNORM_PACK32), DisplayStage::Fragment);
    EXPECT_EQ(displayStageFor(VK_FORMAT_R16G16B16A16_SFLOAT), DisplayStage::Fragment);
    EXPECT_THROW(DisplayPass(device(), shaders(), VK_FORMAT_R16G16B16A16_SFLOAT, 1, DisplayStage::Compute), vk::Error);
}

}  // namespace
}  // namespace display
