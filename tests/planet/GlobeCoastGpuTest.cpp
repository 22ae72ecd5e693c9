// The globe's coasts (shaders/planet/GlobeSurface.glsl, globeSurface_GroundOf)
// over ETOPO5, offscreen with the validation layer on:
// - from 10,000 km, where a triangle spans hundreds of kilometres, the
//   coasts are where the data has them, pixel by pixel, and a pixel across
//   one mixes land and sea;
// - land that meets sea level and stays there is land;
// - near the ground, a coast moves smoothly across its pixels as the view
//   turns.
#include "GlobeFrames.h"
#include "GpuTestEnvironment.h"
#include "camera/Projection.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/GlobeCamera.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

namespace planet::test {
namespace {

using GlobeCoastGpuTest = GlobeFramesGpuTest;

// Where the ray through the centre of pixel (x, y) of a `size` view of
// `view` meets the ellipsoid, if it does.
std::optional<glm::dvec3> seaLevelUnder(const GlobeView& view, VkExtent2D size, std::uint32_t x, std::uint32_t y)
{
    const glm::dmat4 projection(camera::vulkanInfinitePerspective(
        static_cast<float>(kFovRadians), static_cast<float>(size.width) / static_cast<float>(size.height), 1.0f));
    const glm::dmat4 inverse = glm::inverse(projection * glm::dmat4(view.ecefToView));
    const glm::dvec4 device{(x + 0.5) / size.width * 2.0 - 1.0, (y + 0.5) / size.height * 2.0 - 1.0, 0.5, 1.0};
    const glm::dvec4 point = inverse * device;
    const glm::dvec3 ray = glm::normalize(glm::dvec3(point) / point.w);
    // The ellipsoid as a sphere of the equatorial radius, z stretched.
    const double stretch = geodesy::kWgs84SemiMajorAxisMetres / geodesy::kWgs84SemiMinorAxisMetres;
    const glm::dvec3 origin{view.positionEcef.x, view.positionEcef.y, view.positionEcef.z * stretch};
    const glm::dvec3 direction = glm::normalize(glm::dvec3{ray.x, ray.y, ray.z * stretch});
    const double along = -glm::dot(origin, direction);
    const double miss = glm::dot(origin, origin) - along * along;
    const double radius = geodesy::kWgs84SemiMajorAxisMetres;
    if (miss > radius * radius) {
        return std::nullopt;
    }
    const glm::dvec3 hit = origin + direction * (along - std::sqrt(radius * radius - miss));
    return glm::dvec3{hit.x, hit.y, hit.z / stretch};
}

// The suite's data height where the ray through each pixel of the
// `side` x `side` square from (`first`, `first`) meets the ellipsoid, row by
// row (every such ray must meet it).
void heightsUnderPixels(const GlobeView& view, VkExtent2D size, std::uint32_t first, std::uint32_t side,
                        const CubeElevation& elevation, std::vector<double>& heights)
{
    heights.assign(std::size_t{side} * side, 0.0);
    for (std::uint32_t y = 0; y < side; ++y) {
        for (std::uint32_t x = 0; x < side; ++x) {
            const std::optional<glm::dvec3> ground = seaLevelUnder(view, size, first + x, first + y);
            ASSERT_TRUE(ground) << "pixel " << first + x << ", " << first + y << " misses the globe";
            heights[std::size_t{y} * side + x] = elevation.heightAt(sphereToCube(*ground));
        }
    }
}

// Europe from 10,000 km (45 km a pixel, triangles of 8 pixels): the coasts
// are where the data puts them, pixel by pixel, not where the triangles'
// corners would (Italy, narrower than a triangle, vanished between them),
// and a pixel across a coast mixes land and sea rather than taking one.
TEST_F(GlobeCoastGpuTest, FromOrbitTheCoastsFollowTheDataNotTheTriangles)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{384, 384};
    const GeodeticPose pose{45.0, 12.0, 1.0e7, 0.0, -90.0};
    const scene::test::RenderedImage image = render(pose, size, 30, "globe-coasts");
    const GlobeView view = globeViewOf(pose);
    // The data's height under each pixel's centre, over the middle of the
    // view (away from the limb's haze).
    constexpr std::uint32_t kFirst = 96;
    constexpr std::uint32_t kSide = 192;
    std::vector<double> heights;
    ASSERT_NO_FATAL_FAILURE(heightsUnderPixels(view, size, kFirst, kSide, *elevation_, heights));
    // Land is green-grey here (red about 105; blue at most 32 above green,
    // towards the limb's haze), the sea deep blue (red about 45, more under
    // the haze; blue 50 above green or more); the sun, behind the camera,
    // glints on the sea around the view's centre.
    std::size_t land = 0;
    std::size_t sea = 0;
    std::size_t wrong = 0;
    std::size_t coast = 0;
    std::size_t mixed = 0;
    for (std::uint32_t y = 1; y + 1 < kSide; ++y) {
        for (std::uint32_t x = 1; x + 1 < kSide; ++x) {
            const Pixel p = pixelAt(image, std::size_t{kFirst + y} * size.width + kFirst + x);
            if (std::hypot(x + kFirst - 192.0, y + kFirst - 192.0) < 32.0 || std::min({p.r, p.g, p.b}) > 150) {
                continue;  // the glint, or snow
            }
            // Clearly on one side of the coast: the pixel and its eight
            // neighbours at least 100 m above or below sea level, all alike.
            const double height = heights[std::size_t{y} * kSide + x];
            bool clear = std::abs(height) >= 100.0;
            for (std::uint32_t v = y - 1; v <= y + 1; ++v) {
                for (std::uint32_t u = x - 1; u <= x + 1; ++u) {
                    const double around = heights[std::size_t{v} * kSide + u];
                    clear = clear && std::abs(around) >= 100.0 && (around > 0.0) == (height > 0.0);
                }
            }
            if (clear) {
                const bool water = p.b > p.g + 40;
                land += height > 0.0 ? 1u : 0u;
                sea += height > 0.0 ? 0u : 1u;
                wrong += water == (height > 0.0) ? 1u : 0u;
            } else if (std::abs(height) < 2000.0) {
                ++coast;
                mixed += p.r > 60 && p.r < 95 ? 1u : 0u;
            }
        }
    }
    ASSERT_GT(land, 5000u);
    ASSERT_GT(sea, 5000u);
    // Decided by the triangles' corners, 38 were wrong and 187 of 9,167 mixed;
    // per pixel, none and 763 of 8,863.
    EXPECT_LE(wrong, 8u) << "pixels clearly on land drawn as sea, or the other way, of " << land + sea;
    EXPECT_GT(mixed, coast / 20) << "the coasts step from land to sea: " << mixed << " of " << coast << " mixed";
}

// 2,000 km over the Caspian Sea: the low land around it lies at 0 m in the
// data, over wide flats that rise gently inland. That land stays land to the
// pixel, where the flats meet the rise as well: neither the slope at a
// pixel's edge, extrapolated, nor a pixel centre just outside its triangle
// reaches below sea level (both drew pale lines of shallow water across the
// flats: 78 pixels here).
TEST_F(GlobeCoastGpuTest, FromOrbitLandThatMeetsSeaLevelStaysLand)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{320, 320};
    const GeodeticPose pose{46.0, 50.0, 2.0e6, 0.0, -90.0};
    // The sun in the south-west, so that the low land is lit alike; the
    // viewer's settings (4 samples a pixel, triangles of 10 pixels).
    const glm::dvec3 sun = glm::normalize(geodesy::geodeticToEcef({20.0, 15.0, 0.0}));
    const std::unique_ptr<scene::GlobeSceneRenderer> globe =
        makeScene(kSeabedShownDownToMetres, 10.0, VK_SAMPLE_COUNT_4_BIT);
    const scene::test::RenderedImage image = render(*globe, pose, size, 30, "globe-low-land", sun);
    const GlobeView view = globeViewOf(pose);
    std::vector<double> heights;
    ASSERT_NO_FATAL_FAILURE(heightsUnderPixels(view, size, 0, size.width, *elevation_, heights));
    // Low land: the pixel and those around it (six pixels either way, more
    // than two cells of the data) between 0 and 150 m, some at 0 m (the
    // colour of land changes only above 300 m).
    constexpr std::uint32_t kAround = 6;
    std::vector<int> reds;
    std::vector<std::size_t> lowLand;
    std::size_t atSeaLevel = 0;
    for (std::uint32_t y = kAround; y + kAround < size.height; ++y) {
        for (std::uint32_t x = kAround; x + kAround < size.width; ++x) {
            bool low = true;
            bool level = false;
            for (std::uint32_t v = y - kAround; v <= y + kAround; ++v) {
                for (std::uint32_t u = x - kAround; u <= x + kAround; ++u) {
                    const double around = heights[std::size_t{v} * size.width + u];
                    low = low && around >= 0.0 && around < 150.0;
                    level = level || around < 0.5;
                }
            }
            if (low) {
                const std::size_t i = std::size_t{y} * size.width + x;
                lowLand.push_back(i);
                reds.push_back(pixelAt(image, i).r);
                atSeaLevel += level ? 1u : 0u;
            }
        }
    }
    ASSERT_GT(lowLand.size(), size.width * size.height / 10);
    ASSERT_GT(atSeaLevel, lowLand.size() / 50) << "no flats at sea level in view";
    std::nth_element(reds.begin(), reds.begin() + static_cast<std::ptrdiff_t>(reds.size() / 2), reds.end());
    const int median = reds[reds.size() / 2];
    std::size_t pale = 0;
    for (const std::size_t i : lowLand) {
        pale += pixelAt(image, i).r > median + 12 ? 1u : 0u;
    }
    EXPECT_LE(pale, 2u) << "pixels of low land drawn as shallow water, of " << lowLand.size() << " (red " << median
                        << ")";
}

// 6,000 m over the Atlantic, looking at Portugal's coast: turned by a
// sixth of a pixel, the coast moves by a sixth of a pixel. Where a pixel took
// land or sea whole, the coast stepped, and such a turn flipped whole
// pixels between the two (9 here by more than 30 levels; none now).
TEST_F(GlobeCoastGpuTest, NearTheGroundACoastMovesSmoothlyAcrossItsPixels)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const VkExtent2D size{480, 270};
    // Portugal's coast where the test's grid has it: the first land east of
    // 11 W along 39.5 N; the camera 20 km out to sea, looking east at it.
    double coast = -11.0;
    while (elevation_->heightAt(cubePointUnder(39.5, coast)) < 0.0 && coast < -7.0) {
        coast += 0.001;
    }
    ASSERT_LT(coast, -7.0) << "no coast";
    const GeodeticPose pose{39.5, coast - 0.23, 6000.0, 90.0, -20.0};
    GeodeticPose turned = pose;
    turned.headingDegrees += 60.0 / size.height / 6.0;
    const glm::dvec3 sun = glm::normalize(geodesy::geodeticToEcef({30.0, -9.0, 0.0}));
    const scene::test::RenderedImage before = render(pose, size, 60, "globe-coast", sun);
    const scene::test::RenderedImage after = render(turned, size, 60, "globe-coast-turned", sun);
    std::size_t water = 0;
    std::size_t land = 0;
    std::size_t flipped = 0;
    for (std::size_t i = 0; i < before.depth.size(); ++i) {
        const Pixel a = pixelAt(before, i);
        const Pixel b = pixelAt(after, i);
        water += isGlobe(before, i) && a.b > a.g + 40 ? 1u : 0u;
        // Land under 20 km of haze is green-grey, bluer than green but far
        // less so than the sea.
        land += isGlobe(before, i) && a.b < a.g + 20 ? 1u : 0u;
        const int change = std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)});
        flipped += change > 30 ? 1u : 0u;
    }
    ASSERT_GT(water, before.depth.size() / 5) << "no sea in view";
    ASSERT_GT(land, before.depth.size() / 100) << "no land in view";
    EXPECT_LE(flipped, 2u) << "pixels flipped between land and sea";
}

}  // namespace
}  // namespace planet::test
