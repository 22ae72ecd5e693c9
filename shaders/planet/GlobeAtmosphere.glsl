// The atmosphere around the globe, seen from anywhere: from the ground, from
// the air, and from space (the limb, the terminator, the dark night side).
// It reads the atmosphere's static tables (transmittance and multiple
// scattering, atmosphere::Atmosphere built with planet::globeAtmosphere-
// Parameters) and integrates the light along each view ray itself, since the
// flat terrain's per-frame tables assume a camera inside the air.
//
// Atmosphere space: ECEF stretched along the polar axis by a/b and taken in
// kilometres, so that the WGS 84 ellipsoid becomes the sphere of radius a,
// the atmosphere's ground (planet::toAtmosphereSpaceKm mirrors it). The
// 0.34 % stretch of the air's thickness over the poles does not show.
//
//   #define ATMOSPHERE_SET n
//   #include "planet/GlobeAtmosphere.glsl"
#ifndef PLANET_GLOBE_ATMOSPHERE_GLSL
#define PLANET_GLOBE_ATMOSPHERE_GLSL

#include "atmosphere/AtmosphereUniforms.glsl"
#include "atmosphere/AtmosphereModel.glsl"
#include "atmosphere/AtmosphereTables.glsl"
#include "atmosphere/ScatteringIntegration.glsl"

const float GLOBE_POLAR_STRETCH = 1.0033640898209764;  // a / b of WGS 84

// An ECEF direction (or offset, in metres) in atmosphere space (km).
vec3 globeAtmosphere_Offset(vec3 ecefMetres)
{
    return vec3(ecefMetres.xy, ecefMetres.z * GLOBE_POLAR_STRETCH) * 0.001;
}

vec3 globeAtmosphere_Direction(vec3 ecefDirection)
{
    return normalize(vec3(ecefDirection.xy, ecefDirection.z * GLOBE_POLAR_STRETCH));
}

// The distances along a ray from `origin` (unit `direction`) where it enters
// and leaves the sphere of `radius`; x > y when it misses. `altitude` is the
// origin's |origin| - radius, given separately because its float difference
// would lose the metres near the ground.
vec2 globeAtmosphere_SphereCrossing(vec3 origin, vec3 direction, float radius, float altitude)
{
    float b = dot(origin, direction);
    float c = altitude * (altitude + 2.0 * radius);  // |origin|^2 - radius^2
    float discriminant = b * b - c;
    if (discriminant < 0.0) {
        return vec2(1.0, -1.0);
    }
    float root = sqrt(discriminant);
    // The root away from zero without cancellation; the other from the product c.
    float q = -b - (b < 0.0 ? -root : root);
    float other = q != 0.0 ? c / q : 0.0;
    return vec2(min(q, other), max(q, other));
}

// The air between `origin` and the distance `maxDistance` along `direction`
// (atmosphere space): light scattered towards the origin and transmittance,
// over the part of the ray inside the atmosphere in pieces of about
// `segmentKm` kilometres, at least 2 and at most `maxSegments` (0: always
// `maxSegments`).
atmosphere_Gathered globeAtmosphere_Gather(vec3 origin, float altitude, vec3 direction, float maxDistance, vec3 sun,
                                           int maxSegments, float segmentKm)
{
    atmosphere_Gathered gathered = atmosphere_NothingGathered();
    float bottom = atmosphere_BottomRadius();
    float top = atmosphere_TopRadius();
    vec2 inside = globeAtmosphere_SphereCrossing(origin, direction, top, altitude - (top - bottom));
    float start = max(inside.x, 0.0);
    float end = min(inside.y, maxDistance);
    if (end <= start) {
        return gathered;
    }
    int segments = maxSegments;
    if (segmentKm > 0.0) {
        segments = clamp(int(ceil((end - start) / segmentKm)), 2, maxSegments);
    }
    atmosphere_ViewRay ray;
    ray.origin = origin;
    ray.direction = direction;
    ray.sunDirection = sun;
    // Segments shorter where the air is denser: towards the start from the
    // ground and the air, evenly from space (the limb's air is everywhere).
    float previous = start;
    for (int i = 1; i <= segments; ++i) {
        float fraction = float(i) / float(segments);
        float shaped = start > 0.0 ? fraction : fraction * fraction;
        float next = mix(start, end, shaped);
        atmosphere_GatherSegment(ray, previous, next, gathered);
        previous = next;
    }
    return gathered;
}

// Sunlight reaching a point at radius r (atmosphere space) where the sun is
// at cosine sunCosZenith from its zenith: through the air, zero once the
// planet hides the sun (the night side).
vec3 globeAtmosphere_Sunlight(float r, float sunCosZenith)
{
    float radius = max(r, atmosphere_BottomRadius() + 0.001);
    return atmosphere.sunIlluminance * atmosphere_SunTransmittance(radius, sunCosZenith);
}

// Irradiance of a horizontal surface at radius r from the sky alone: the
// multiple-scattering table's light, over the hemisphere, times the air's
// scattering over a column one scale height deep on each side of the sun.
vec3 globeAtmosphere_SkyIrradiance(float r, float sunCosZenith)
{
    float radius = max(r, atmosphere_BottomRadius() + 0.001);
    float altitude = radius - atmosphere_BottomRadius();
    atmosphere_Medium medium = atmosphere_MediumAt(altitude);
    vec3 column = medium.rayleighScattering * atmosphere.rayleighScaleHeightKm +
                  vec3(medium.mieScattering * atmosphere.mieScaleHeightKm);
    vec3 multiple = atmosphere_MultipleScattering(radius, sunCosZenith);
    vec3 single = atmosphere_SunTransmittance(radius, max(sunCosZenith, 0.0)) * max(sunCosZenith + 0.1, 0.0);
    return atmosphere.sunIlluminance * ATMOSPHERE_PI * column * (multiple + 0.25 * single);
}

// The light that reaches a point at radius r where the sun stands at cosine
// sunCosZenith from the zenith: the sun's through the air (sunlight, on a
// surface facing the sun), and the sky's on a horizontal surface (skylight).
struct globeAtmosphere_Daylight {
    vec3 sunlight;
    vec3 skylight;
};

globeAtmosphere_Daylight globeAtmosphere_DaylightAt(float r, float sunCosZenith)
{
    return globeAtmosphere_Daylight(globeAtmosphere_Sunlight(r, sunCosZenith),
                                    globeAtmosphere_SkyIrradiance(r, sunCosZenith));
}

// The sun's disc along a unit direction from `origin` (zero off the disc),
// dimmed by `transmittance`, the air's along the ray.
vec3 globeAtmosphere_SunDisc(vec3 direction, vec3 sun, vec3 transmittance)
{
    if (dot(direction, sun) < atmosphere.cosSunAngularRadius) {
        return vec3(0.0);
    }
    float halfRadius = sin(0.5 * atmosphere.sunAngularRadius);
    float solidAngle = 4.0 * ATMOSPHERE_PI * halfRadius * halfRadius;
    return atmosphere.sunIlluminance / solidAngle * transmittance;
}

#endif  // PLANET_GLOBE_ATMOSPHERE_GLSL
