// The physical description of the atmosphere: a spherical planet wrapped in
// a shell of air holding Rayleigh scatterers (molecules), Mie scatterers
// (aerosols) and ozone (absorption only), lit by a distant sun. Earth values
// by default. Every field can be edited from a UI; the look-up tables are
// recomputed from them (atmosphere::Atmosphere::recompute).
//
// Units: distances in kilometres, scattering / absorption coefficients per
// metre (the unit they are usually quoted in), angles in degrees. The sun's
// illuminance is in the renderer's relative units (exposure maps it to the
// display).
#pragma once

#include <glm/vec3.hpp>

#include <optional>
#include <string>

namespace atmosphere {

struct AtmosphereParameters {
    float planetRadiusKm = 6360.0f;
    float atmosphereTopRadiusKm = 6460.0f;

    // Molecules: density exp(-altitude / scale height).
    glm::vec3 rayleighScatteringPerMetre{5.802e-6f, 13.558e-6f, 33.1e-6f};
    float rayleighScaleHeightKm = 8.0f;

    // Aerosols: density exp(-altitude / scale height); extinction >= scattering
    // (the difference is absorption). Cornette-Shanks phase with asymmetry g.
    float mieScatteringPerMetre = 3.996e-6f;
    float mieExtinctionPerMetre = 4.40e-6f;
    float mieScaleHeightKm = 1.2f;
    float miePhaseG = 0.8f;

    // Ozone: absorption only, with a tent-shaped density that is 1 at the
    // centre altitude and falls linearly to 0 half a width above and below.
    glm::vec3 ozoneAbsorptionPerMetre{0.650e-6f, 1.881e-6f, 0.085e-6f};
    float ozoneCentreAltitudeKm = 25.0f;
    float ozoneWidthKm = 30.0f;

    // Lambertian ground reflectance.
    glm::vec3 groundAlbedo{0.3f, 0.3f, 0.3f};

    // Illuminance of the sun at the top of the atmosphere (perpendicular to
    // its rays) and the angular radius of its disc.
    glm::vec3 sunIlluminance{1.0f, 1.0f, 1.0f};
    float sunAngularRadiusDegrees = 0.2678f;

    // Scales the multiple-scattering term (1 = physical, 0 = single
    // scattering only).
    float multipleScatteringFactor = 1.0f;

    // The aerial-perspective volume covers distances [0, this] from the camera.
    float aerialPerspectiveDistanceKm = 64.0f;

    bool operator==(const AtmosphereParameters&) const = default;
};

// A one-line description of what makes `parameters` unusable (a top radius
// not above the planet radius, a scale height or width that is not positive,
// a negative coefficient, Mie extinction below Mie scattering, |g| >= 1, a
// sun radius outside (0, 10] degrees, ...), or std::nullopt when they are fine.
std::optional<std::string> parameterError(const AtmosphereParameters& parameters);

}  // namespace atmosphere
