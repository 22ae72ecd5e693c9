// The globe's frames (scene::GlobeSceneRenderer) over ETOPO5, offscreen with
// the validation layer on, as the viewer's planet mode draws them:
// - from 20,000 km, a disc of the Earth's angular size with no hole, dark
//   space around it and a blue limb; the Atlantic blue, Africa green, and
//   the land smooth where the triangles are hundreds of kilometres across,
//   and level ice under a low sun shows no facets;
// - lit from the side, a terminator: the night side is dark;
// - 6,000 m over the Alps, relief under a blue sky;
// - over the mid-ocean, a water surface, and no seam at its horizon where
//   the mesh ends and the sky's sea begins; leaving the seabed the
//   water hides unrefined changes no pixel by more than a rounding;
// - a camera moved by 1 mm at 100 m and at 10 m, once converged, changes
//   almost nothing (no jitter, no z-fighting);
// - under a still view the pool's update stops once the mesh converged;
// - the wireframe darkens the triangles' edges and nothing else, and turned
//   off again leaves the frame as it was.
#include "GlobeFrames.h"
#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"
#include "planet/GlobeCamera.h"
#include "planet/GlobeCriterion.h"
#include "scene/GlobeSceneRenderer.h"
#include "scene/RenderTargets.h"
#include "vk/Commands.h"
#include "vk/Error.h"
#include "vk/Image.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace planet::test {
namespace {

using GlobeRenderGpuTest = GlobeFramesGpuTest;

// Over the pixels whose 5 x 5 neighbourhood is all globe of a colour that
// `inside` accepts, the mean distance of a pixel from its four neighbours'
// mean, in levels (the channels' mean), and how many such pixels there are.
template <typename Inside>
std::pair<double, std::size_t> meanRoughness(const scene::test::RenderedImage& image, VkExtent2D size,
                                             const Inside& inside)
{
    const auto at = [&](std::uint32_t x, std::uint32_t y) { return pixelAt(image, std::size_t{y} * size.width + x); };
    const auto accepted = [&](std::uint32_t x, std::uint32_t y) {
        return isGlobe(image, std::size_t{y} * size.width + x) && inside(at(x, y));
    };
    double roughness = 0.0;
    std::size_t counted = 0;
    for (std::uint32_t y = 2; y + 2 < size.height; ++y) {
        for (std::uint32_t x = 2; x + 2 < size.width; ++x) {
            bool around = true;
            for (std::uint32_t v = y - 2; v <= y + 2; ++v) {
                for (std::uint32_t u = x - 2; u <= x + 2; ++u) {
                    around = around && accepted(u, v);
                }
            }
            if (!around) {
                continue;
            }
            const Pixel c = at(x, y);
            const Pixel l = at(x - 1, y);
            const Pixel r = at(x + 1, y);
            const Pixel u = at(x, y - 1);
            const Pixel d = at(x, y + 1);
            roughness +=
                (std::abs(c.r - (l.r + r.r + u.r + d.r) / 4.0) + std::abs(c.g - (l.g + r.g + u.g + d.g) / 4.0) +
                 std::abs(c.b - (l.b + r.b + u.b + d.b) / 4.0)) /
                3.0;
            ++counted;
        }
    }
    return {counted == 0 ? 0.0 : roughness / static_cast<double>(counted), counted};
}

TEST_F(GlobeRenderGpuTest, FromOrbitTheEarthIsAWholeDiscInDarkSpaceWithABlueLimb)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{384, 384};
    const double height = 2.0e7;
    const scene::test::RenderedImage image = render({0.0, 0.0, height, 0.0, -90.0}, size, 30, "globe-orbit");
    // The disc's radius in pixels: the Earth's angular radius through the
    // projection (the equatorial radius; the view looks along the equator's
    // plane from above it, so the polar flattening trims the disc by 0.3 %).
    const double angular =
        std::asin(geodesy::kWgs84SemiMajorAxisMetres / (geodesy::kWgs84SemiMajorAxisMetres + height));
    const double radius = std::tan(angular) / std::tan(0.5 * kFovRadians) * 0.5 * size.height;
    std::size_t globe = 0;
    std::size_t holes = 0;
    std::size_t outsideGlobe = 0;
    std::size_t lightInSpace = 0;
    std::size_t limb = 0;
    std::size_t blueLimb = 0;
    std::size_t blue = 0;
    std::size_t green = 0;
    for (std::uint32_t y = 0; y < size.height; ++y) {
        for (std::uint32_t x = 0; x < size.width; ++x) {
            const std::size_t i = std::size_t{y} * size.width + x;
            const Pixel p = pixelAt(image, i);
            const double r = std::hypot(x + 0.5 - 0.5 * size.width, y + 0.5 - 0.5 * size.height);
            const bool onGlobe = isGlobe(image, i);
            globe += onGlobe ? 1u : 0u;
            holes += r < 0.97 * radius && !onGlobe ? 1u : 0u;
            outsideGlobe += r > 1.03 * radius && onGlobe ? 1u : 0u;
            lightInSpace += r > 1.1 * radius && p.sum() > 6 ? 1u : 0u;
            // The limb: the air over the disc's edge, seen edge on.
            if (r > 0.97 * radius && r < 1.02 * radius && p.sum() > 30) {
                ++limb;
                blueLimb += p.blue() ? 1u : 0u;
            }
            blue += onGlobe && p.blue() ? 1u : 0u;
            green += onGlobe && p.g > p.b && p.g > p.r ? 1u : 0u;
        }
    }
    const double disc = 3.14159265358979 * radius * radius;
    EXPECT_NEAR(static_cast<double>(globe), disc, 0.04 * disc);
    EXPECT_EQ(holes, 0u) << "sky inside the disc: cracks or culled ground";
    EXPECT_EQ(outsideGlobe, 0u);
    EXPECT_EQ(lightInSpace, 0u) << "space is not dark";
    EXPECT_GT(static_cast<double>(limb), 2.0 * 3.14159265358979 * radius) << "no limb";
    EXPECT_GT(blueLimb, limb * 9 / 10) << "the limb is not blue: " << blueLimb << " of " << limb;
    EXPECT_GT(blue, globe / 3) << "the Atlantic";
    EXPECT_GT(green, globe / 50) << "Africa";

    // The land is smooth at the triangles' scale: from here a triangle is a
    // chord hundreds of kilometres across, whose middle lies kilometres
    // under the ground; lit and seen through the air there, it showed the
    // mesh as a lattice (a pixel off its neighbours' mean by 1.7 levels on
    // average over land, where 0.9 is the relief's own, its heights read
    // pixel by pixel).
    const auto [roughness, inland] =
        meanRoughness(image, size, [](const Pixel& p) { return p.b - p.g < 35 && p.sum() > 200; });
    ASSERT_GT(inland, std::size_t{1000}) << "no land in view";
    EXPECT_LT(roughness, 1.2) << "the land shows the mesh";
}

// Antarctica from 15,000 km under the December solstice's low sun: the
// ice is lit smoothly, not facet by facet (each triangle's plane is a chord
// of the curved ground, some 5 degrees off the vertical at its corners).
TEST_F(GlobeRenderGpuTest, FromOrbitLevelGroundShowsNoFacets)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{480, 270};
    const double tilt = 23.44 * 3.14159265358979 / 180.0;
    const scene::test::RenderedImage image = render({-70.0, 0.0, 1.5e7, 0.0, -90.0}, size, 30, "globe-antarctica",
                                                    glm::dvec3(std::cos(tilt), 0.0, -std::sin(tilt)));
    const auto [roughness, inland] = meanRoughness(image, size, [](const Pixel& p) { return p.sum() > 450; });
    ASSERT_GT(inland, std::size_t{500}) << "no ice in view";
    EXPECT_LT(roughness, 0.6) << "the ice shows its facets";
}

TEST_F(GlobeRenderGpuTest, LitFromTheSideTheNightSideIsDark)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{256, 256};
    // Over the Gulf of Guinea, the sun due east of the Earth: the west half
    // of the disc is night.
    const scene::test::RenderedImage image =
        render({0.0, 0.0, 2.0e7, 0.0, -90.0}, size, 30, "globe-terminator", glm::dvec3(0.0, 1.0, 0.0));
    double day = 0.0;
    double night = 0.0;
    std::size_t dayCount = 0;
    std::size_t nightCount = 0;
    for (std::uint32_t y = 0; y < size.height; ++y) {
        for (std::uint32_t x = 0; x < size.width; ++x) {
            const std::size_t i = std::size_t{y} * size.width + x;
            if (!isGlobe(image, i)) {
                continue;
            }
            // Heading 0, looking down: east is to the right.
            const bool east = x > size.width / 2 + 10;
            const bool west = x + 10 < size.width / 2;
            day += east ? pixelAt(image, i).sum() : 0.0;
            dayCount += east ? 1u : 0u;
            night += west ? pixelAt(image, i).sum() : 0.0;
            nightCount += west ? 1u : 0u;
        }
    }
    ASSERT_GT(dayCount, 1000u);
    ASSERT_GT(nightCount, 1000u);
    EXPECT_GT(day / static_cast<double>(dayCount), 60.0);
    EXPECT_LT(night / static_cast<double>(nightCount), 6.0) << "the night side is lit";
}

TEST_F(GlobeRenderGpuTest, SixKilometresOverTheAlpsReliefShowsUnderABlueSky)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{256, 144};
    // Above the Valais looking east along the Alps, slightly down.
    const GeodeticPose pose{46.2, 7.5, 6000.0, 80.0, -12.0};
    // A low afternoon sun from the south-west.
    const LocalFrame local = localFrameAt(pose.latitudeDegrees, pose.longitudeDegrees);
    const glm::dvec3 sun = glm::normalize(0.45 * local.up - 0.6 * local.north - 0.65 * local.east);
    const scene::test::RenderedImage image = render(pose, size, 45, "globe-alps-6km", sun);
    std::size_t sky = 0;
    std::size_t blueSky = 0;
    double sum = 0.0;
    double squares = 0.0;
    std::size_t ground = 0;
    for (std::size_t i = 0; i < image.depth.size(); ++i) {
        const Pixel p = pixelAt(image, i);
        if (!isGlobe(image, i)) {
            ++sky;
            blueSky += p.blue() && p.b > 90 ? 1u : 0u;
        } else {
            const double luminance = 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b;
            sum += luminance;
            squares += luminance * luminance;
            ++ground;
        }
    }
    ASSERT_GT(sky, image.depth.size() / 10) << "no sky";
    ASSERT_GT(ground, image.depth.size() / 3) << "no ground";
    EXPECT_GT(blueSky, sky * 9 / 10) << "the sky is not blue";
    const double mean = sum / static_cast<double>(ground);
    const double deviation = std::sqrt(squares / static_cast<double>(ground) - mean * mean);
    EXPECT_GT(mean, 25.0);
    EXPECT_GT(deviation, 6.0) << "no relief";
}

TEST_F(GlobeRenderGpuTest, OverTheMidOceanTheSurfaceIsWater)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{256, 144};
    // 2,000 m over the mid-Atlantic (4 to 5 km deep), looking west and down.
    const GeodeticPose pose{30.0, -40.0, 2000.0, 270.0, -30.0};
    ASSERT_LT(elevation_->heightAt(cubePointUnder(pose.latitudeDegrees, pose.longitudeDegrees)), -3000.0);
    const scene::test::RenderedImage image = render(pose, size, 40, "globe-mid-ocean");
    std::size_t deepBlue = 0;
    std::size_t bluish = 0;
    std::size_t surface = 0;
    for (std::size_t i = 0; i < image.depth.size(); ++i) {
        if (!isGlobe(image, i)) {
            continue;
        }
        ++surface;
        const Pixel p = pixelAt(image, i);
        // Towards the horizon the water mirrors the pale sky through haze.
        bluish += p.b >= p.g && p.b > p.r ? 1u : 0u;
        deepBlue += p.blue() && p.r < p.b / 2 ? 1u : 0u;
    }
    ASSERT_GT(surface, image.depth.size() / 2);
    EXPECT_EQ(bluish, surface) << "the surface is not water everywhere";
    EXPECT_GT(deepBlue, surface * 3 / 4) << "the water is not deep blue";
}

TEST_F(GlobeRenderGpuTest, TheSeabedTheWaterHidesNeedsNoDetailAndItsAbsenceShowsNowhere)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{256, 144};
    // 3,000 m over the mid-Atlantic looking east towards the horizon, with
    // the seabed refined as any ground and left whole below the depth the
    // water shows.
    const GeodeticPose pose{20.0, -40.0, 3000.0, 80.0, -10.0};
    const std::unique_ptr<scene::GlobeSceneRenderer> refined = makeScene(std::numeric_limits<double>::infinity());
    const scene::test::RenderedImage everywhere = render(*refined, pose, size, 40, "globe-seabed-refined");
    const std::unique_ptr<scene::GlobeSceneRenderer> hidden = makeScene();
    const scene::test::RenderedImage shallowOnly = render(*hidden, pose, size, 40, "globe-seabed-hidden");
    const std::uint32_t refinedLive = refined->statistics().leafCount;
    const std::uint32_t hiddenLive = hidden->statistics().leafCount;
    RecordProperty("refinedLive", static_cast<int>(refinedLive));
    RecordProperty("hiddenLive", static_cast<int>(hiddenLive));
    EXPECT_LT(hiddenLive * 20, refinedLive) << hiddenLive << " live bisectors against " << refinedLive;
    // Near the horizon the whole seabed's chords end at other pixels than
    // the refined one's; beyond them the sky's shading shows the same sea.
    int largest = 0;
    std::size_t globe = 0;
    for (std::size_t i = 0; i < everywhere.depth.size(); ++i) {
        globe += isGlobe(shallowOnly, i) ? 1u : 0u;
        const Pixel a = pixelAt(everywhere, i);
        const Pixel b = pixelAt(shallowOnly, i);
        largest = std::max({largest, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
    }
    EXPECT_GT(globe, everywhere.depth.size() / 2);
    EXPECT_LE(largest, 2) << "the unrefined seabed shows through the water";
}

TEST_F(GlobeRenderGpuTest, AtTheSeaHorizonTheMeshMeetsTheSkysSeaWithoutASeam)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{256, 144};
    // 500 m over the mid-Atlantic, looking west into a low sun: the mesh's
    // last bisectors end short of the sea's horizon, and the sky's shading
    // shows the sea beyond them.
    const GeodeticPose pose{20.0, -40.0, 500.0, 270.0, -5.0};
    const GlobeView view = globeViewOf(pose);
    const glm::dvec3 up = glm::normalize(view.positionEcef);
    const glm::dvec3 ahead = glm::normalize(view.forward() - glm::dot(view.forward(), up) * up);
    const double sunElevation = 6.0 * 3.14159265358979323846 / 180.0;
    const glm::dvec3 sun = std::cos(sunElevation) * ahead + std::sin(sunElevation) * up;
    const scene::test::RenderedImage image = render(pose, size, 40, "globe-sea-horizon", sun);
    // Down each column, the step in colour where the mesh begins.
    int steps = 0;
    int largest = 0;
    double total = 0.0;
    for (std::uint32_t x = 0; x < size.width; ++x) {
        for (std::uint32_t y = 1; y < size.height; ++y) {
            const std::size_t below = static_cast<std::size_t>(y) * size.width + x;
            const std::size_t above = below - size.width;
            if (!isGlobe(image, below) || isGlobe(image, above)) {
                continue;
            }
            const Pixel a = pixelAt(image, above);
            const Pixel b = pixelAt(image, below);
            const int step = std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
            largest = std::max(largest, step);
            total += step;
            ++steps;
            break;
        }
    }
    ASSERT_GT(steps, static_cast<int>(size.width) * 3 / 4) << "the mesh does not reach up to near the horizon";
    EXPECT_LT(total / steps, 20.0) << "a seam where the mesh meets the sky's sea (largest step " << largest << ")";
}

TEST_F(GlobeRenderGpuTest, AMillimetreMoveAtOneHundredAndTenMetresChangesAlmostNoPixel)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{256, 144};
    for (const double clearance : {100.0, 10.0}) {
        const std::string name = "globe-" + std::to_string(static_cast<int>(clearance)) + "m";
        GeodeticPose above{46.55, 8.0, 0.0, 30.0, -20.0};
        // The pose's height is above the ellipsoid; the ground's, above sea level.
        const glm::dvec3 under = cubePointUnder(above.latitudeDegrees, above.longitudeDegrees);
        above.heightMetres = elevation_->surfaceHeightAt(under) + elevation_->geoid().undulationAt(under) + clearance;
        GeodeticPose moved = above;
        moved.heightMetres += 0.001;
        const std::unique_ptr<scene::GlobeSceneRenderer> globe = makeScene();
        scene::GlobeFrameView frame;
        frame.view = globeViewOf(above);
        frame.viewport = size;
        frame.sunDirection = glm::normalize(glm::normalize(frame.view.positionEcef) - 0.5 * frame.view.forward());
        for (int i = 0; i < 70; ++i) {
            renderGlobeFrame(device(), *globe, frame);
        }
        const scene::test::RenderedImage before = readBack(*globe, name);
        frame.view = globeViewOf(moved);
        for (int i = 0; i < 4; ++i) {
            renderGlobeFrame(device(), *globe, frame);
        }
        const scene::test::RenderedImage after = readBack(*globe, name + "-moved");
        std::size_t ground = 0;
        std::size_t changed = 0;
        for (std::size_t i = 0; i < before.depth.size(); ++i) {
            ground += isGlobe(before, i) ? 1u : 0u;
            for (int c = 0; c < 3; ++c) {
                const std::size_t channel = 4 * i + static_cast<std::size_t>(c);
                if (std::abs(int{before.colour[channel]} - int{after.colour[channel]}) > 8) {
                    ++changed;
                    break;
                }
            }
        }
        EXPECT_GT(ground, before.depth.size() / 3) << "no ground in view at " << clearance << " m";
        EXPECT_LE(changed, before.depth.size() / 1000) << changed << " pixels changed at " << clearance << " m";
    }
}

TEST_F(GlobeRenderGpuTest, TheWireframeDarkensTheEdgesAndNothingElse)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{256, 144};
    const std::unique_ptr<scene::GlobeSceneRenderer> globe = makeScene();
    const GeodeticPose pose{46.2, 7.5, 6000.0, 80.0, -12.0};
    const scene::test::RenderedImage shaded = render(*globe, pose, size, 40, "globe-shaded");
    globe->setWireframe(true);
    EXPECT_TRUE(globe->settings().globe.wireframe);
    const scene::test::RenderedImage wire = render(*globe, pose, size, 1, "globe-wireframe");
    std::size_t surface = 0;
    std::size_t darkened = 0;
    for (std::size_t i = 0; i < shaded.depth.size(); ++i) {
        const Pixel a = pixelAt(shaded, i);
        const Pixel b = pixelAt(wire, i);
        if (!isGlobe(shaded, i)) {
            ASSERT_EQ(a.sum(), b.sum()) << "the sky changed at " << i;
            continue;
        }
        ++surface;
        ASSERT_LE(b.r, a.r + 1) << "brighter at " << i;
        ASSERT_LE(b.g, a.g + 1) << "brighter at " << i;
        ASSERT_LE(b.b, a.b + 1) << "brighter at " << i;
        darkened += b.sum() + 30 < a.sum() ? 1u : 0u;
    }
    ASSERT_GT(surface, shaded.depth.size() / 2);
    // Triangles of about 8 pixels: their edges cover a good part of the surface.
    EXPECT_GT(darkened, surface / 5) << darkened << " of " << surface;
    globe->setWireframe(false);
    EXPECT_EQ(render(*globe, pose, size, 1, "globe-shaded-again").colour, shaded.colour);
}

TEST_F(GlobeRenderGpuTest, UnderAStillViewTheUpdateStopsOnceConvergedAndResumesWhenTheViewMoves)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const std::unique_ptr<scene::GlobeSceneRenderer> globe = makeScene();
    scene::GlobeFrameView frame;
    frame.view = globeViewOf({46.5, 8.0, 400000.0, 0.0, -60.0});
    frame.viewport = VkExtent2D{128, 72};
    int updated = 0;
    int leftOut = 0;
    for (int i = 0; i < 40; ++i) {
        renderGlobeFrame(device(), *globe, frame);
        if (const std::optional<scene::PassTimings>& timings = globe->statistics().timings) {
            (timings->pool.updated ? updated : leftOut) += 1;
        }
    }
    const scene::test::RenderedImage converged = readBack(*globe, "globe-still");
    const std::uint32_t live = globe->statistics().leafCount;
    EXPECT_GT(updated, 5);
    EXPECT_GT(leftOut, 10) << "the update never stopped under a still view";
    ASSERT_TRUE(globe->statistics().timings.has_value());
    EXPECT_FALSE(globe->statistics().timings->pool.updated);
    renderGlobeFrame(device(), *globe, frame);
    EXPECT_EQ(readBack(*globe, "globe-still-again").colour, converged.colour) << "a left-out update changed the frame";
    EXPECT_EQ(globe->statistics().leafCount, live);

    frame.view = globeViewOf({46.5, 9.0, 300000.0, 0.0, -60.0});
    renderGlobeFrame(device(), *globe, frame);
    renderGlobeFrame(device(), *globe, frame);
    ASSERT_TRUE(globe->statistics().timings.has_value());
    EXPECT_TRUE(globe->statistics().timings->pool.updated) << "a moved view did not update the pool";
}

}  // namespace
}  // namespace planet::test
