// How the globe's ground is shaded (shaders/planet/GlobeSurface.glsl): its
// light follows the surface the data and the detail describe, not the
// triangles that happen to approximate it. Under a low sun 3 km over the
// Alps, with the wireframe marking the triangles' edges:
// - the light changes no more across the triangles' edges than inside them
//   (flat triangles would show as facets);
// - two triangulations of one view, at 6 and 12 pixels an edge, give nearly
//   the same picture;
// - the relief still shows: the ground is not uniformly lit.
#include "GlobeFrames.h"
#include "planet/GlobeCamera.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <memory>

namespace planet::test {
namespace {

using GlobeShadingGpuTest = GlobeFramesGpuTest;

// 3300 m over the Bernese Alps (about 500 m above the ground), looking
// north-east and down.
constexpr GeodeticPose kAlpsPose{46.45, 7.9, 3300.0, 30.0, -12.0};

// A sun 12 degrees over the horizon in the west-south-west: long shading.
glm::dvec3 lowSunOver(const GeodeticPose& pose)
{
    const LocalFrame local = localFrameAt(pose.latitudeDegrees, pose.longitudeDegrees);
    const double azimuth = glm::radians(250.0);
    const double elevation = glm::radians(12.0);
    return glm::normalize(std::cos(elevation) * (std::cos(azimuth) * local.north + std::sin(azimuth) * local.east) +
                          std::sin(elevation) * local.up);
}

struct EdgeContrast {
    double acrossEdges = 0.0;  // mean luminance step between neighbours on either side of an edge
    double insideFaces = 0.0;  // the same between neighbours away from edges
    std::size_t edgePairs = 0;
    std::size_t facePairs = 0;
};

// The mean brightness step between horizontal and vertical neighbours of the
// ground, split by whether the wireframe darkened either of them.
EdgeContrast edgeContrastOf(const scene::test::RenderedImage& shaded, const scene::test::RenderedImage& wire)
{
    const auto onEdge = [&](std::size_t i) { return pixelAt(wire, i).sum() + 24 < pixelAt(shaded, i).sum(); };
    EdgeContrast contrast;
    const std::size_t width = shaded.width;
    const std::size_t height = shaded.height;
    for (std::size_t y = 0; y + 1 < height; ++y) {
        for (std::size_t x = 0; x + 1 < width; ++x) {
            const std::size_t i = y * width + x;
            for (const std::size_t j : {i + 1, i + width}) {
                if (!isGlobe(shaded, i) || !isGlobe(shaded, j)) {
                    continue;
                }
                const double step = std::abs(pixelAt(shaded, i).sum() - pixelAt(shaded, j).sum());
                if (onEdge(i) || onEdge(j)) {
                    contrast.acrossEdges += step;
                    ++contrast.edgePairs;
                } else {
                    contrast.insideFaces += step;
                    ++contrast.facePairs;
                }
            }
        }
    }
    contrast.acrossEdges /= static_cast<double>(std::max<std::size_t>(contrast.edgePairs, 1));
    contrast.insideFaces /= static_cast<double>(std::max<std::size_t>(contrast.facePairs, 1));
    return contrast;
}

TEST_F(GlobeShadingGpuTest, UnderALowSunTheLightIsNoSharperAcrossTrianglesEdgesThanInsideThem)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{320, 180};
    // Triangles of 16 pixels an edge, so that their insides show between
    // the wireframe's lines.
    const std::unique_ptr<scene::GlobeSceneRenderer> globe = makeScene(kSeabedShownDownToMetres, 16.0);
    const glm::dvec3 sun = lowSunOver(kAlpsPose);
    const scene::test::RenderedImage shaded = render(*globe, kAlpsPose, size, 40, "globe-low-sun", sun);
    globe->setWireframe(true);
    const scene::test::RenderedImage wire = render(*globe, kAlpsPose, size, 1, "globe-low-sun-wireframe", sun);
    const EdgeContrast contrast = edgeContrastOf(shaded, wire);
    ASSERT_GT(contrast.edgePairs, 10000u);
    ASSERT_GT(contrast.facePairs, 5000u);
    std::printf("across edges %.2f, inside faces %.2f (%zu and %zu pairs)\n", contrast.acrossEdges,
                contrast.insideFaces, contrast.edgePairs, contrast.facePairs);
    // Lit by their own planes, triangles made it 49 times sharper.
    EXPECT_LT(contrast.acrossEdges, 1.5 * contrast.insideFaces);
}

TEST_F(GlobeShadingGpuTest, TwoTriangulationsOfOneViewLookAlike)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{320, 180};
    const glm::dvec3 sun = lowSunOver(kAlpsPose);
    const scene::test::RenderedImage fine =
        render(*makeScene(kSeabedShownDownToMetres, 6.0), kAlpsPose, size, 40, "globe-low-sun-fine", sun);
    const scene::test::RenderedImage coarse =
        render(*makeScene(kSeabedShownDownToMetres, 12.0), kAlpsPose, size, 40, "globe-low-sun-coarse", sun);
    double difference = 0.0;
    double mean = 0.0;
    double spread = 0.0;
    std::size_t ground = 0;
    for (std::size_t i = 0; i < fine.depth.size(); ++i) {
        if (!isGlobe(fine, i) || !isGlobe(coarse, i)) {
            continue;
        }
        ++ground;
        const double a = pixelAt(fine, i).sum();
        difference += std::abs(a - pixelAt(coarse, i).sum());
        mean += a;
        spread += a * a;
    }
    ASSERT_GT(ground, fine.depth.size() / 2);
    difference /= static_cast<double>(ground);
    mean /= static_cast<double>(ground);
    const double deviation = std::sqrt(spread / static_cast<double>(ground) - mean * mean);
    std::printf("mean difference %.2f, the picture's mean %.1f and deviation %.1f\n", difference, mean, deviation);
    // The relief shows: the light varies over the ground.
    EXPECT_GT(deviation, 12.0);
    // Lit by their own planes, the two differed by 18 % of the deviation.
    EXPECT_LT(difference, 0.06 * deviation);
}

}  // namespace
}  // namespace planet::test
