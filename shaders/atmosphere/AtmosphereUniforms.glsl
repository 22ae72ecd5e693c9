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
    vec4 radii;                 // x: planet radius, y: top radius, z: Rayleigh / w: Mie scale height
    vec4 rayleighScattering;    // rgb
    vec4 mie;                   // x: scattering, y: extinction, z: phase g, w: multiple-scattering factor
    vec4 ozoneAbsorption;       // rgb, w: centre altitude
    vec4 ozoneAndSun;           // x: ozone width, y: sun angular radius (rad), z: its cosine, w: aerial distance
    vec4 groundAlbedo;          // rgb
    vec4 sunIlluminance;        // rgb
    vec4 sunDirection;          // xyz: unit vector towards the sun
    vec4 cameraPosition;        // xyz: world metres
    vec4 cameraPlanetPosition;  // xyz: km from the planet's centre
    mat4 viewRotationProjection;
    mat4 inverseViewRotationProjection;
    uvec4 sampleCounts;         // x: transmittance, y: multiple scattering, z: sky view, w: aerial per slice
} atmosphere;

#endif  // ATMOSPHERE_UNIFORMS_GLSL
