// The flat terrain's two raster paths (scene::RasterPath) through the real
// scene::SceneRenderer (label render): the draw through the graphics
// pipeline and the visibility pass and shading in compute give the same
// frame, on both backends, with one sample per pixel and with four: at most
// 1 % of the pixels differ by more than 8 of 255 in any channel. The compute
// path covers every pixel (none keeps the clear colour) and shows terrain
// and sky. The fixture fails any test on a validation message.
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"

#include "scene/RenderTargets.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <string>

namespace scene::test {
namespace {

// Pixels whose channels may differ by more than kChannelTolerance: the
// paths' rounding differs (the edges' coverage, the interpolation, the
// derivatives' differences), never the picture.
constexpr double kMaxDifferingShare = 0.01;
constexpr int kChannelTolerance = 8;

struct RasterCase {
    terrain::TerrainBackend backend;
    VkSampleCountFlagBits samples;
};

std::string caseName(const testing::TestParamInfo<RasterCase>& info)
{
    return std::string(info.param.backend == terrain::TerrainBackend::Pool ? "Pool" : "Heap") +
           std::to_string(static_cast<int>(info.param.samples)) + "Samples";
}

class RasterPathScene : public vk::test::GpuTest, public testing::WithParamInterface<RasterCase> {
protected:
    vk::ShaderLibrary shaders_ = vk::test::projectShaders();

    // Hills seen obliquely, the horizon crossing the frame: converged, then drawn.
    RenderedImage render(RasterPath raster)
    {
        RenderTarget target = kRgba8Target;
        target.samples = GetParam().samples;
        target.raster = raster;
        terrain::TerrainSettings settings = testSettings();
        settings.backend = GetParam().backend;
        if (settings.backend == terrain::TerrainBackend::Pool) {
            settings.poolCapacity = 1u << 16;
        }
        SceneRenderHarness harness(device(), shaders_, makeHillsHeightmap(128), settings, target);
        const camera::DepthConvention depth =
            raster == RasterPath::Compute ? camera::DepthConvention::Reversed : camera::DepthConvention::Standard;
        return harness.renderConverged(obliqueHillsView(target.size, depth));
    }
};

TEST_P(RasterPathScene, ComputeGivesTheGraphicsFrame)
{
    if ((supportedSceneSampleCounts(device(), chooseDepthFormat(device())) &
         static_cast<VkSampleCountFlags>(GetParam().samples)) == 0) {
        GTEST_SKIP() << "this device cannot render " << GetParam().samples << " samples per pixel";
    }
    const RenderedImage graphics = render(RasterPath::Graphics);
    const RenderedImage compute = render(RasterPath::Compute);
    const std::string name = caseName({GetParam(), 0});
    saveForInspection(graphics, "raster_graphics_" + name);
    saveForInspection(compute, "raster_compute_" + name);
    ASSERT_EQ(compute.width, graphics.width);
    ASSERT_EQ(compute.colour.size(), graphics.colour.size());
    const std::size_t pixels = std::size_t{compute.width} * compute.height;
    std::size_t uncovered = 0;
    std::size_t differing = 0;
    std::size_t terrain = 0;
    for (std::size_t pixel = 0; pixel < pixels; ++pixel) {
        const std::uint8_t* rgb = &compute.colour[pixel * 4];
        uncovered += rgb[0] == 255 && rgb[1] == 0 && rgb[2] == 255 ? 1u : 0u;
        differing += channelsDiffer(graphics, compute, pixel, kChannelTolerance) ? 1u : 0u;
        terrain += graphics.isTerrain(pixel) ? 1u : 0u;
    }
    EXPECT_EQ(uncovered, 0u) << "pixels the compute path left at the clear colour";
    // The view shows both the hills and the sky.
    EXPECT_GT(terrain, pixels / 4);
    EXPECT_LT(terrain, pixels - pixels / 10);
    EXPECT_LE(static_cast<double>(differing), kMaxDifferingShare * static_cast<double>(pixels))
        << differing << " of " << pixels << " pixels differ by more than " << kChannelTolerance << "/255";
}

INSTANTIATE_TEST_SUITE_P(BothBackends, RasterPathScene,
                         testing::Values(RasterCase{terrain::TerrainBackend::Heap, VK_SAMPLE_COUNT_1_BIT},
                                         RasterCase{terrain::TerrainBackend::Heap, VK_SAMPLE_COUNT_4_BIT},
                                         RasterCase{terrain::TerrainBackend::Pool, VK_SAMPLE_COUNT_1_BIT},
                                         RasterCase{terrain::TerrainBackend::Pool, VK_SAMPLE_COUNT_4_BIT}),
                         caseName);

}  // namespace
}  // namespace scene::test
