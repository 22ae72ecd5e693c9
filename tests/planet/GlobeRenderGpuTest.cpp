// The globe drawn on the GPU (planet::gpu::GlobeTerrain) over ETOPO5, into
// an offscreen colour and depth image with the validation layer on: from
// 20,000 km above the Gulf of Guinea it is a disc of the Earth's angular size
// in black space, with no hole anywhere inside it, the Atlantic blue and
// Africa green; 400 km above the Alps the ground fills the lower view and
// shows relief.
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/GlobalElevation.h"
#include "planet/GlobeCamera.h"
#include "planet/gpu/GlobeTerrain.h"
#include "vk/Barriers.h"
#include "vk/GraphicsPipeline.h"
#include "vk/Image.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace planet::test {
namespace {

constexpr VkExtent2D kSize{256, 256};
constexpr VkFormat kColourFormat = VK_FORMAT_R8G8B8A8_UNORM;
constexpr VkFormat kDepthFormat = VK_FORMAT_D32_SFLOAT;
constexpr double kFovRadians = 1.0471975511965976;  // 60 degrees

struct Pixel {
    int r = 0;
    int g = 0;
    int b = 0;
    [[nodiscard]] bool black() const { return r + g + b == 0; }
};

class GlobeRenderGpuTest : public vk::test::GpuTest {
protected:
    static void SetUpTestSuite()
    {
        const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
        elevation_ = std::make_unique<CubeElevation>(etopo, 256);
    }
    static void TearDownTestSuite() { elevation_.reset(); }

    // `frames` frames of `pose` lit by a sun behind the camera; the last
    // one's pixels (saved as NAME.png under $CBT_TEST_IMAGE_DIR when set).
    std::vector<Pixel> render(const GeodeticPose& pose, int frames, const std::string& name)
    {
        vk::Device& gpu = device();
        const vk::Image colour(
            gpu, vk::ImageDescription{kColourFormat, kSize, 1,
                                      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                      VK_IMAGE_ASPECT_COLOR_BIT});
        const vk::Image depth(gpu,
                              vk::ImageDescription{kDepthFormat, kSize, 1, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                                                   VK_IMAGE_ASPECT_DEPTH_BIT});
        gpu::GlobeSettings settings;
        settings.capacity = 1u << 17;
        settings.maxDepth = 30;
        settings.verticalFovRadians = kFovRadians;
        gpu::GlobeTerrain globe(gpu, shaders(), *elevation_, settings, {kColourFormat, kDepthFormat});
        const GlobeView view = globeViewOf(pose);
        const glm::dvec3 sun = view.positionEcef + 0.3 * glm::length(view.positionEcef) * view.up();
        const VkImageSubresourceRange colourRange{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        const VkImageSubresourceRange depthRange{VK_IMAGE_ASPECT_DEPTH_BIT, 0, 1, 0, 1};
        for (int frame = 0; frame < frames; ++frame) {
            gpu.submitAndWait([&](VkCommandBuffer commands) {
                globe.recordUpdate(commands, view, kSize, sun);
                vk::imageBarrier(gpu, commands, colour.handle(), colourRange, VK_IMAGE_LAYOUT_UNDEFINED,
                                 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                                 VK_ACCESS_2_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
                vk::imageBarrier(
                    gpu, commands, depth.handle(), depthRange, VK_IMAGE_LAYOUT_UNDEFINED,
                    VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
                VkClearValue black{};
                black.color = VkClearColorValue{{0.0f, 0.0f, 0.0f, 1.0f}};
                VkClearValue far{};
                far.depthStencil = VkClearDepthStencilValue{0.0f, 0};
                const VkRenderingAttachmentInfo colourAttachment =
                    vk::renderingAttachment(colour.view(), VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                            VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE, black);
                const VkRenderingAttachmentInfo depthAttachment =
                    vk::renderingAttachment(depth.view(), VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                            VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_DONT_CARE, far);
                const VkRenderingInfo rendering = vk::renderingInfo(kSize, colourAttachment, &depthAttachment);
                vkCmdBeginRendering(commands, &rendering);
                globe.recordDraw(commands, kSize);
                vkCmdEndRendering(commands);
                vk::imageBarrier(gpu, commands, colour.handle(), colourRange, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                                 VK_ACCESS_2_TRANSFER_READ_BIT);
            });
        }
        const std::vector<std::byte> bytes =
            vk::downloadImageLevel(gpu, colour, 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        scene::test::RenderedImage image{kColourFormat, kSize.width, kSize.height, {}, {}};
        for (const std::byte byte : bytes) {
            image.colour.push_back(std::to_integer<std::uint8_t>(byte));
        }
        scene::test::saveForInspection(image, name);
        std::vector<Pixel> pixels(std::size_t{kSize.width} * kSize.height);
        for (std::size_t i = 0; i < pixels.size(); ++i) {
            pixels[i] = Pixel{std::to_integer<int>(bytes[4 * i]), std::to_integer<int>(bytes[4 * i + 1]),
                              std::to_integer<int>(bytes[4 * i + 2])};
        }
        return pixels;
    }

    static std::unique_ptr<CubeElevation> elevation_;
};

std::unique_ptr<CubeElevation> GlobeRenderGpuTest::elevation_;

TEST_F(GlobeRenderGpuTest, FromOrbitTheEarthIsAWholeDiscInBlackSpace)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const double height = 2.0e7;
    const std::vector<Pixel> pixels = render({0.0, 0.0, height, 0.0, -90.0}, 30, "globe-orbit");
    // The disc's radius in pixels: the Earth's angular radius through the
    // projection (the equatorial radius; the view looks along the equator's
    // plane from above it, so the polar flattening trims the disc by 0.3 %).
    const double angular =
        std::asin(geodesy::kWgs84SemiMajorAxisMetres / (geodesy::kWgs84SemiMajorAxisMetres + height));
    const double radius = std::tan(angular) / std::tan(0.5 * kFovRadians) * 0.5 * kSize.height;
    std::size_t lit = 0;
    std::size_t holes = 0;
    std::size_t outsideLit = 0;
    std::size_t blue = 0;
    std::size_t green = 0;
    for (std::uint32_t y = 0; y < kSize.height; ++y) {
        for (std::uint32_t x = 0; x < kSize.width; ++x) {
            const Pixel& p = pixels[std::size_t{y} * kSize.width + x];
            const double r = std::hypot(x + 0.5 - 0.5 * kSize.width, y + 0.5 - 0.5 * kSize.height);
            lit += p.black() ? 0u : 1u;
            holes += r < 0.97 * radius && p.black() ? 1u : 0u;
            outsideLit += r > 1.03 * radius && !p.black() ? 1u : 0u;
            blue += !p.black() && p.b > p.g && p.b > p.r ? 1u : 0u;
            green += !p.black() && p.g > p.b && p.g > p.r ? 1u : 0u;
        }
    }
    const double disc = 3.14159265358979 * radius * radius;
    EXPECT_NEAR(static_cast<double>(lit), disc, 0.04 * disc);
    EXPECT_EQ(holes, 0u) << "black pixels inside the disc: cracks or culled ground";
    EXPECT_EQ(outsideLit, 0u);
    EXPECT_GT(blue, lit / 3) << "the Atlantic";
    EXPECT_GT(green, lit / 20) << "Africa";
    EXPECT_TRUE(pixels[0].black());
}

TEST_F(GlobeRenderGpuTest, FourHundredKilometresAboveTheAlpsTheGroundShowsRelief)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const std::vector<Pixel> pixels = render({46.5, 10.0, 400000.0, 0.0, -60.0}, 40, "globe-alps-400km");
    // The lower half is ground: no black pixel there, and its brightness varies.
    std::size_t black = 0;
    double sum = 0.0;
    double squares = 0.0;
    std::size_t count = 0;
    for (std::uint32_t y = kSize.height / 2; y < kSize.height; ++y) {
        for (std::uint32_t x = 0; x < kSize.width; ++x) {
            const Pixel& p = pixels[std::size_t{y} * kSize.width + x];
            black += p.black() ? 1u : 0u;
            const double luminance = 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b;
            sum += luminance;
            squares += luminance * luminance;
            ++count;
        }
    }
    EXPECT_EQ(black, 0u);
    const double mean = sum / static_cast<double>(count);
    const double deviation = std::sqrt(squares / static_cast<double>(count) - mean * mean);
    EXPECT_GT(mean, 20.0);
    EXPECT_GT(deviation, 4.0) << "no relief";
}

}  // namespace
}  // namespace planet::test
