// The atmosphere's uniform block (std140), mirrored byte for byte by
// atmosphere::AtmosphereUniforms in src/atmosphere/AtmosphereUniforms.h. Units:
// kilometres and "per kilometre" for the medium, world metres for the camera.
//
// The including shader says which descriptor set holds it (binding 0):
//   #define ATMOSPHERE_SET 1
#ifndef ATMOSPHERE_UNIFORMS_GLSL
#define ATMOSPHERE_UNIFORMS_GLSL

#ifndef ATMOSPHERE_SET
#error "define ATMOSPHERE_SET before including atmosphere/AtmosphereUniforms.glsl"
#endif

layout(std140, set = ATMOSPHERE_SET, binding = 0) uniform AtmosphereUniformBlock {
    float planetRadiusKm;
    float topRadiusKm;             // of the atmosphere
    float rayleighScaleHeightKm;
    float mieScaleHeightKm;
    vec3 rayleighScatteringPerKm;  // rgb
    float unused0;
    float mieScatteringPerKm;
    float mieExtinctionPerKm;
    float miePhaseG;
    float multipleScatteringFactor;
    vec3 ozoneAbsorptionPerKm;     // rgb
    float ozoneCentreAltitudeKm;
    float ozoneWidthKm;
    float sunAngularRadius;        // radians
    float cosSunAngularRadius;
    float aerialPerspectiveDistanceKm;
    vec3 groundAlbedo;             // rgb
    float unused1;
    vec3 sunIlluminance;           // rgb
    float unused2;
    vec3 sunDirection;             // unit vector towards the sun
    float unused3;
    vec3 cameraPosition;           // world metres
    float unused4;
    vec3 cameraPlanetPosition;     // km from the planet's centre
    float unused5;
    mat4 viewRotationProjection;
    mat4 inverseViewRotationProjection;
    uint transmittanceSamples;
    uint multipleScatteringSamples;
    uint skyViewSamples;
    uint aerialPerspectiveSamplesPerSlice;
} atmosphere;

#endif  // ATMOSPHERE_UNIFORMS_GLSL
