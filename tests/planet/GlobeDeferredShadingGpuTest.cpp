// The globe's deferred shading (raster::gpu::VisibilityShadePass after the
// visibility pass), offscreen with the validation layer on:
// - the visibility buffer holds visible triangles, and covers the globe
//   without cracks between them;
// - with four samples per pixel, a pixel that one triangle covers whole
//   keeps its colour (each triangle is shaded once, at the pixel's centre),
//   and the globe's outline against the sky changes (the samples of the
//   globe and of the sky are averaged);
// - the two passes of the multisampled shading (every pixel's main
//   triangle, then the pixels on edges) give the one loop's picture.
#include "GlobeFrames.h"
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "planet/GlobalElevation.h"
#include "planet/GlobeCamera.h"
#include "raster/gpu/VisibilityRasterPass.h"
#include "scene/GlobeSceneRenderer.h"
#include "vk/BufferTransfer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <set>
#include <vector>

namespace planet::test {
namespace {

using GlobeDeferredShadingGpuTest = GlobeFramesGpuTest;

int largestChannelDifference(const Pixel& a, const Pixel& b)
{
    return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
}

TEST_F(GlobeDeferredShadingGpuTest, TheVisibilityBufferCoversTheGlobeWithoutHolesAndOnlyWithVisibleTriangles)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{192, 144};
    for (const GeodeticPose& pose :
         {GeodeticPose{0.0, 0.0, 1.2e7, 0.0, -90.0}, GeodeticPose{46.2, 7.5, 6000.0, 80.0, -12.0}}) {
        const std::unique_ptr<scene::GlobeSceneRenderer> globe = makeScene();
        // Converged: the counts the scene reports (one frame late) are this frame's.
        const scene::test::RenderedImage image = render(*globe, pose, size, 60, "globe-visibility");
        const std::vector<std::uint32_t> visibility = readVisibility(*globe);
        ASSERT_EQ(visibility.size(), image.depth.size());
        const std::uint32_t drawn = globe->statistics().visibleCount;
        std::set<std::uint32_t> seen;
        std::size_t sky = 0;
        for (std::size_t i = 0; i < visibility.size(); ++i) {
            ASSERT_EQ(visibility[i] != 0, isGlobe(image, i)) << "pixel " << i << " at " << pose.heightMetres << " m";
            ASSERT_LE(visibility[i], drawn) << "pixel " << i;
            sky += visibility[i] == 0 ? 1u : 0u;
            seen.insert(visibility[i]);
        }
        // A crack between triangles shows the sky through the globe: a sky
        // pixel with the globe above and below it (relief seen upright has
        // no overhangs), or, on the disc seen from orbit, left and right.
        std::size_t verticalHoles = 0;
        std::size_t horizontalHoles = 0;
        const auto at = [&](std::uint32_t x, std::uint32_t y) { return visibility[std::size_t{y} * size.width + x]; };
        for (std::uint32_t y = 1; y + 1 < size.height; ++y) {
            for (std::uint32_t x = 1; x + 1 < size.width; ++x) {
                if (at(x, y) == 0) {
                    verticalHoles += at(x, y - 1) != 0 && at(x, y + 1) != 0 ? 1u : 0u;
                    horizontalHoles += at(x - 1, y) != 0 && at(x + 1, y) != 0 ? 1u : 0u;
                }
            }
        }
        EXPECT_EQ(verticalHoles, 0u) << "at " << pose.heightMetres << " m";
        if (pose.pitchDegrees == -90.0) {
            EXPECT_EQ(horizontalHoles, 0u) << "from orbit";
        }
        EXPECT_GT(sky, visibility.size() / 10) << "no sky in view at " << pose.heightMetres << " m";
        EXPECT_LT(sky, visibility.size() * 9 / 10) << "no globe in view at " << pose.heightMetres << " m";
        // Triangles of about 8 pixels: the view shows hundreds of them.
        EXPECT_GT(seen.size(), 200u) << "at " << pose.heightMetres << " m";
    }
}

// 100 m over the Alps the index pass's culling spheres let ground under the
// camera through, triangles across the camera's plane below the view, which
// would need clipping. Each lies wholly outside one side of the view: none
// may cost a workgroup of the visibility pass. No triangle in the view needs
// one either: each is about 10 pixels an edge, and the ground in the view
// lies far from the camera's plane.
TEST_F(GlobeDeferredShadingGpuTest, TrianglesOutsideTheViewReachNoWorkgroup)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
    const CubeElevation elevation(etopo, 1024);
    scene::GlobeSceneSettings settings;
    settings.globe.capacity = 1u << 20;
    settings.globe.verticalFovRadians = kFovRadians;
    settings.globe.targetEdgePixels = 10.0;
    settings.smallTrianglePixels = 64;  // a workgroup for the largest boxes only
    scene::SceneOutput output{kColourFormat, camera::DepthConvention::Reversed, 1};
    output.readableDepth = true;
    scene::GlobeSceneRenderer globe(device(), shaders(), elevation, settings, output);
    const GeodeticPose pose{46.55, 7.98, 2944.4, 30.0, -15.0};
    const scene::test::RenderedImage image = render(globe, pose, VkExtent2D{160, 90}, 80, "globe-alps-100m");
    std::size_t ground = 0;
    for (std::size_t i = 0; i < image.depth.size(); ++i) {
        ground += isGlobe(image, i) ? 1u : 0u;
    }
    ASSERT_GT(ground, image.depth.size() / 4) << "the mountains are not in view";
    const std::vector<std::uint32_t> header =
        vk::downloadFromBufferAs<std::uint32_t>(device(), globe.visibilityPass().largeList(), 0, 4);
    EXPECT_EQ(header[3], 0u) << "triangles given to workgroups, of " << globe.statistics().visibleCount << " drawn";
    EXPECT_EQ(header[0], 0u) << "workgroups dispatched";
}

TEST_F(GlobeDeferredShadingGpuTest, WithFourSamplesAPixelInsideOneTriangleKeepsItsColourAndTheOutlineSoftens)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{192, 192};
    const GeodeticPose pose{0.0, 0.0, 1.2e7, 0.0, -90.0};
    // Large triangles (32 pixels an edge), so that many pixels lie inside one.
    const double edgePixels = 32.0;
    const std::unique_ptr<scene::GlobeSceneRenderer> single = makeScene(kSeabedShownDownToMetres, edgePixels);
    const scene::test::RenderedImage one = render(*single, pose, size, 30, "globe-samples-1");
    const std::unique_ptr<scene::GlobeSceneRenderer> multi =
        makeScene(kSeabedShownDownToMetres, edgePixels, VK_SAMPLE_COUNT_4_BIT);
    const scene::test::RenderedImage four = render(*multi, pose, size, 30, "globe-samples-4");
    const std::vector<std::uint32_t> visibility = readVisibility(*single);
    const auto at = [&](std::uint32_t x, std::uint32_t y) { return visibility[std::size_t{y} * size.width + x]; };
    std::size_t outline = 0;
    std::size_t softened = 0;
    std::size_t whole = 0;
    std::size_t changedWhole = 0;
    for (std::uint32_t y = 1; y + 1 < size.height; ++y) {
        for (std::uint32_t x = 1; x + 1 < size.width; ++x) {
            const std::size_t i = std::size_t{y} * size.width + x;
            const int difference = largestChannelDifference(pixelAt(one, i), pixelAt(four, i));
            // The outline: the globe's pixels next to the sky's.
            const std::uint32_t centre = at(x, y);
            if (centre != 0 && (at(x - 1, y) == 0 || at(x + 1, y) == 0 || at(x, y - 1) == 0 || at(x, y + 1) == 0)) {
                ++outline;
                softened += difference >= 2 ? 1u : 0u;
            }
            // Inside one triangle: so are its 3 x 3 neighbours.
            bool oneTriangle = centre != 0;
            for (std::uint32_t v = y - 1; v <= y + 1; ++v) {
                for (std::uint32_t u = x - 1; u <= x + 1; ++u) {
                    oneTriangle = oneTriangle && at(u, v) == centre;
                }
            }
            if (oneTriangle) {
                ++whole;
                changedWhole += difference > 2 ? 1u : 0u;
            }
        }
    }
    ASSERT_GT(outline, 200u);
    ASSERT_GT(whole, 1000u);
    EXPECT_EQ(changedWhole, 0u) << "pixels inside one triangle changed by more than 2 of 255";
    EXPECT_GT(softened, outline / 8) << softened << " of " << outline << " outline pixels";
}

TEST_F(GlobeDeferredShadingGpuTest, TwoPassesShadeAMultisampledFrameAsOneLoopDoes)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    // Small triangles and the horizon: most pixels show several values.
    const VkExtent2D size{160, 120};
    const GeodeticPose pose{46.2, 7.5, 6000.0, 80.0, -12.0};
    const std::unique_ptr<scene::GlobeSceneRenderer> twoPasses =
        makeScene(kSeabedShownDownToMetres, 8.0, VK_SAMPLE_COUNT_4_BIT, raster::gpu::ShadeLoop::PrimaryThenEdges);
    const scene::test::RenderedImage tuned = render(*twoPasses, pose, size, 40, "globe-shade-two-passes");
    const std::unique_ptr<scene::GlobeSceneRenderer> oneLoop =
        makeScene(kSeabedShownDownToMetres, 8.0, VK_SAMPLE_COUNT_4_BIT, raster::gpu::ShadeLoop::OneLoop);
    const scene::test::RenderedImage reference = render(*oneLoop, pose, size, 40, "globe-shade-one-loop");
    const std::vector<std::uint64_t> samples = readVisibilitySamples(*oneLoop);
    std::size_t divided = 0;
    std::size_t differ = 0;
    for (std::size_t i = 0; i < reference.depth.size(); ++i) {
        const bool several = samples[4 * i] != samples[4 * i + 1] || samples[4 * i] != samples[4 * i + 2] ||
                             samples[4 * i] != samples[4 * i + 3];
        divided += several ? 1u : 0u;
        const int difference = largestChannelDifference(pixelAt(tuned, i), pixelAt(reference, i));
        // The first pass's share rounds to half floats before the second adds to it.
        ASSERT_LE(difference, 2) << "pixel " << i;
        differ += difference > 0 ? 1u : 0u;
    }
    // The view has edges everywhere: the second pass had work to do.
    EXPECT_GT(divided, reference.depth.size() / 10);
    EXPECT_LT(differ, reference.depth.size() / 50);
}

}  // namespace
}  // namespace planet::test
