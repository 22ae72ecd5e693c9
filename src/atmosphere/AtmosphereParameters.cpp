#include "atmosphere/AtmosphereParameters.h"

#include <cmath>

namespace atmosphere {

namespace {

bool isFinite(const glm::vec3& value)
{
    return std::isfinite(value.x) && std::isfinite(value.y) && std::isfinite(value.z);
}

bool isNonNegative(const glm::vec3& value)
{
    return isFinite(value) && value.x >= 0.0f && value.y >= 0.0f && value.z >= 0.0f;
}

bool isPositive(float value)
{
    return std::isfinite(value) && value > 0.0f;
}

}  // namespace

std::optional<std::string> parameterError(const AtmosphereParameters& parameters)
{
    if (!isPositive(parameters.planetRadiusKm)) {
        return "the planet radius must be positive";
    }
    if (!std::isfinite(parameters.atmosphereTopRadiusKm) ||
        parameters.atmosphereTopRadiusKm <= parameters.planetRadiusKm) {
        return "the top of the atmosphere must lie above the planet's surface";
    }
    if (!isNonNegative(parameters.rayleighScatteringPerMetre)) {
        return "Rayleigh scattering must be finite and non-negative";
    }
    if (!isPositive(parameters.rayleighScaleHeightKm) || !isPositive(parameters.mieScaleHeightKm)) {
        return "scale heights must be positive";
    }
    if (!std::isfinite(parameters.mieScatteringPerMetre) || parameters.mieScatteringPerMetre < 0.0f) {
        return "Mie scattering must be finite and non-negative";
    }
    if (!std::isfinite(parameters.mieExtinctionPerMetre) ||
        parameters.mieExtinctionPerMetre < parameters.mieScatteringPerMetre) {
        return "Mie extinction must be at least Mie scattering";
    }
    if (!std::isfinite(parameters.miePhaseG) || std::abs(parameters.miePhaseG) >= 1.0f) {
        return "the Mie phase asymmetry g must lie in (-1, 1)";
    }
    if (!isNonNegative(parameters.ozoneAbsorptionPerMetre)) {
        return "ozone absorption must be finite and non-negative";
    }
    if (!std::isfinite(parameters.ozoneCentreAltitudeKm) || !isPositive(parameters.ozoneWidthKm)) {
        return "the ozone layer needs a finite centre and a positive width";
    }
    if (!isNonNegative(parameters.groundAlbedo) || parameters.groundAlbedo.x > 1.0f ||
        parameters.groundAlbedo.y > 1.0f || parameters.groundAlbedo.z > 1.0f) {
        return "the ground albedo must lie in [0, 1]";
    }
    if (!isNonNegative(parameters.sunIlluminance)) {
        return "the sun illuminance must be finite and non-negative";
    }
    if (!isPositive(parameters.sunAngularRadiusDegrees) || parameters.sunAngularRadiusDegrees > 10.0f) {
        return "the sun's angular radius must lie in (0, 10] degrees";
    }
    if (!std::isfinite(parameters.multipleScatteringFactor) || parameters.multipleScatteringFactor < 0.0f) {
        return "the multiple scattering factor must be finite and non-negative";
    }
    if (!isPositive(parameters.aerialPerspectiveDistanceKm)) {
        return "the aerial perspective distance must be positive";
    }
    return std::nullopt;
}

}  // namespace atmosphere
