// The atmosphere model on the CPU, in double precision: the reference every
// GPU kernel of shaders/atmosphere is checked against. The GLSL mirror of
// each function here lives in shaders/atmosphere/AtmosphereModel.glsl under
// the same name (atmosphere_<Name>), with the same formulas.
//
// Geometry: positions are measured from the planet's centre in kilometres;
// a ray is described by the radius r of its origin and the cosine mu of the
// angle between its direction and the local zenith.
#pragma once

#include "atmosphere/AtmosphereParameters.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>

namespace atmosphere::model {

// --- medium ----------------------------------------------------------------

double rayleighDensity(const AtmosphereParameters& parameters, double altitudeKm);
double mieDensity(const AtmosphereParameters& parameters, double altitudeKm);
double ozoneDensity(const AtmosphereParameters& parameters, double altitudeKm);

// Extinction coefficient per kilometre at an altitude: Rayleigh scattering +
// Mie extinction + ozone absorption.
glm::dvec3 extinctionPerKm(const AtmosphereParameters& parameters, double altitudeKm);

// Phase functions (per steradian, integrating to 1 over the sphere) of the
// cosine of the scattering angle: Rayleigh's 3 / (16 pi) (1 + c^2), and
// Cornette-Shanks' Henyey-Greenstein-like lobe for Mie with asymmetry g.
double rayleighPhase(double cosTheta);
double miePhase(double cosTheta, double g);

// --- ray geometry ------------------------------------------------------------

// Altitude above the ground after travelling t km from radius r in direction mu
// (written to avoid cancellation between two radii of ~6400 km).
double altitudeAlongRay(const AtmosphereParameters& parameters, double radiusKm, double mu, double distanceKm);
// Distance from radius r (inside the atmosphere) to the top boundary along mu.
double distanceToTopBoundary(const AtmosphereParameters& parameters, double radiusKm, double mu);
// True when the ray from radius r along mu hits the planet.
bool rayIntersectsGround(const AtmosphereParameters& parameters, double radiusKm, double mu);
// Distance to the planet along a ray that hits it (rayIntersectsGround).
double distanceToGround(const AtmosphereParameters& parameters, double radiusKm, double mu);

// --- look-up table coordinates ----------------------------------------------

// A value x in [0, 1] to a texture coordinate such that x = 0 and x = 1 land
// on the centres of the first and last of `texels` texels, and back.
double unitToTextureCoordinate(double unit, uint32_t texels);
double textureCoordinateToUnit(double coordinate, uint32_t texels);

struct RadiusAndCosine {
    double radiusKm = 0.0;
    double mu = 1.0;
};

// Transmittance table: (r, mu) of a ray that does not hit the ground <->
// texture coordinates. x follows the distance to the top boundary between its
// smallest (looking straight up) and largest (looking at the horizon) values,
// y the distance to the horizon rho = sqrt(r^2 - bottom^2) over its largest.
glm::dvec2 transmittanceLutCoordinate(const AtmosphereParameters& parameters, RadiusAndCosine ray, glm::uvec2 lutSize);
RadiusAndCosine transmittanceLutRay(const AtmosphereParameters& parameters, glm::dvec2 coordinate, glm::uvec2 lutSize);

// Multiple-scattering table: x = cosine of the sun's zenith angle from -1 to 1,
// y = altitude from the ground to the top.
glm::dvec2 multipleScatteringLutCoordinate(const AtmosphereParameters& parameters, double radiusKm, double sunCosZenith,
                                           glm::uvec2 lutSize);

// A view direction seen from radius r, relative to the local zenith and to
// the sun's azimuth (in [0, pi]: the sky is symmetric about the sun's
// vertical plane).
struct SkyViewDirection {
    double cosViewZenith = 1.0;
    double azimuthFromSunRadians = 0.0;
};

// Sky-view table: x = azimuth from the sun over [0, pi]; y = 0 at the zenith,
// 0.5 at the horizon (the direction grazing the planet), 1 at the nadir, with
// y - 0.5 growing as the square root of the angle from the horizon so that
// texels crowd where the sky changes fastest.
glm::dvec2 skyViewLutCoordinate(const AtmosphereParameters& parameters, double radiusKm, SkyViewDirection direction,
                                glm::uvec2 lutSize);
SkyViewDirection skyViewLutDirection(const AtmosphereParameters& parameters, double radiusKm, glm::dvec2 coordinate,
                                     glm::uvec2 lutSize);

// Aerial-perspective volume: slice k of `sliceCount` holds the light gathered
// from the camera to distance maxDistance * ((k + 1) / sliceCount)^2. The
// texture coordinate of a distance (may be below the first slice's centre:
// the caller fades towards "nothing gathered" there).
double aerialPerspectiveSliceCoordinate(double distanceKm, double maxDistanceKm, uint32_t sliceCount);
double aerialPerspectiveSliceDistance(uint32_t slice, double maxDistanceKm, uint32_t sliceCount);

// --- reference integrals ------------------------------------------------------

// Optical depth (integral of extinction) from radius r along mu to the top
// boundary, by composite Simpson integration split at the ozone profile's
// kinks, `intervalsPerPiece` intervals per smooth piece.
glm::dvec3 opticalDepthToTopBoundary(const AtmosphereParameters& parameters, RadiusAndCosine ray,
                                     int intervalsPerPiece = 4000);

// exp(-opticalDepthToTopBoundary): what the transmittance table stores.
glm::dvec3 transmittanceToTopBoundary(const AtmosphereParameters& parameters, RadiusAndCosine ray);

}  // namespace atmosphere::model
