#include "atmosphere/AtmosphereModel.h"

#include <glm/exponential.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace atmosphere::model {

namespace {

constexpr double kMetresPerKm = 1000.0;

double bottomRadius(const AtmosphereParameters& parameters)
{
    return static_cast<double>(parameters.planetRadiusKm);
}

double topRadius(const AtmosphereParameters& parameters)
{
    return static_cast<double>(parameters.atmosphereTopRadiusKm);
}

glm::dvec3 perKm(const glm::vec3& perMetre)
{
    return glm::dvec3(perMetre) * kMetresPerKm;
}

double perKm(float perMetre)
{
    return static_cast<double>(perMetre) * kMetresPerKm;
}

// Largest radius from which the horizon ray is considered: the top.
double horizonDistanceAtTop(const AtmosphereParameters& parameters)
{
    const double bottom = bottomRadius(parameters);
    const double top = topRadius(parameters);
    return std::sqrt((top - bottom) * (top + bottom));
}

double horizonDistance(const AtmosphereParameters& parameters, double radiusKm)
{
    const double bottom = bottomRadius(parameters);
    return std::sqrt(std::max((radiusKm - bottom) * (radiusKm + bottom), 0.0));
}

// Zenith angle of the direction grazing the planet, seen from radius r.
double horizonZenithAngle(const AtmosphereParameters& parameters, double radiusKm)
{
    const double radius = std::max(radiusKm, bottomRadius(parameters));
    return std::acos(std::clamp(-horizonDistance(parameters, radius) / radius, -1.0, 1.0));
}

// Distances t > 0 at which the ray from radius r along mu crosses the sphere
// of radius `sphereRadius`, appended to `crossings` when inside (0, limit).
void appendSphereCrossings(double radiusKm, double mu, double sphereRadius, double limit,
                           std::vector<double>& crossings)
{
    const double discriminant = radiusKm * radiusKm * (mu * mu - 1.0) + sphereRadius * sphereRadius;
    if (discriminant < 0.0) {
        return;
    }
    const double root = std::sqrt(discriminant);
    for (const double t : {-radiusKm * mu - root, -radiusKm * mu + root}) {
        if (t > 0.0 && t < limit) {
            crossings.push_back(t);
        }
    }
}

glm::dvec3 simpson(const AtmosphereParameters& parameters, RadiusAndCosine ray, double begin, double end, int intervals)
{
    const int evenIntervals = std::max(2, intervals + (intervals % 2));
    const double step = (end - begin) / evenIntervals;
    glm::dvec3 sum(0.0);
    for (int i = 0; i <= evenIntervals; ++i) {
        const double weight = (i == 0 || i == evenIntervals) ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0);
        const double t = begin + step * i;
        sum += weight * extinctionPerKm(parameters, altitudeAlongRay(parameters, ray.radiusKm, ray.mu, t));
    }
    return sum * (step / 3.0);
}

}  // namespace

double rayleighDensity(const AtmosphereParameters& parameters, double altitudeKm)
{
    return std::exp(-altitudeKm / static_cast<double>(parameters.rayleighScaleHeightKm));
}

double mieDensity(const AtmosphereParameters& parameters, double altitudeKm)
{
    return std::exp(-altitudeKm / static_cast<double>(parameters.mieScaleHeightKm));
}

double ozoneDensity(const AtmosphereParameters& parameters, double altitudeKm)
{
    const double halfWidth = 0.5 * static_cast<double>(parameters.ozoneWidthKm);
    const double offset = std::abs(altitudeKm - static_cast<double>(parameters.ozoneCentreAltitudeKm));
    return std::max(0.0, 1.0 - offset / halfWidth);
}

glm::dvec3 extinctionPerKm(const AtmosphereParameters& parameters, double altitudeKm)
{
    return perKm(parameters.rayleighScatteringPerMetre) * rayleighDensity(parameters, altitudeKm) +
           glm::dvec3(perKm(parameters.mieExtinctionPerMetre) * mieDensity(parameters, altitudeKm)) +
           perKm(parameters.ozoneAbsorptionPerMetre) * ozoneDensity(parameters, altitudeKm);
}

double rayleighPhase(double cosTheta)
{
    return 3.0 / (16.0 * std::numbers::pi) * (1.0 + cosTheta * cosTheta);
}

double miePhase(double cosTheta, double g)
{
    const double g2 = g * g;
    const double denominator = std::max(1.0 + g2 - 2.0 * g * cosTheta, 1.0e-6);
    return 3.0 / (8.0 * std::numbers::pi) * (1.0 - g2) * (1.0 + cosTheta * cosTheta) /
           ((2.0 + g2) * denominator * std::sqrt(denominator));
}

double altitudeAlongRay(const AtmosphereParameters& parameters, double radiusKm, double mu, double distanceKm)
{
    const double bottom = bottomRadius(parameters);
    const double squaredRadius = radiusKm * radiusKm + 2.0 * radiusKm * mu * distanceKm + distanceKm * distanceKm;
    const double numerator =
        (radiusKm - bottom) * (radiusKm + bottom) + 2.0 * radiusKm * mu * distanceKm + distanceKm * distanceKm;
    return numerator / (std::sqrt(std::max(squaredRadius, 0.0)) + bottom);
}

double distanceToTopBoundary(const AtmosphereParameters& parameters, double radiusKm, double mu)
{
    const double top = topRadius(parameters);
    const double inside = (top - radiusKm) * (top + radiusKm);
    const double root = std::sqrt(std::max(inside + radiusKm * radiusKm * mu * mu, 0.0));
    if (mu > 0.0) {
        return std::max(inside, 0.0) / (radiusKm * mu + root);
    }
    return std::max(-radiusKm * mu + root, 0.0);
}

bool rayIntersectsGround(const AtmosphereParameters& parameters, double radiusKm, double mu)
{
    const double bottom = bottomRadius(parameters);
    return mu < 0.0 && radiusKm * radiusKm * (mu * mu - 1.0) + bottom * bottom >= 0.0;
}

double distanceToGround(const AtmosphereParameters& parameters, double radiusKm, double mu)
{
    const double bottom = bottomRadius(parameters);
    const double above = std::max((radiusKm - bottom) * (radiusKm + bottom), 0.0);
    const double root = std::sqrt(std::max(radiusKm * radiusKm * mu * mu - above, 0.0));
    const double denominator = -radiusKm * mu + root;
    return denominator > 0.0 ? above / denominator : 0.0;
}

double unitToTextureCoordinate(double unit, uint32_t texels)
{
    const double count = static_cast<double>(texels);
    return 0.5 / count + unit * (1.0 - 1.0 / count);
}

double textureCoordinateToUnit(double coordinate, uint32_t texels)
{
    const double count = static_cast<double>(texels);
    return (coordinate - 0.5 / count) / (1.0 - 1.0 / count);
}

glm::dvec2 transmittanceLutCoordinate(const AtmosphereParameters& parameters, RadiusAndCosine ray, glm::uvec2 lutSize)
{
    const double horizonAtTop = horizonDistanceAtTop(parameters);
    const double rho = horizonDistance(parameters, ray.radiusKm);
    const double distance = distanceToTopBoundary(parameters, ray.radiusKm, ray.mu);
    const double shortest = topRadius(parameters) - ray.radiusKm;
    const double longest = rho + horizonAtTop;
    const double xMu = longest > shortest ? (distance - shortest) / (longest - shortest) : 0.0;
    const double xR = rho / horizonAtTop;
    return {unitToTextureCoordinate(std::clamp(xMu, 0.0, 1.0), lutSize.x),
            unitToTextureCoordinate(std::clamp(xR, 0.0, 1.0), lutSize.y)};
}

RadiusAndCosine transmittanceLutRay(const AtmosphereParameters& parameters, glm::dvec2 coordinate, glm::uvec2 lutSize)
{
    const double xMu = textureCoordinateToUnit(coordinate.x, lutSize.x);
    const double xR = textureCoordinateToUnit(coordinate.y, lutSize.y);
    const double horizonAtTop = horizonDistanceAtTop(parameters);
    const double bottom = bottomRadius(parameters);
    const double rho = horizonAtTop * xR;
    const double radius = std::sqrt(rho * rho + bottom * bottom);
    const double shortest = topRadius(parameters) - radius;
    const double longest = rho + horizonAtTop;
    const double distance = shortest + xMu * (longest - shortest);
    const double mu = distance <= 0.0
                          ? 1.0
                          : (horizonAtTop * horizonAtTop - rho * rho - distance * distance) / (2.0 * radius * distance);
    return {radius, std::clamp(mu, -1.0, 1.0)};
}

glm::dvec2 multipleScatteringLutCoordinate(const AtmosphereParameters& parameters, double radiusKm, double sunCosZenith,
                                           glm::uvec2 lutSize)
{
    const double bottom = bottomRadius(parameters);
    const double altitude = (radiusKm - bottom) / (topRadius(parameters) - bottom);
    return {unitToTextureCoordinate(std::clamp(0.5 + 0.5 * sunCosZenith, 0.0, 1.0), lutSize.x),
            unitToTextureCoordinate(std::clamp(altitude, 0.0, 1.0), lutSize.y)};
}

glm::dvec2 skyViewLutCoordinate(const AtmosphereParameters& parameters, double radiusKm, SkyViewDirection direction,
                                glm::uvec2 lutSize)
{
    const double horizon = horizonZenithAngle(parameters, radiusKm);
    const double zenithAngle = std::acos(std::clamp(direction.cosViewZenith, -1.0, 1.0));
    double y = 0.0;
    if (zenithAngle <= horizon) {
        y = 0.5 - 0.5 * std::sqrt(std::max(1.0 - zenithAngle / horizon, 0.0));
    } else {
        y = 0.5 + 0.5 * std::sqrt(std::max((zenithAngle - horizon) / (std::numbers::pi - horizon), 0.0));
    }
    const double x = std::clamp(std::abs(direction.azimuthFromSunRadians) / std::numbers::pi, 0.0, 1.0);
    return {unitToTextureCoordinate(x, lutSize.x), unitToTextureCoordinate(y, lutSize.y)};
}

SkyViewDirection skyViewLutDirection(const AtmosphereParameters& parameters, double radiusKm, glm::dvec2 coordinate,
                                     glm::uvec2 lutSize)
{
    const double x = std::clamp(textureCoordinateToUnit(coordinate.x, lutSize.x), 0.0, 1.0);
    const double y = std::clamp(textureCoordinateToUnit(coordinate.y, lutSize.y), 0.0, 1.0);
    const double horizon = horizonZenithAngle(parameters, radiusKm);
    double zenithAngle = 0.0;
    if (y < 0.5) {
        const double fromZenith = 1.0 - 2.0 * y;
        zenithAngle = horizon * (1.0 - fromZenith * fromZenith);
    } else {
        const double belowHorizon = 2.0 * y - 1.0;
        zenithAngle = horizon + (std::numbers::pi - horizon) * belowHorizon * belowHorizon;
    }
    return {std::cos(zenithAngle), x * std::numbers::pi};
}

double aerialPerspectiveSliceCoordinate(double distanceKm, double maxDistanceKm, uint32_t sliceCount)
{
    return std::sqrt(std::max(distanceKm, 0.0) / maxDistanceKm) - 0.5 / static_cast<double>(sliceCount);
}

double aerialPerspectiveSliceDistance(uint32_t slice, double maxDistanceKm, uint32_t sliceCount)
{
    const double fraction = static_cast<double>(slice + 1) / static_cast<double>(sliceCount);
    return maxDistanceKm * fraction * fraction;
}

glm::dvec3 opticalDepthToTopBoundary(const AtmosphereParameters& parameters, RadiusAndCosine ray, int intervalsPerPiece)
{
    const double length = distanceToTopBoundary(parameters, ray.radiusKm, ray.mu);
    if (length <= 0.0) {
        return glm::dvec3(0.0);
    }
    std::vector<double> breaks{0.0, length};
    const double bottom = bottomRadius(parameters);
    const double centre = static_cast<double>(parameters.ozoneCentreAltitudeKm);
    const double halfWidth = 0.5 * static_cast<double>(parameters.ozoneWidthKm);
    for (const double kinkAltitude : {centre - halfWidth, centre, centre + halfWidth}) {
        appendSphereCrossings(ray.radiusKm, ray.mu, bottom + kinkAltitude, length, breaks);
    }
    std::sort(breaks.begin(), breaks.end());
    glm::dvec3 depth(0.0);
    for (size_t piece = 0; piece + 1 < breaks.size(); ++piece) {
        if (breaks[piece + 1] > breaks[piece]) {
            depth += simpson(parameters, ray, breaks[piece], breaks[piece + 1], intervalsPerPiece);
        }
    }
    return depth;
}

glm::dvec3 transmittanceToTopBoundary(const AtmosphereParameters& parameters, RadiusAndCosine ray)
{
    return glm::exp(-opticalDepthToTopBoundary(parameters, ray));
}

}  // namespace atmosphere::model
