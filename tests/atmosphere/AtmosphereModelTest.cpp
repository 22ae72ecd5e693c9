// The CPU reference model: its integrals against closed forms, and the
// look-up table coordinate mappings against their inverses.
#include "atmosphere/AtmosphereModel.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace atmosphere::model {
namespace {

AtmosphereParameters rayleighOnly()
{
    AtmosphereParameters parameters;
    parameters.mieScatteringPerMetre = 0.0f;
    parameters.mieExtinctionPerMetre = 0.0f;
    parameters.ozoneAbsorptionPerMetre = glm::vec3(0.0f);
    return parameters;
}

double relativeError(double value, double expected)
{
    return std::abs(value - expected) / std::abs(expected);
}

TEST(AtmosphereModel, VerticalRayleighDepthMatchesClosedForm)
{
    const AtmosphereParameters parameters = rayleighOnly();
    const glm::dvec3 depth = opticalDepthToTopBoundary(parameters, {6360.0, 1.0});
    const double scaleHeight = 8.0;
    const double column = scaleHeight * (1.0 - std::exp(-100.0 / scaleHeight));
    const glm::dvec3 expected = glm::dvec3(parameters.rayleighScatteringPerMetre) * 1000.0 * column;
    for (int channel = 0; channel < 3; ++channel) {
        EXPECT_LT(relativeError(depth[channel], expected[channel]), 1e-9) << "channel " << channel;
    }
}

TEST(AtmosphereModel, VerticalOzoneDepthIsTheTentArea)
{
    AtmosphereParameters parameters;
    parameters.rayleighScatteringPerMetre = glm::vec3(0.0f);
    parameters.mieScatteringPerMetre = 0.0f;
    parameters.mieExtinctionPerMetre = 0.0f;
    const glm::dvec3 depth = opticalDepthToTopBoundary(parameters, {6360.0, 1.0});
    // Area of a tent of height 1 and base 30 km.
    const glm::dvec3 expected = glm::dvec3(parameters.ozoneAbsorptionPerMetre) * 1000.0 * 15.0;
    for (int channel = 0; channel < 3; ++channel) {
        EXPECT_LT(relativeError(depth[channel], expected[channel]), 1e-9) << "channel " << channel;
    }
}

TEST(AtmosphereModel, GrazingIntegralHasConverged)
{
    const AtmosphereParameters parameters;
    const RadiusAndCosine horizon{6360.0, 0.0};
    const glm::dvec3 coarse = opticalDepthToTopBoundary(parameters, horizon, 2000);
    const glm::dvec3 fine = opticalDepthToTopBoundary(parameters, horizon, 8000);
    for (int channel = 0; channel < 3; ++channel) {
        EXPECT_LT(relativeError(coarse[channel], fine[channel]), 1e-9);
    }
    // Blue light crossing the whole atmosphere along the horizon loses most of itself.
    EXPECT_GT(fine.b, 5.0);
    EXPECT_LT(fine.b, 20.0);
}

TEST(AtmosphereModel, TransmittanceFallsTowardsTheHorizonAndWithDepth)
{
    const AtmosphereParameters parameters;
    const glm::dvec3 up = transmittanceToTopBoundary(parameters, {6360.0, 1.0});
    const glm::dvec3 slanted = transmittanceToTopBoundary(parameters, {6360.0, 0.3});
    const glm::dvec3 horizon = transmittanceToTopBoundary(parameters, {6360.0, 0.0});
    const glm::dvec3 high = transmittanceToTopBoundary(parameters, {6370.0, 0.0});
    for (int channel = 0; channel < 3; ++channel) {
        EXPECT_GT(up[channel], slanted[channel]);
        EXPECT_GT(slanted[channel], horizon[channel]);
        EXPECT_GT(high[channel], horizon[channel]);
    }
    // Rayleigh scattering is strongest in blue: the sun reddens at the horizon.
    EXPECT_GT(horizon.r, horizon.b);
    const glm::dvec3 top = transmittanceToTopBoundary(parameters, {6460.0, 1.0});
    EXPECT_DOUBLE_EQ(top.g, 1.0);
}

TEST(AtmosphereModel, RayGeometry)
{
    const AtmosphereParameters parameters;
    EXPECT_NEAR(distanceToTopBoundary(parameters, 6360.0, 1.0), 100.0, 1e-9);
    EXPECT_NEAR(distanceToTopBoundary(parameters, 6360.0, 0.0), std::sqrt(6460.0 * 6460.0 - 6360.0 * 6360.0), 1e-9);
    // Downwards but missing the planet: the chord out of the top sphere.
    const double naiveChord = 6400.0 * 0.1 + std::sqrt(6400.0 * 6400.0 * 0.01 + 6460.0 * 6460.0 - 6400.0 * 6400.0);
    EXPECT_FALSE(rayIntersectsGround(parameters, 6400.0, -0.1));
    EXPECT_NEAR(distanceToTopBoundary(parameters, 6400.0, -0.1), naiveChord, 1e-9);
    EXPECT_TRUE(rayIntersectsGround(parameters, 6361.0, -1.0));
    EXPECT_NEAR(distanceToGround(parameters, 6361.0, -1.0), 1.0, 1e-9);
    EXPECT_FALSE(rayIntersectsGround(parameters, 6361.0, 0.0));
    EXPECT_FALSE(rayIntersectsGround(parameters, 6361.0, 0.5));
    for (const double t : {0.0, 1.0, 50.0, 700.0}) {
        const double r = 6365.0;
        const double mu = -0.2;
        const double naive = std::sqrt(r * r + 2.0 * r * mu * t + t * t) - 6360.0;
        EXPECT_NEAR(altitudeAlongRay(parameters, r, mu, t), naive, 1e-8) << "t = " << t;
    }
}

TEST(AtmosphereModel, PhaseFunctionsIntegrateToOne)
{
    const int steps = 20000;
    double rayleigh = 0.0;
    double mie = 0.0;
    for (int i = 0; i < steps; ++i) {
        const double cosTheta = -1.0 + 2.0 * (i + 0.5) / steps;
        rayleigh += rayleighPhase(cosTheta);
        mie += miePhase(cosTheta, 0.8);
    }
    const double sphere = 2.0 * std::numbers::pi * 2.0 / steps;
    EXPECT_NEAR(rayleigh * sphere, 1.0, 1e-6);
    EXPECT_NEAR(mie * sphere, 1.0, 1e-3);
    EXPECT_GT(miePhase(1.0, 0.8), 10.0 * miePhase(0.0, 0.8));
}

TEST(AtmosphereModel, TransmittanceCoordinatesRoundTrip)
{
    const AtmosphereParameters parameters;
    const glm::uvec2 size{256, 64};
    for (const double radius : {6360.0, 6360.5, 6370.0, 6420.0, 6459.0}) {
        const double horizonMu = -std::sqrt(std::max(1.0 - (6360.0 / radius) * (6360.0 / radius), 0.0));
        for (const double mu : {1.0, 0.7, 0.2, 0.01, horizonMu + 1e-3}) {
            const glm::dvec2 coordinate = transmittanceLutCoordinate(parameters, {radius, mu}, size);
            EXPECT_GE(coordinate.x, 0.5 / 256 - 1e-12);
            EXPECT_LE(coordinate.x, 1.0 - 0.5 / 256 + 1e-12);
            const RadiusAndCosine ray = transmittanceLutRay(parameters, coordinate, size);
            EXPECT_NEAR(ray.radiusKm, radius, 1e-6);
            EXPECT_NEAR(ray.mu, mu, 1e-6) << "r = " << radius << " mu = " << mu;
        }
    }
    // First texel column looks straight up; the last one, at ground level, along the horizon.
    const RadiusAndCosine up = transmittanceLutRay(parameters, {0.5 / 256, 0.5 / 64}, size);
    EXPECT_NEAR(up.radiusKm, 6360.0, 1e-9);
    EXPECT_NEAR(up.mu, 1.0, 1e-12);
    const RadiusAndCosine horizon = transmittanceLutRay(parameters, {1.0 - 0.5 / 256, 0.5 / 64}, size);
    EXPECT_NEAR(horizon.mu, 0.0, 1e-12);
}

TEST(AtmosphereModel, SkyViewCoordinatesRoundTripAndPutTheHorizonInTheMiddle)
{
    const AtmosphereParameters parameters;
    const glm::uvec2 size{192, 108};
    const double radius = 6361.0;
    for (const double cosZenith : {0.99, 0.5, 0.05, -0.01, -0.3, -0.9}) {
        for (const double azimuth : {0.0, 0.4, 2.0, std::numbers::pi}) {
            const glm::dvec2 coordinate = skyViewLutCoordinate(parameters, radius, {cosZenith, azimuth}, size);
            const SkyViewDirection direction = skyViewLutDirection(parameters, radius, coordinate, size);
            EXPECT_NEAR(direction.cosViewZenith, cosZenith, 1e-9);
            EXPECT_NEAR(direction.azimuthFromSunRadians, azimuth, 1e-9);
        }
    }
    const double horizonCos = -std::sqrt(radius * radius - 6360.0 * 6360.0) / radius;
    EXPECT_NEAR(skyViewLutCoordinate(parameters, radius, {horizonCos, 0.0}, size).y, 0.5, 1e-9);
    EXPECT_NEAR(skyViewLutCoordinate(parameters, radius, {1.0, 0.0}, size).y, 0.5 / 108, 1e-9);
    // The sky is symmetric about the sun's vertical plane.
    EXPECT_NEAR(skyViewLutCoordinate(parameters, radius, {0.3, -1.0}, size).x,
                skyViewLutCoordinate(parameters, radius, {0.3, 1.0}, size).x, 1e-12);
}

TEST(AtmosphereModel, AerialPerspectiveSlicesLandOnTexelCentres)
{
    for (uint32_t slice = 0; slice < 32; ++slice) {
        const double distance = aerialPerspectiveSliceDistance(slice, 64.0, 32);
        EXPECT_NEAR(aerialPerspectiveSliceCoordinate(distance, 64.0, 32), (slice + 0.5) / 32.0, 1e-12);
    }
    EXPECT_NEAR(aerialPerspectiveSliceDistance(31, 64.0, 32), 64.0, 1e-12);
}

TEST(AtmosphereModel, MultipleScatteringCoordinates)
{
    const AtmosphereParameters parameters;
    const glm::uvec2 size{32, 32};
    const glm::dvec2 low = multipleScatteringLutCoordinate(parameters, 6360.0, -1.0, size);
    EXPECT_NEAR(low.x, 0.5 / 32, 1e-12);
    EXPECT_NEAR(low.y, 0.5 / 32, 1e-12);
    const glm::dvec2 high = multipleScatteringLutCoordinate(parameters, 6460.0, 1.0, size);
    EXPECT_NEAR(high.x, 1.0 - 0.5 / 32, 1e-12);
    EXPECT_NEAR(high.y, 1.0 - 0.5 / 32, 1e-12);
}

}  // namespace
}  // namespace atmosphere::model
