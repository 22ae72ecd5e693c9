#include "HdrSceneRenderer.h"

#include "AtmosphereGpuTest.h"

#include "atmosphere/TonemapPass.h"
#include "vk/Barriers.h"
#include "vk/Device.h"

#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>
#include <glm/matrix.hpp>
#include <glm/geometric.hpp>

#include <cmath>
#include <cstring>
#include <numbers>

namespace atmosphere::test {

namespace {

constexpr VkFormat kDepthFormat = VK_FORMAT_D32_SFLOAT;
constexpr uint32_t kFramesInFlight = 2;

gpu::Image makeTarget(const gpu::Device& device, VkFormat format, VkImageUsageFlags usage, VkImageAspectFlags aspect)
{
    gpu::ImageDescription description;
    description.format = format;
    description.extent = HdrSceneRenderer::kSize;
    description.usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    description.aspect = aspect;
    return gpu::Image(device, description);
}

VkRenderingAttachmentInfo clearedAttachment(VkImageView view, VkImageLayout layout, VkClearValue clear)
{
    VkRenderingAttachmentInfo info{};
    info.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO;
    info.imageView = view;
    info.imageLayout = layout;
    info.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    info.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    info.clearValue = clear;
    return info;
}

}  // namespace

terrain::Heightmap gentleHillsHeightmap()
{
    constexpr uint32_t size = 128;
    terrain::Heightmap heightmap;
    heightmap.width = size;
    heightmap.height = size;
    heightmap.bitDepth = 16;
    heightmap.sourcePath = "gentle-hills.png";
    heightmap.samples.resize(size_t{size} * size);
    constexpr double tau = 2.0 * std::numbers::pi;
    for (uint32_t y = 0; y < size; ++y) {
        for (uint32_t x = 0; x < size; ++x) {
            const double u = x / double(size - 1);
            const double v = y / double(size - 1);
            const double height = 0.5 + 0.25 * std::sin(tau * 3.0 * u) * std::cos(tau * 2.0 * v) +
                                  0.1 * std::sin(tau * 7.0 * (u + 0.4 * v));
            heightmap.samples[size_t{y} * size + x] = static_cast<uint16_t>(std::lround(height * 65535.0));
        }
    }
    return heightmap;
}

terrain::FrameView cameraLookingAt(glm::vec3 position, glm::vec3 target, VkExtent2D viewport)
{
    terrain::FrameView view;
    view.view = glm::lookAtRH(position, target, glm::vec3(0.0f, 1.0f, 0.0f));
    const float aspect = static_cast<float>(viewport.width) / static_cast<float>(viewport.height);
    view.projection = glm::perspectiveRH_ZO(std::numbers::pi_v<float> / 3.0f, aspect, 1.0f, 200000.0f);
    view.projection[1][1] *= -1.0f;
    view.cameraPosition = position;
    view.viewport = viewport;
    return view;
}

HdrSceneRenderer::HdrSceneRenderer(gpu::Device& device, const terrain::Heightmap& heightmap,
                                   const terrain::TerrainSettings& settings)
    : device_(&device),
      colour_(makeTarget(device, kHdrColorFormat, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_IMAGE_ASPECT_COLOR_BIT)),
      depth_(makeTarget(device, kDepthFormat, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, VK_IMAGE_ASPECT_DEPTH_BIT)),
      renderer_(std::make_unique<terrain::TerrainRenderer>(device, compiler_, heightmap, settings, kHdrColorFormat,
                                                           kDepthFormat, kFramesInFlight))
{
}

HdrSceneRenderer::~HdrSceneRenderer() = default;

HdrFrame HdrSceneRenderer::render(const terrain::FrameView& view, int frames)
{
    const VkImageLayout colourLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    const VkImageLayout depthLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    for (int frame = 0; frame < frames; ++frame) {
        const uint32_t slot = frameIndex_++ % kFramesInFlight;
        device_->submitAndWait([&](VkCommandBuffer commands) {
            renderer_->recordUpdate(commands, view, slot);
            gpu::imageBarrier(*device_, commands, colour_.handle(), colour_.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                              colourLayout, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_READ_BIT,
                              VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                              VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
            gpu::imageBarrier(*device_, commands, depth_.handle(), depth_.fullRange(), VK_IMAGE_LAYOUT_UNDEFINED,
                              depthLayout, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_READ_BIT,
                              VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT |
                                  VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                              VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                                  VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
            VkClearValue colourClear{};
            colourClear.color = VkClearColorValue{{0.0f, 0.0f, 0.0f, 0.0f}};
            VkClearValue depthClear{};
            depthClear.depthStencil = VkClearDepthStencilValue{1.0f, 0};
            const VkRenderingAttachmentInfo colourAttachment =
                clearedAttachment(colour_.view(), colourLayout, colourClear);
            const VkRenderingAttachmentInfo depthAttachment = clearedAttachment(depth_.view(), depthLayout, depthClear);
            VkRenderingInfo rendering{};
            rendering.sType = VK_STRUCTURE_TYPE_RENDERING_INFO;
            rendering.renderArea = VkRect2D{{0, 0}, kSize};
            rendering.layerCount = 1;
            rendering.colorAttachmentCount = 1;
            rendering.pColorAttachments = &colourAttachment;
            rendering.pDepthAttachment = &depthAttachment;
            vkCmdBeginRendering(commands, &rendering);
            renderer_->recordDraw(commands, view, slot);
            vkCmdEndRendering(commands);
        });
    }

    HdrFrame frame;
    frame.width = kSize.width;
    frame.height = kSize.height;
    frame.colour = rgba16fTexels(gpu::downloadImageLevel(*device_, colour_, 0, colourLayout));
    const std::vector<std::byte> depthBytes = gpu::downloadImageLevel(*device_, depth_, 0, depthLayout);
    frame.depth.resize(depthBytes.size() / sizeof(float));
    std::memcpy(frame.depth.data(), depthBytes.data(), depthBytes.size());
    const glm::mat4 inverseProjection = glm::inverse(view.projection);
    frame.distance.assign(frame.depth.size(), 0.0f);
    for (uint32_t y = 0; y < frame.height; ++y) {
        for (uint32_t x = 0; x < frame.width; ++x) {
            const size_t pixel = size_t{y} * frame.width + x;
            if (!frame.isTerrain(pixel)) {
                continue;
            }
            const float clipX = (static_cast<float>(x) + 0.5f) / static_cast<float>(frame.width) * 2.0f - 1.0f;
            const float clipY = (static_cast<float>(y) + 0.5f) / static_cast<float>(frame.height) * 2.0f - 1.0f;
            const glm::vec4 clip(clipX, clipY, frame.depth[pixel], 1.0f);
            const glm::vec4 viewSpace = inverseProjection * clip;
            frame.distance[pixel] = glm::length(glm::vec3(viewSpace) / viewSpace.w);
        }
    }
    return frame;
}

}  // namespace atmosphere::test
