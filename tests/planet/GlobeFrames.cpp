#include "GlobeFrames.h"

#include "dem/GeoidModel.h"
#include "planet/GlobalElevation.h"
#include "raster/TriangleRaster.h"
#include "scene/FrameSlot.h"
#include "scene/RenderTargets.h"
#include "vk/BufferTransfer.h"
#include "vk/Commands.h"
#include "vk/Device.h"
#include "vk/Image.h"

#include <glm/geometric.hpp>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace planet::test {

std::unique_ptr<CubeElevation> GlobeFramesGpuTest::elevation_;

Pixel pixelAt(const scene::test::RenderedImage& image, std::size_t index)
{
    return Pixel{image.colour[4 * index], image.colour[4 * index + 1], image.colour[4 * index + 2]};
}

bool isGlobe(const scene::test::RenderedImage& image, std::size_t index)
{
    return image.depth[index] > 0.0f;
}

void renderGlobeFrame(vk::Device& device, scene::GlobeSceneRenderer& globe, const scene::GlobeFrameView& frame)
{
    scene::FrameSlot& slot = globe.slot(0);
    slot.inFlight.wait();
    slot.inFlight.reset();
    vk::beginCommandBuffer(slot.commands);
    globe.recordFrame(0, frame);
    vk::endCommandBuffer(slot.commands);
    scene::submitFrameSlot(device, slot);
    slot.inFlight.wait();
}

void GlobeFramesGpuTest::SetUpTestSuite()
{
    const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    elevation_ =
        std::make_unique<CubeElevation>(etopo, 256, CubeGeoid(std::make_shared<const dem::GeoidModel>(CBT_GEOID_GRID)));
}

std::unique_ptr<scene::GlobeSceneRenderer> GlobeFramesGpuTest::makeScene(double seabedShownDownTo,
                                                                         double targetEdgePixels,
                                                                         VkSampleCountFlagBits samples,
                                                                         raster::gpu::ShadeLoop shadeLoop)
{
    scene::GlobeSceneSettings settings;
    settings.globe.seabedShownDownToMetres = seabedShownDownTo;
    settings.globe.capacity = 1u << 17;
    settings.globe.maxDepth = 40;
    settings.globe.verticalFovRadians = kFovRadians;
    settings.globe.targetEdgePixels = targetEdgePixels;
    settings.shadeLoop = shadeLoop;
    scene::SceneOutput output{kColourFormat, camera::DepthConvention::Reversed, 1};
    output.readableDepth = true;
    output.samples = samples;
    return std::make_unique<scene::GlobeSceneRenderer>(device(), shaders(), *elevation_, settings, output);
}

scene::test::RenderedImage GlobeFramesGpuTest::readBack(scene::GlobeSceneRenderer& globe, const std::string& name)
{
    const scene::RenderTargets& targets = *globe.slot(0).targets;
    const VkExtent2D size = targets.extent();
    scene::test::RenderedImage image{kColourFormat, size.width, size.height, {}, {}};
    const std::vector<std::byte> colour =
        vk::downloadImageLevel(device(), targets.color(), 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    for (const std::byte byte : colour) {
        image.colour.push_back(std::to_integer<std::uint8_t>(byte));
    }
    // The depth of sample 0, from the visibility buffer's high bits.
    const std::vector<std::uint64_t> visibility = readVisibilitySamples(globe);
    const std::size_t samples = visibility.size() / (std::size_t{size.width} * size.height);
    image.depth.resize(std::size_t{size.width} * size.height);
    for (std::size_t i = 0; i < image.depth.size(); ++i) {
        image.depth[i] = raster::depthOf(visibility[i * samples]);
    }
    scene::test::saveForInspection(image, name);
    return image;
}

std::vector<std::uint64_t> GlobeFramesGpuTest::readVisibilitySamples(scene::GlobeSceneRenderer& globe)
{
    const vk::Buffer& buffer = globe.slot(0).targets->visibility();
    return vk::downloadFromBufferAs<std::uint64_t>(device(), buffer, 0, buffer.size() / sizeof(std::uint64_t));
}

std::vector<std::uint32_t> GlobeFramesGpuTest::readVisibility(scene::GlobeSceneRenderer& globe)
{
    const std::vector<std::uint64_t> values = readVisibilitySamples(globe);
    const VkExtent2D size = globe.slot(0).targets->extent();
    const std::size_t pixels = std::size_t{size.width} * size.height;
    const std::size_t samples = values.size() / pixels;
    std::vector<std::uint32_t> visibility(pixels);
    for (std::size_t i = 0; i < pixels; ++i) {
        visibility[i] = raster::triangleOf(values[i * samples]);
    }
    return visibility;
}

scene::test::RenderedImage GlobeFramesGpuTest::render(const GeodeticPose& pose, VkExtent2D size, int frames,
                                                      const std::string& name, std::optional<glm::dvec3> sun)
{
    return render(*makeScene(), pose, size, frames, name, sun);
}

scene::test::RenderedImage GlobeFramesGpuTest::render(scene::GlobeSceneRenderer& globe, const GeodeticPose& pose,
                                                      VkExtent2D size, int frames, const std::string& name,
                                                      std::optional<glm::dvec3> sun)
{
    scene::GlobeFrameView frame;
    frame.view = globeViewOf(pose);
    frame.viewport = size;
    frame.sunDirection =
        sun.value_or(glm::normalize(glm::normalize(frame.view.positionEcef) - 0.5 * frame.view.forward()));
    for (int i = 0; i < frames; ++i) {
        renderGlobeFrame(device(), globe, frame);
    }
    return readBack(globe, name);
}

}  // namespace planet::test
