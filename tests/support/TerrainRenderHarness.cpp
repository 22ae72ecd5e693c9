#include "TerrainRenderHarness.h"

#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/GraphicsPipeline.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace terrain::test {

namespace {

vk::Image makeTarget(const vk::Device& device, VkFormat format, VkExtent2D size, VkImageUsageFlags usage,
                     VkImageAspectFlags aspect)
{
    vk::ImageDescription description;
    description.format = format;
    description.extent = size;
    description.usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    description.aspect = aspect;
    return vk::Image(device, description);
}

void requireRgba8(const RenderedImage& image, const char* what)
{
    if (image.colourFormat != VK_FORMAT_R8G8B8A8_UNORM) {
        throw std::logic_error(std::string(what) + " needs an RGBA8 image, got VkFormat " +
                               std::to_string(static_cast<int>(image.colourFormat)));
    }
}

}  // namespace

float RenderedImage::luminance(std::size_t pixel) const
{
    requireRgba8(*this, "RenderedImage::luminance");
    const std::uint8_t* rgb = &colour[pixel * 4];
    return (0.2126f * rgb[0] + 0.7152f * rgb[1] + 0.0722f * rgb[2]) / 255.0f;
}

void saveForInspection(const RenderedImage& image, const std::string& name)
{
    requireRgba8(image, "saveForInspection");
    const char* directory = std::getenv("CBT_TEST_IMAGE_DIR");
    if (directory == nullptr || *directory == '\0') {
        return;
    }
    const std::string path = (std::filesystem::path(directory) / (name + ".png")).string();
    stbi_write_png(path.c_str(), static_cast<int>(image.width), static_cast<int>(image.height), 4, image.colour.data(),
                   static_cast<int>(image.width * 4));
}

TerrainRenderHarness::TerrainRenderHarness(vk::Device& device, vk::ShaderCompiler& compiler,
                                           const heightmap::Heightmap& heightmap, const TerrainSettings& settings,
                                           const RenderTarget& target)
    : device_(&device),
      target_(target),
      colour_(makeTarget(device, target.colourFormat, target.size, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
                         VK_IMAGE_ASPECT_COLOR_BIT)),
      depth_(makeTarget(device, kDepthFormat, target.size, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
                        VK_IMAGE_ASPECT_DEPTH_BIT)),
      renderer_(std::make_unique<TerrainRenderer>(device, compiler, heightmap, settings, target.colourFormat,
                                                  kDepthFormat, kFramesInFlight))
{
}

TerrainRenderHarness::~TerrainRenderHarness()
{
    device_->waitIdle();
}

void TerrainRenderHarness::renderFrame(const FrameView& view)
{
    vk::Device& device = *device_;
    const std::uint32_t slot = frameIndex_++ % kFramesInFlight;
    device.submitAndWait([&](VkCommandBuffer commands) {
        renderer_->recordUpdate(commands, view, slot);
        vk::imageBarrier(device, commands, colour_.handle(), colour_.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                         VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                         VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                         VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
        vk::imageBarrier(
            device, commands, depth_.handle(), depth_.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
            VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_NONE,
            VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
            VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
        VkClearValue colourClear{};
        colourClear.color = target_.clearColour;
        VkClearValue farDepth{};
        farDepth.depthStencil = VkClearDepthStencilValue{1.0f, 0};
        const VkRenderingAttachmentInfo colourAttachment =
            vk::renderingAttachment(colour_.view(), VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                    VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE, colourClear);
        const VkRenderingAttachmentInfo depthAttachment =
            vk::renderingAttachment(depth_.view(), VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                    VK_ATTACHMENT_LOAD_OP_CLEAR, VK_ATTACHMENT_STORE_OP_STORE, farDepth);
        const VkRenderingInfo rendering = vk::renderingInfo(target_.size, colourAttachment, &depthAttachment);
        vkCmdBeginRendering(commands, &rendering);
        renderer_->recordDraw(commands, view, slot);
        vkCmdEndRendering(commands);
        vk::imageBarrier(device, commands, colour_.handle(), colour_.fullRange(),
                         VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                         VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
        vk::imageBarrier(device, commands, depth_.handle(), depth_.fullRange(),
                         VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT,
                         VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    });
}

void TerrainRenderHarness::updateOnly(const FrameView& view)
{
    const std::uint32_t slot = frameIndex_++ % kFramesInFlight;
    device_->submitAndWait([&](VkCommandBuffer commands) { renderer_->recordUpdate(commands, view, slot); });
}

std::uint32_t TerrainRenderHarness::converge(const FrameView& view, int stableFrames, int maxFrames)
{
    std::uint32_t previous = leafCount();
    int unchanged = 0;
    for (int frame = 0; frame < maxFrames && unchanged < stableFrames; ++frame) {
        updateOnly(view);
        const std::uint32_t current = leafCount();
        unchanged = current == previous ? unchanged + 1 : 0;
        previous = current;
    }
    return previous;
}

RenderedImage TerrainRenderHarness::readBack()
{
    RenderedImage image;
    image.colourFormat = target_.colourFormat;
    image.width = target_.size.width;
    image.height = target_.size.height;
    const std::vector<std::byte> colour =
        vk::downloadImageLevel(*device_, colour_, 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    image.colour.resize(colour.size());
    std::memcpy(image.colour.data(), colour.data(), colour.size());
    const std::vector<std::byte> depth =
        vk::downloadImageLevel(*device_, depth_, 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    image.depth.resize(depth.size() / sizeof(float));
    std::memcpy(image.depth.data(), depth.data(), depth.size());
    return image;
}

}  // namespace terrain::test
