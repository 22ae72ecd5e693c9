// Parameter validation and the uniform block built from the parameters.
#include "atmosphere/AtmosphereParameters.h"
#include "atmosphere/AtmosphereUniforms.h"

#include <gtest/gtest.h>
#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>

#include <cstddef>

namespace atmosphere {
namespace {

TEST(AtmosphereParameters, EarthDefaultsAreValid)
{
    const AtmosphereParameters parameters;
    EXPECT_FALSE(parameterError(parameters).has_value());
    EXPECT_FLOAT_EQ(parameters.planetRadiusKm, 6360.0f);
    EXPECT_FLOAT_EQ(parameters.atmosphereTopRadiusKm, 6460.0f);
    EXPECT_FLOAT_EQ(parameters.rayleighScatteringPerMetre.b, 33.1e-6f);
    EXPECT_FLOAT_EQ(parameters.mieExtinctionPerMetre, 4.40e-6f);
    EXPECT_FLOAT_EQ(parameters.ozoneCentreAltitudeKm, 25.0f);
}

TEST(AtmosphereParameters, InvalidValuesAreNamed)
{
    AtmosphereParameters parameters;
    parameters.atmosphereTopRadiusKm = parameters.planetRadiusKm;
    ASSERT_TRUE(parameterError(parameters).has_value());
    EXPECT_NE(parameterError(parameters)->find("top of the atmosphere"), std::string::npos);

    parameters = {};
    parameters.mieExtinctionPerMetre = parameters.mieScatteringPerMetre * 0.5f;
    EXPECT_TRUE(parameterError(parameters).has_value());

    parameters = {};
    parameters.miePhaseG = 1.0f;
    EXPECT_TRUE(parameterError(parameters).has_value());

    parameters = {};
    parameters.rayleighScaleHeightKm = 0.0f;
    EXPECT_TRUE(parameterError(parameters).has_value());

    parameters = {};
    parameters.groundAlbedo.g = 1.5f;
    EXPECT_TRUE(parameterError(parameters).has_value());
}

TEST(AtmosphereUniforms, Std140Offsets)
{
    EXPECT_EQ(offsetof(AtmosphereUniforms, planetRadiusKm), 0u);
    EXPECT_EQ(offsetof(AtmosphereUniforms, mieScatteringPerKm), 32u);
    EXPECT_EQ(offsetof(AtmosphereUniforms, sunAngularRadius), 68u);
    EXPECT_EQ(offsetof(AtmosphereUniforms, sunDirection), 112u);
    EXPECT_EQ(offsetof(AtmosphereUniforms, cameraPlanetPosition), 144u);
    EXPECT_EQ(offsetof(AtmosphereUniforms, viewRotationProjection), 160u);
    EXPECT_EQ(offsetof(AtmosphereUniforms, inverseViewRotationProjection), 224u);
    EXPECT_EQ(offsetof(AtmosphereUniforms, transmittanceSamples), 288u);
    EXPECT_EQ(offsetof(AtmosphereUniforms, aerialPerspectiveSamplesPerSlice), 300u);
    EXPECT_EQ(sizeof(AtmosphereUniforms), 304u);
}

TEST(AtmosphereUniforms, UnitsAndCamera)
{
    const AtmosphereParameters parameters;
    camera::FrameView view;
    view.cameraPosition = glm::vec3(500.0f, 2000.0f, -300.0f);
    view.view = glm::lookAt(view.cameraPosition, view.cameraPosition + glm::vec3(0.0f, 0.0f, -1.0f),
                            glm::vec3(0.0f, 1.0f, 0.0f));
    view.projection = glm::perspectiveRH_ZO(1.0f, 1.5f, 1.0f, 10000.0f);
    const AtmosphereUniforms uniforms = makeAtmosphereUniforms(parameters, {}, view, glm::vec3(0.0f, 2.0f, 0.0f));
    EXPECT_NEAR(uniforms.rayleighScatteringPerKm.b, 33.1e-3f, 1e-7f);
    EXPECT_NEAR(uniforms.mieExtinctionPerKm, 4.40e-3f, 1e-8f);
    EXPECT_FLOAT_EQ(uniforms.sunDirection.y, 1.0f);
    // Above the planet's centre at the camera's altitude.
    EXPECT_EQ(uniforms.cameraPlanetPosition.x, 0.0f);
    EXPECT_NEAR(uniforms.cameraPlanetPosition.y, 6362.0f, 1e-2f);
    EXPECT_EQ(uniforms.cameraPlanetPosition.z, 0.0f);
    EXPECT_NEAR(uniforms.cosSunAngularRadius, std::cos(uniforms.sunAngularRadius), 1e-7f);
    EXPECT_EQ(uniforms.transmittanceSamples, AtmosphereQuality{}.transmittanceSamples);
    // The rotation-only matrix ignores where the camera is.
    const glm::vec4 clip = uniforms.viewRotationProjection * glm::vec4(0.0f, 0.0f, -100.0f, 1.0f);
    EXPECT_NEAR(clip.x / clip.w, 0.0f, 1e-5f);
    EXPECT_NEAR(clip.y / clip.w, 0.0f, 1e-5f);
    const glm::vec4 back = uniforms.inverseViewRotationProjection * clip;
    EXPECT_NEAR(back.z / back.w, -100.0f, 1e-2f);
}

TEST(AtmosphereUniforms, CameraIsKeptInsideTheAtmosphere)
{
    const AtmosphereParameters parameters;
    const glm::vec3 below = cameraPlanetPosition(parameters, glm::vec3(0.0f, -50.0f, 0.0f));
    EXPECT_NEAR(below.y, 6360.001f, 1e-3f);
    const glm::vec3 above = cameraPlanetPosition(parameters, glm::vec3(0.0f, 500000.0f, 0.0f));
    EXPECT_NEAR(above.y, 6459.999f, 1e-3f);
    // 19,000 km out over a map of the whole Earth, 3.5 km up: the sky of
    // 3.5 km up, not of space.
    const glm::vec3 far = cameraPlanetPosition(parameters, glm::vec3(-1.9e7f, 3500.0f, -5.1e6f));
    EXPECT_EQ(far, glm::vec3(0.0f, 6363.5f, 0.0f));
}

}  // namespace
}  // namespace atmosphere
