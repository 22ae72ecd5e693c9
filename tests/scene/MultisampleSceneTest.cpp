// Multisampled scenes (scene::SceneOutput::samples) through the real
// scene::SceneRenderer (label render): four samples per pixel resolve into
// the same picture as one, with every pixel covered, and soften the edges
// between terrain and sky; the readable depth is sample 0's. The fixture
// fails any test on a validation message.
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"

#include "scene/RenderTargets.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdlib>

namespace scene::test {
namespace {

class MultisampleScene : public vk::test::GpuTest {
protected:
    vk::ShaderLibrary shaders_ = vk::test::projectShaders();

    // Hills seen obliquely, the horizon crossing the frame: converged, then drawn.
    RenderedImage render(VkSampleCountFlagBits samples)
    {
        RenderTarget target = kRgba8Target;
        target.samples = samples;
        SceneRenderHarness harness(device(), shaders_, makeHillsHeightmap(128), testSettings(), target);
        return harness.renderConverged(obliqueHillsView(target.size));
    }
};

TEST_F(MultisampleScene, FourSamplesResolveToTheSamePictureWithSofterEdges)
{
    if ((supportedSceneSampleCounts(device(), chooseDepthFormat(device())) & VK_SAMPLE_COUNT_4_BIT) == 0) {
        GTEST_SKIP() << "this device cannot render 4 samples per pixel";
    }
    const RenderedImage single = render(VK_SAMPLE_COUNT_1_BIT);
    const RenderedImage multi = render(VK_SAMPLE_COUNT_4_BIT);
    saveForInspection(multi, "multisample_4");
    ASSERT_EQ(multi.width, single.width);
    const std::size_t pixels = std::size_t{multi.width} * multi.height;
    std::size_t uncovered = 0;
    std::size_t changed = 0;
    std::size_t terrainBoth = 0;
    std::size_t terrainSingle = 0;
    double depthError = 0.0;
    for (std::size_t pixel = 0; pixel < pixels; ++pixel) {
        // The clear colour (magenta, shown as it is) wherever nothing drew.
        if (multi.colour[pixel * 4] == 255 && multi.colour[pixel * 4 + 1] == 0 && multi.colour[pixel * 4 + 2] == 255) {
            ++uncovered;
        }
        changed += channelsDiffer(single, multi, pixel, 24) ? 1u : 0u;
        if (single.isTerrain(pixel)) {
            ++terrainSingle;
            if (multi.isTerrain(pixel)) {
                ++terrainBoth;
                depthError = std::max(depthError, double{std::abs(single.depth[pixel] - multi.depth[pixel])});
            }
        }
    }
    EXPECT_EQ(uncovered, 0u);
    ASSERT_GT(terrainSingle, pixels / 4) << "the view shows too little terrain";
    // Sample 0 lies off the pixel's centre: the same surface, a slightly
    // different point of it, and a silhouette moved by under a pixel.
    EXPECT_GT(terrainBoth, terrainSingle * 98 / 100);
    EXPECT_LT(depthError, 0.01);
    // Only edges change: silhouettes and the mesh's creases.
    EXPECT_LT(changed, pixels / 20) << "multisampling changed the picture, not only its edges";
    EXPECT_GT(changed, 0u) << "multisampling changed nothing";
}

}  // namespace
}  // namespace scene::test
