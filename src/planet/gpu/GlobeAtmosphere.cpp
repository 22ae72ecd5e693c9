#include "planet/gpu/GlobeAtmosphere.h"

#include "geodesy/Wgs84.h"

#include <glm/geometric.hpp>

namespace planet::gpu {
namespace {

constexpr double kPolarStretch = geodesy::kWgs84SemiMajorAxisMetres / geodesy::kWgs84SemiMinorAxisMetres;

}  // namespace

atmosphere::AtmosphereParameters globeAtmosphereParameters()
{
    atmosphere::AtmosphereParameters parameters;
    parameters.planetRadiusKm = static_cast<float>(geodesy::kWgs84SemiMajorAxisMetres * 0.001);
    parameters.atmosphereTopRadiusKm = parameters.planetRadiusKm + 100.0f;
    return parameters;
}

glm::dvec3 atmospherePointOf(const glm::dvec3& ecefMetres)
{
    return glm::dvec3(ecefMetres.x, ecefMetres.y, ecefMetres.z * kPolarStretch) * 0.001;
}

glm::dvec3 atmosphereDirectionOf(const glm::dvec3& ecefDirection)
{
    return glm::normalize(glm::dvec3(ecefDirection.x, ecefDirection.y, ecefDirection.z * kPolarStretch));
}

double atmosphereAltitudeKm(const glm::dvec3& ecefMetres)
{
    return glm::length(atmospherePointOf(ecefMetres)) - geodesy::kWgs84SemiMajorAxisMetres * 0.001;
}

}  // namespace planet::gpu
