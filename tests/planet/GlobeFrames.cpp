#include "GlobeFrames.h"

#include "planet/GlobalElevation.h"
#include "scene/FrameSlot.h"
#include "scene/RenderTargets.h"
#include "vk/Commands.h"
#include "vk/Device.h"
#include "vk/Image.h"

#include <glm/geometric.hpp>

#include <cstdint>
#include <cstring>
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
    elevation_ = std::make_unique<CubeElevation>(etopo, 256);
}

std::unique_ptr<scene::GlobeSceneRenderer> GlobeFramesGpuTest::makeScene(double seabedShownDownTo,
                                                                         double targetEdgePixels,
                                                                         VkSampleCountFlagBits samples)
{
    scene::GlobeSceneSettings settings;
    settings.globe.seabedShownDownToMetres = seabedShownDownTo;
    settings.globe.capacity = 1u << 17;
    settings.globe.maxDepth = 40;
    settings.globe.verticalFovRadians = kFovRadians;
    settings.globe.targetEdgePixels = targetEdgePixels;
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
    const std::vector<std::byte> depth =
        vk::downloadImageLevel(device(), targets.depth(), 0, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    image.depth.resize(depth.size() / sizeof(float));
    std::memcpy(image.depth.data(), depth.data(), depth.size());
    scene::test::saveForInspection(image, name);
    return image;
}

std::vector<std::uint32_t> GlobeFramesGpuTest::readVisibility(scene::GlobeSceneRenderer& globe)
{
    const std::vector<std::byte> bytes = vk::downloadImageLevel(device(), globe.slot(0).targets->visibility(), 0,
                                                                VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    std::vector<std::uint32_t> visibility(bytes.size() / sizeof(std::uint32_t));
    std::memcpy(visibility.data(), bytes.data(), bytes.size());
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
