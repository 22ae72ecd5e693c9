// The look-up tables computed on the GPU: the transmittance table against the
// double-precision CPU integration, the physical behaviour of the sky-view,
// irradiance and aerial-perspective tables, NaN/Inf-free contents, and the
// recompute / caching / timing paths. The fixture fails any test on a
// validation message.
#include "AtmosphereGpuTest.h"

#include "atmosphere/AtmosphereModel.h"

#include "vk/Device.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <numbers>
#include <stdexcept>

namespace atmosphere::test {
namespace {

class GpuAtmosphereTables : public AtmosphereGpuTest {};

float blueness(const glm::vec4& colour)
{
    return colour.b / (colour.r + colour.g + colour.b);
}

float redness(const glm::vec4& colour)
{
    return colour.r / colour.b;
}

// The sky-view texel that holds a direction `elevationDegrees` above the
// local horizontal, `azimuthDegrees` from the sun, seen from `radiusKm`.
size_t skyViewTexel(const Atmosphere& atmosphere, double radiusKm, double elevationDegrees, double azimuthDegrees)
{
    const glm::uvec2 size = atmosphere.quality().skyViewSize;
    const double toRadians = std::numbers::pi / 180.0;
    const glm::dvec2 coordinate = model::skyViewLutCoordinate(
        atmosphere.parameters(), radiusKm, {std::sin(elevationDegrees * toRadians), azimuthDegrees * toRadians}, size);
    const auto column = std::min(static_cast<uint32_t>(coordinate.x * size.x), size.x - 1);
    const auto row = std::min(static_cast<uint32_t>(coordinate.y * size.y), size.y - 1);
    return static_cast<size_t>(row) * size.x + column;
}

// 0, step, 2 step, ... and the last index.
std::vector<uint32_t> everyNth(uint32_t count, uint32_t step)
{
    std::vector<uint32_t> indices;
    for (uint32_t i = 0; i < count; i += step) {
        indices.push_back(i);
    }
    if (indices.back() != count - 1) {
        indices.push_back(count - 1);
    }
    return indices;
}

void expectAllFinite(const std::vector<glm::vec4>& texels, const char* table)
{
    const auto bad = std::find_if(texels.begin(), texels.end(), [](const glm::vec4& t) { return !isFinite(t); });
    EXPECT_EQ(bad, texels.end()) << table << " has a non-finite texel at index " << (bad - texels.begin());
}

TEST_F(GpuAtmosphereTables, TransmittanceMatchesDoublePrecisionReference)
{
    const AtmosphereParameters parameters;
    Atmosphere atmosphere(device(), shaders(), parameters, 1);
    const glm::uvec2 size = atmosphere.quality().transmittanceSize;
    const std::vector<glm::vec4> texels = downloadTransmittance(atmosphere);
    ASSERT_EQ(texels.size(), size_t{size.x} * size.y);
    expectAllFinite(texels, "transmittance");

    double worst = 0.0;
    for (const uint32_t row : everyNth(size.y, 4)) {
        for (const uint32_t column : everyNth(size.x, 8)) {
            // Texel centres: the comparison is about the integration, not about interpolation.
            const glm::dvec2 coordinate{(column + 0.5) / size.x, (row + 0.5) / size.y};
            const model::RadiusAndCosine ray = model::transmittanceLutRay(parameters, coordinate, size);
            const glm::dvec3 expected = model::transmittanceToTopBoundary(parameters, ray);
            const glm::vec4& actual = texels[size_t{row} * size.x + column];
            for (int channel = 0; channel < 3; ++channel) {
                const double error = std::abs(actual[channel] - expected[channel]) / expected[channel];
                worst = std::max(worst, error);
                EXPECT_LT(error, 1e-3) << "texel (" << column << ", " << row << ") r = " << ray.radiusKm
                                       << " mu = " << ray.mu << " channel " << channel << ": " << actual[channel]
                                       << " vs " << expected[channel];
            }
        }
    }
    std::cout << "worst relative error of the transmittance table: " << worst << "\n";
}

TEST_F(GpuAtmosphereTables, MultipleScatteringIsFiniteAndPositive)
{
    Atmosphere atmosphere(device(), shaders(), AtmosphereParameters{}, 1);
    const std::vector<glm::vec4> texels = downloadMultipleScattering(atmosphere);
    const glm::uvec2 size = atmosphere.quality().multipleScatteringSize;
    ASSERT_EQ(texels.size(), size_t{size.x} * size.y);
    expectAllFinite(texels, "multiple scattering");
    for (uint32_t row = 0; row < size.y; ++row) {
        for (uint32_t column = 0; column < size.x; ++column) {
            const glm::vec4& texel = texels[size_t{row} * size.x + column];
            EXPECT_GE(std::min({texel.r, texel.g, texel.b}), 0.0f) << "texel (" << column << ", " << row << ")";
            // Positive wherever sunlight reaches the air around the point. With
            // the sun more than ~10 degrees below the horizon (night) every
            // point the kernel samples is in the planet's shadow and the table
            // is exactly 0 there, as it should be.
            const double sunCosZenith = -1.0 + 2.0 * column / (size.x - 1.0);
            if (sunCosZenith >= -0.1) {
                EXPECT_GT(std::min({texel.r, texel.g, texel.b}), 0.0f) << "texel (" << column << ", " << row << ")";
            }
        }
    }
    // With the sun high, near the ground, much more light is scattered than
    // with the sun at the horizon at the top of the atmosphere.
    const glm::vec4 groundSunHigh = texels[size.x - 1];
    const glm::vec4 topSunLow = texels[size_t{size.y - 1} * size.x + size.x / 2];
    EXPECT_GT(groundSunHigh.b, 2.0f * topSunLow.b);
}

TEST_F(GpuAtmosphereTables, SkyIsBluerAtTheZenithAndRedderNearTheSunAtSunset)
{
    Atmosphere atmosphere(device(), shaders(), AtmosphereParameters{}, 1);
    const camera::FrameView view = cameraLookingAlong(100.0f, glm::vec3(0.0f, 0.0f, -1.0f));
    renderFrame(atmosphere, view, sunAtElevation(90.0f));
    const std::vector<glm::vec4> noon = downloadSkyView(atmosphere);
    const std::vector<glm::vec4> noonIrradiance = downloadSkyIrradiance(atmosphere);
    renderFrame(atmosphere, view, sunAtElevation(2.0f));
    const std::vector<glm::vec4> sunset = downloadSkyView(atmosphere);
    const std::vector<glm::vec4> sunsetIrradiance = downloadSkyIrradiance(atmosphere);
    expectAllFinite(noon, "sky view at noon");
    expectAllFinite(sunset, "sky view at sunset");

    const double radius = glm::length(glm::vec3(atmosphere.uniforms().cameraPlanetPosition));
    const glm::vec4 noonZenith = noon[skyViewTexel(atmosphere, radius, 89.0, 90.0)];
    const glm::vec4 noonHorizon = noon[skyViewTexel(atmosphere, radius, 1.0, 90.0)];
    EXPECT_GT(noonZenith.b, noonZenith.r);
    EXPECT_GT(blueness(noonZenith), blueness(noonHorizon))
        << "zenith " << noonZenith.r << " " << noonZenith.g << " " << noonZenith.b << ", horizon " << noonHorizon.r
        << " " << noonHorizon.g << " " << noonHorizon.b;

    // Just above the sun: at noon the sun is at the zenith.
    const glm::vec4 nearSunAtNoon = noon[skyViewTexel(atmosphere, radius, 86.0, 0.0)];
    const glm::vec4 nearSunAtSunset = sunset[skyViewTexel(atmosphere, radius, 4.0, 0.0)];
    EXPECT_GT(redness(nearSunAtSunset), 1.5f * redness(nearSunAtNoon))
        << "sunset " << nearSunAtSunset.r << " " << nearSunAtSunset.g << " " << nearSunAtSunset.b << ", noon "
        << nearSunAtNoon.r << " " << nearSunAtNoon.g << " " << nearSunAtNoon.b;
    // The sky dims when the sun sets, and so does the light it sheds.
    EXPECT_LT(sunset[skyViewTexel(atmosphere, radius, 89.0, 90.0)].g, noonZenith.g);
    for (int channel = 0; channel < 3; ++channel) {
        EXPECT_GT(noonIrradiance[0][channel], 0.0f);
        EXPECT_GT(noonIrradiance[0][channel], sunsetIrradiance[0][channel]);
        EXPECT_GT(noonIrradiance[1][channel], noonIrradiance[0][channel]);
        EXPECT_TRUE(std::isfinite(sunsetIrradiance[1][channel]));
    }
}

TEST_F(GpuAtmosphereTables, AerialPerspectiveThickensWithDistance)
{
    Atmosphere atmosphere(device(), shaders(), AtmosphereParameters{}, 1);
    renderFrame(atmosphere, cameraLookingAlong(300.0f, glm::vec3(0.0f, 0.0f, -1.0f)), sunAtElevation(30.0f));
    const std::vector<glm::vec4> inScattering = downloadAerialInScattering(atmosphere);
    const std::vector<glm::vec4> transmittance = downloadAerialTransmittance(atmosphere);
    const glm::uvec3 size = atmosphere.quality().aerialPerspectiveSize;
    ASSERT_EQ(inScattering.size(), size_t{size.x} * size.y * size.z);
    expectAllFinite(inScattering, "aerial in-scattering");
    expectAllFinite(transmittance, "aerial transmittance");

    const auto at = [&](uint32_t x, uint32_t y, uint32_t slice) { return (size_t{slice} * size.y + y) * size.x + x; };
    for (const glm::uvec2 column : {glm::uvec2(16, 16), glm::uvec2(3, 28), glm::uvec2(30, 2)}) {
        for (uint32_t slice = 1; slice < size.z; ++slice) {
            const size_t near = at(column.x, column.y, slice - 1);
            const size_t far = at(column.x, column.y, slice);
            EXPECT_GE(inScattering[far].b, inScattering[near].b) << "slice " << slice;
            EXPECT_LE(transmittance[far].b, transmittance[near].b) << "slice " << slice;
        }
    }
    const glm::vec4 nearest = transmittance[at(16, 16, 0)];
    const glm::vec4 farthest = transmittance[at(16, 16, size.z - 1)];
    EXPECT_GT(nearest.g, 0.99f);
    EXPECT_LT(farthest.b, 0.8f);
    EXPECT_LT(farthest.b, farthest.r);  // blue is scattered away first
    for (const glm::vec4& value : transmittance) {
        ASSERT_GE(std::min({value.r, value.g, value.b}), 0.0f);
        ASSERT_LE(std::max({value.r, value.g, value.b}), 1.0f);
    }
}

TEST_F(GpuAtmosphereTables, RecomputeFollowsTheParameters)
{
    AtmosphereParameters parameters;
    Atmosphere atmosphere(device(), shaders(), parameters, 2);
    const std::vector<glm::vec4> before = downloadTransmittance(atmosphere);
    parameters.rayleighScatteringPerMetre *= 2.0f;
    device().submitAndWait([&](VkCommandBuffer commands) { atmosphere.recompute(commands, parameters, 1); });
    EXPECT_EQ(atmosphere.parameters(), parameters);
    const std::vector<glm::vec4> after = downloadTransmittance(atmosphere);
    const glm::uvec2 size = atmosphere.quality().transmittanceSize;
    const size_t groundHorizon = size.x - 1;
    EXPECT_LT(after[groundHorizon].b, 0.5f * before[groundHorizon].b);
    const glm::dvec3 expected = model::transmittanceToTopBoundary(
        parameters, model::transmittanceLutRay(parameters, {0.5 / size.x, 0.5 / size.y}, size));
    EXPECT_NEAR(after[0].b, expected.b, 1e-3 * expected.b);

    AtmosphereParameters invalid = parameters;
    invalid.mieScaleHeightKm = -1.0f;
    EXPECT_THROW(device().submitAndWait([&](VkCommandBuffer commands) { atmosphere.recompute(commands, invalid, 0); }),
                 std::invalid_argument);
    EXPECT_EQ(atmosphere.parameters(), parameters);
}

TEST_F(GpuAtmosphereTables, SkyViewIsReusedUntilTheSunMovesAndTimingsAreReported)
{
    Atmosphere atmosphere(device(), shaders(), AtmosphereParameters{}, 1);
    ASSERT_TRUE(atmosphere.tableTimings().has_value());
    EXPECT_GT(atmosphere.tableTimings()->transmittanceMs, 0.0) << "the table was computed at construction";
    const camera::FrameView view = cameraLookingAlong(100.0f, glm::vec3(1.0f, 0.0f, 0.0f));
    renderFrame(atmosphere, view, sunAtElevation(20.0f));
    ASSERT_TRUE(atmosphere.frameTimings().has_value());
    // Same camera height and sun: the sky-view pass is skipped (reports 0).
    renderFrame(atmosphere, view, sunAtElevation(20.0f));
    ASSERT_TRUE(atmosphere.frameTimings().has_value());
    EXPECT_EQ(atmosphere.frameTimings()->skyViewMs, 0.0);
    const std::vector<glm::vec4> cached = downloadSkyView(atmosphere);
    renderFrame(atmosphere, view, sunAtElevation(5.0f));
    const std::vector<glm::vec4> refreshed = downloadSkyView(atmosphere);
    const size_t zenith = static_cast<size_t>(atmosphere.quality().skyViewSize.x) / 2;
    EXPECT_NE(cached[zenith].b, refreshed[zenith].b);

    // Reloading the kernels recomputes the static tables with the next frame.
    EXPECT_FALSE(atmosphere.reloadShaders().has_value());
    renderFrame(atmosphere, view, sunAtElevation(5.0f));
    expectAllFinite(downloadTransmittance(atmosphere), "transmittance after reload");
    EXPECT_EQ(downloadSkyView(atmosphere)[zenith].b, refreshed[zenith].b);
}

}  // namespace
}  // namespace atmosphere::test
