// The vector layers over the flat terrain's frames (scene::SceneFrame with
// vectordata::gpu::VectorDrapePass) on both raster paths (label render): a
// line in the air before the hills shows in its own colour, a layer the
// overlay hides does not, and shows again when shown; a line deep under the
// hills is hidden by them. The fixture fails on any validation message.
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"

#include "vectordata/Drape.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>
#include <glm/mat3x3.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <string>

namespace scene::test {
namespace {

class VectorDrapeScene : public vk::test::GpuTest, public testing::WithParamInterface<RasterPath> {
protected:
    vk::ShaderLibrary shaders_ = vk::test::projectShaders();

    [[nodiscard]] RenderTarget target() const
    {
        RenderTarget target = kRgba8Target;
        target.raster = GetParam();
        return target;
    }

    [[nodiscard]] camera::FrameView view() const
    {
        return obliqueHillsView(kRgba8Target.size, GetParam() == RasterPath::Compute
                                                       ? camera::DepthConvention::Reversed
                                                       : camera::DepthConvention::Standard);
    }

    // A yellow line 6 px wide across the view through `middle`, `halfLength`
    // metres either way, as layer 0.
    [[nodiscard]] vectordata::DrapedLayers lineAcross(const glm::dvec3& middle, double halfLength) const
    {
        const glm::mat3 rotation(view().view);
        const glm::dvec3 right(rotation[0][0], rotation[1][0], rotation[2][0]);
        vectordata::DrapedLayers layers;
        for (int end = -1; end <= 1; end += 2) {
            vectordata::DrapedVertex vertex;
            vectordata::splitPosition(middle + right * (halfLength * end), vertex.high, vertex.low);
            vertex.widthPixels = 6.0f;
            vertex.rgba = 0xffff00ffu;
            vertex.flags = end > 0 ? vectordata::kDrapeLineEnd : 0u;
            layers.lines.push_back(vertex);
        }
        layers.drawn.emplace_back(0, "line");
        return layers;
    }

    static std::size_t yellowPixels(const RenderedImage& image)
    {
        std::size_t count = 0;
        for (std::size_t pixel = 0; pixel < std::size_t{image.width} * image.height; ++pixel) {
            const std::uint8_t* texel = &image.colour[pixel * 4];
            count += texel[0] > 200 && texel[1] > 200 && texel[2] < 60 ? 1u : 0u;
        }
        return count;
    }
};

TEST_P(VectorDrapeScene, ALineShowsInItsColourUntilTheOverlayHidesIt)
{
    SceneRenderHarness harness(device(), shaders_, makeHillsHeightmap(128), testSettings(), target());
    // 200 m ahead, 50 m under the eye: in the air, before the hills that
    // fill the frame behind it (where the sky is behind, nothing is under
    // the line, which hides it).
    const camera::FrameView frame = view();
    const glm::mat3 rotation(frame.view);
    const glm::dvec3 forward(-rotation[0][2], -rotation[1][2], -rotation[2][2]);
    harness.scene().setVectorLayers(
        lineAcross(glm::dvec3(frame.cameraPosition) + 200.0 * forward - glm::dvec3(0.0, 50.0, 0.0), 200.0));
    const RenderedImage shown = harness.renderConverged(view());
    saveForInspection(shown, "vector-drape-shown");
    // About 6 rows across the frame's 256 columns.
    EXPECT_GT(yellowPixels(shown), 5u * 256u);
    EXPECT_LT(yellowPixels(shown), 8u * 256u);

    harness.scene().setVectorLayerShown(0, false);
    harness.renderFrame(view());
    EXPECT_EQ(yellowPixels(harness.readBack()), 0u);
    harness.scene().setVectorLayerShown(0, true);
    harness.renderFrame(view());
    EXPECT_EQ(yellowPixels(harness.readBack()), yellowPixels(shown));
}

TEST_P(VectorDrapeScene, ALineUnderTheHillsIsHidden)
{
    SceneRenderHarness harness(device(), shaders_, makeHillsHeightmap(128), testSettings(), target());
    // 1 km under the point the camera looks at, 400 m below the lowest
    // ground: hills lie between it and the camera.
    const vectordata::DrapedLayers layers = lineAcross(glm::dvec3(1500.0, -400.0, -2000.0), 1000.0);
    // The line's middle lies within the frame, where terrain is drawn.
    const camera::FrameView frame = view();
    const glm::dvec3 middle = (glm::dvec3(layers.lines[0].high) + glm::dvec3(layers.lines[1].high)) / 2.0;
    const glm::vec4 clip = frame.projection * frame.view * glm::vec4(glm::vec3(middle), 1.0f);
    ASSERT_GT(clip.w, 0.0f);
    const float x = (clip.x / clip.w * 0.5f + 0.5f) * static_cast<float>(frame.viewport.width);
    const float y = (clip.y / clip.w * 0.5f + 0.5f) * static_cast<float>(frame.viewport.height);
    ASSERT_GT(x, 0.0f);
    ASSERT_LT(x, static_cast<float>(frame.viewport.width));
    ASSERT_GT(y, 0.0f);
    ASSERT_LT(y, static_cast<float>(frame.viewport.height));
    harness.scene().setVectorLayers(layers);
    const RenderedImage image = harness.renderConverged(view());
    const std::size_t middlePixel = static_cast<std::size_t>(y) * image.width + static_cast<std::size_t>(x);
    if (!image.depth.empty()) {
        // The ground there is nearer than the line, by far more than the
        // drape's tolerance.
        ASSERT_TRUE(image.isTerrain(middlePixel));
        EXPECT_LT(image.depth[middlePixel], clip.z / clip.w);
    }
    EXPECT_EQ(yellowPixels(image), 0u);
}

std::string pathName(const testing::TestParamInfo<RasterPath>& path)
{
    return path.param == RasterPath::Compute ? "Compute" : "Graphics";
}

INSTANTIATE_TEST_SUITE_P(BothPaths, VectorDrapeScene, testing::Values(RasterPath::Graphics, RasterPath::Compute),
                         pathName);

}  // namespace
}  // namespace scene::test
