#include "SceneRenderHarness.h"

#include "display/DisplayPass.h"
#include "vk/Commands.h"
#include "vk/Device.h"
#include "vk/Error.h"
#include "vk/Image.h"

#include <glm/gtc/packing.hpp>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <utility>

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace scene::test {

namespace {

void requireRgba8(const RenderedImage& image, const char* what)
{
    if (image.colourFormat != VK_FORMAT_R8G8B8A8_UNORM) {
        throw std::logic_error(std::string(what) + " needs an RGBA8 image, got VkFormat " +
                               std::to_string(static_cast<int>(image.colourFormat)));
    }
}

SceneSettings sceneOf(const terrain::TerrainSettings& terrainSettings)
{
    SceneSettings settings;
    settings.terrain = terrainSettings;
    return settings;
}

SceneOutput outputFor(const RenderTarget& target)
{
    SceneOutput output;
    output.displayFormat = target.colourFormat;
    const bool compute = target.raster == RasterPath::Compute;
    output.depth = compute ? camera::DepthConvention::Reversed : camera::DepthConvention::Standard;
    output.framesInFlight = kFramesInFlight;
    output.hdrClear = target.clearColour;
    output.readableDepth = !compute;
    output.samples = target.samples;
    output.raster = target.raster;
    return output;
}

}  // namespace

float RenderedImage::luminance(std::size_t pixel) const
{
    requireRgba8(*this, "RenderedImage::luminance");
    const std::uint8_t* rgb = &colour[pixel * 4];
    return (0.2126f * rgb[0] + 0.7152f * rgb[1] + 0.0722f * rgb[2]) / 255.0f;
}

bool channelsDiffer(const RenderedImage& a, const RenderedImage& b, std::size_t pixel, int tolerance)
{
    requireRgba8(a, "channelsDiffer");
    requireRgba8(b, "channelsDiffer");
    for (std::size_t channel = 0; channel < 3; ++channel) {
        if (std::abs(int{a.colour[pixel * 4 + channel]} - int{b.colour[pixel * 4 + channel]}) > tolerance) {
            return true;
        }
    }
    return false;
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

SceneRenderHarness::SceneRenderHarness(vk::Device& device, const vk::ShaderLibrary& shaders,
                                       const heightmap::Heightmap& heightmap, const terrain::TerrainSettings& settings,
                                       const RenderTarget& target)
    : SceneRenderHarness(device, shaders, heightmap, sceneOf(settings), target)
{
}

SceneRenderHarness::SceneRenderHarness(vk::Device& device, const vk::ShaderLibrary& shaders,
                                       const heightmap::Heightmap& heightmap, const SceneSettings& settings,
                                       const RenderTarget& target, std::optional<tiles::gpu::TileStreamSource> stream)
    : device_(&device),
      target_(target),
      scene_(std::make_unique<SceneRenderer>(device, shaders, heightmap, settings, outputFor(target),
                                             terrain::ImageryPixels{}, std::move(stream)))
{
}

SceneRenderHarness::~SceneRenderHarness()
{
    device_->waitIdle();
}

void SceneRenderHarness::applyTerrainSettings(const terrain::TerrainSettings& settings)
{
    SceneSettings changed = scene_->settings();
    changed.terrain = settings;
    scene_->applySettings(changed);
}

const terrain::TerrainSettings& SceneRenderHarness::terrainSettings() const
{
    return scene_->settings().terrain;
}

void SceneRenderHarness::submitAndWait(std::uint32_t slotIndex, bool draw, const camera::FrameView& view)
{
    FrameSlot& slot = scene_->slot(slotIndex);
    slot.inFlight.wait();
    slot.inFlight.reset();
    vk::beginCommandBuffer(slot.commands);
    if (draw) {
        scene_->recordFrame(slotIndex, view);
    } else {
        scene_->recordTerrainUpdate(slotIndex, view);
    }
    vk::endCommandBuffer(slot.commands);
    VkSubmitInfo info{};
    info.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    info.commandBufferCount = 1;
    info.pCommandBuffers = &slot.commands;
    VK_CHECK(vkQueueSubmit(device_->queue(), 1, &info, slot.inFlight.handle()));
    slot.inFlight.wait();
}

void SceneRenderHarness::renderFrame(const camera::FrameView& view)
{
    camera::FrameView sized = view;
    sized.viewport = target_.size;
    const std::uint32_t slotIndex = frameIndex_++ % kFramesInFlight;
    submitAndWait(slotIndex, true, sized);
    lastDrawnSlot_ = slotIndex;
}

void SceneRenderHarness::updateOnly(const camera::FrameView& view)
{
    submitAndWait(frameIndex_++ % kFramesInFlight, false, view);
}

std::uint32_t SceneRenderHarness::converge(const camera::FrameView& view, int stableFrames, int maxFrames)
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

RenderedImage SceneRenderHarness::renderConverged(const camera::FrameView& view)
{
    converge(view);
    renderFrame(view);
    renderFrame(view);
    return readBack();
}

RenderedImage SceneRenderHarness::readBack()
{
    const FrameSlot& slot = scene_->slot(lastDrawnSlot_);
    if (!slot.targets) {
        throw std::logic_error("SceneRenderHarness::readBack: no frame was rendered");
    }
    RenderedImage image;
    image.colourFormat = target_.colourFormat;
    image.width = target_.size.width;
    image.height = target_.size.height;
    const std::vector<std::byte> colour =
        vk::downloadImageLevel(*device_, slot.targets->color(), 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    image.colour.resize(colour.size());
    std::memcpy(image.colour.data(), colour.data(), colour.size());
    if (target_.raster == RasterPath::Compute) {
        return image;
    }
    const std::vector<std::byte> depth =
        vk::downloadImageLevel(*device_, slot.targets->depth(), 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    image.depth.resize(depth.size() / sizeof(float));
    std::memcpy(image.depth.data(), depth.data(), depth.size());
    return image;
}

std::vector<glm::vec4> SceneRenderHarness::readBackHdr()
{
    const FrameSlot& slot = scene_->slot(lastDrawnSlot_);
    if (!slot.targets) {
        throw std::logic_error("SceneRenderHarness::readBackHdr: no frame was rendered");
    }
    static_assert(display::kHdrColorFormat == VK_FORMAT_R16G16B16A16_SFLOAT);
    const std::vector<std::byte> texels =
        vk::downloadImageLevel(*device_, slot.targets->hdr(), 0, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    std::vector<std::uint16_t> halves(texels.size() / sizeof(std::uint16_t));
    std::memcpy(halves.data(), texels.data(), halves.size() * sizeof(std::uint16_t));
    std::vector<glm::vec4> colours(halves.size() / 4);
    for (std::size_t i = 0; i < colours.size(); ++i) {
        for (glm::length_t channel = 0; channel < 4; ++channel) {
            colours[i][channel] = glm::unpackHalf1x16(halves[4 * i + static_cast<std::size_t>(channel)]);
        }
    }
    return colours;
}

}  // namespace scene::test
