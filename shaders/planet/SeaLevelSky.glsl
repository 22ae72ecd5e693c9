// The sky seen from sea level, as the sea reflects it: a static table
// (planet::gpu::SeaLevelSky, built by planet/SeaLevelSky.comp) of the light
// that reaches a point on the atmosphere's ground from an upward direction,
// for every angle of that direction above the horizon, of the sun above or
// below the horizon, and of the azimuth between the two. The air is the same
// everywhere at sea level, so three angles say it all.
//
// The Mie phase function peaks too sharply around the sun for a table of
// this size, and it depends on the angle between the direction and the sun
// alone, constant along the ray: the table keeps the Mie light without it,
// and the lookup applies it. The table's two halves along z hold
//   [0, n)    the Rayleigh light (phase included) and all orders >= 2
//   [n, 2n)   the single Mie light over the Mie phase function
// Axes of each half (texel centres at both ends of each):
//   x  the direction's cosine of zenith mu, as sqrt(mu): finer at the horizon
//   y  the sun's cosine of zenith mu_s, as 0.5 + 0.5 sign(mu_s) sqrt(|mu_s|):
//      finer at sunrise and sunset
//   z  the azimuth between the direction and the sun, 0 .. pi
// Include planet/GlobeAtmosphere.glsl first.
#ifndef PLANET_SEA_LEVEL_SKY_GLSL
#define PLANET_SEA_LEVEL_SKY_GLSL

// A table's angles: the direction's and the sun's cosines of zenith, and
// the azimuth between them (radians, 0 .. pi).
struct seaLevelSky_Angles {
    float viewCosZenith;
    float sunCosZenith;
    float azimuth;
};

// The angles texel `texel` of a half of `size` texels holds.
seaLevelSky_Angles seaLevelSky_AnglesAt(ivec3 texel, ivec3 size)
{
    vec3 unit = vec3(texel) / vec3(size - 1);
    float sun = 2.0 * unit.y - 1.0;
    return seaLevelSky_Angles(unit.x * unit.x, sign(sun) * sun * sun, unit.z * ATMOSPHERE_PI);
}

// The texture coordinates of `angles` in both halves of a table of `size`
// texels (z counts both halves): xyz the first half's, w the second's z.
vec4 seaLevelSky_CoordinatesOf(seaLevelSky_Angles angles, vec3 size)
{
    vec3 halfSize = vec3(size.xy, 0.5 * size.z);
    float sun = clamp(angles.sunCosZenith, -1.0, 1.0);
    vec3 unit = vec3(sqrt(clamp(angles.viewCosZenith, 0.0, 1.0)), 0.5 + 0.5 * sign(sun) * sqrt(abs(sun)),
                     clamp(angles.azimuth / ATMOSPHERE_PI, 0.0, 1.0));
    vec3 texel = 0.5 + unit * (halfSize - 1.0);
    return vec4(texel.xy / size.xy, texel.z / size.z, (texel.z + halfSize.z) / size.z);
}

// The angles of the unit `direction` and the unit `sun` at a point whose
// unit vertical is `up`. Where either is vertical the azimuth is moot: 0.
seaLevelSky_Angles seaLevelSky_AnglesOf(vec3 up, vec3 direction, vec3 sun)
{
    float viewCosZenith = dot(direction, up);
    float sunCosZenith = dot(sun, up);
    vec3 viewAcross = direction - viewCosZenith * up;
    vec3 sunAcross = sun - sunCosZenith * up;
    float lengths = dot(viewAcross, viewAcross) * dot(sunAcross, sunAcross);
    float cosAzimuth = lengths > 1.0e-12 ? dot(viewAcross, sunAcross) * inversesqrt(lengths) : 1.0;
    return seaLevelSky_Angles(viewCosZenith, sunCosZenith, acos(clamp(cosAzimuth, -1.0, 1.0)));
}

// The light reaching sea level under unit vertical `up` along the upward
// unit `direction` (towards the viewer, from -direction), the sun along
// unit `sun`, from `table`.
vec3 seaLevelSky_Luminance(sampler3D table, vec3 up, vec3 direction, vec3 sun)
{
    vec4 coordinates = seaLevelSky_CoordinatesOf(seaLevelSky_AnglesOf(up, direction, sun), vec3(textureSize(table, 0)));
    vec3 smoothLight = textureLod(table, coordinates.xyz, 0.0).rgb;
    vec3 mie = textureLod(table, vec3(coordinates.xy, coordinates.w), 0.0).rgb;
    return smoothLight + mie * atmosphere_MiePhase(dot(direction, sun), atmosphere.miePhaseG);
}

#endif  // PLANET_SEA_LEVEL_SKY_GLSL
