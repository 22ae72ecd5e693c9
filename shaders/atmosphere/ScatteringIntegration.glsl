// Integration of the light the atmosphere scatters towards a viewer, shared by
// the sky-view and aerial-perspective kernels. Include the uniforms, the
// model and the tables first.
//
// Along a view ray each segment [t0, t1] is taken as homogeneous (the medium
// at its midpoint): with source S (light scattered towards the viewer per km)
// and extinction e, the segment adds T * S * (1 - exp(-e dt)) / e and
// multiplies the transmittance T by exp(-e dt), which stays exact however
// thick the segment is.
#ifndef ATMOSPHERE_SCATTERING_INTEGRATION_GLSL
#define ATMOSPHERE_SCATTERING_INTEGRATION_GLSL

// A ray and the sun, in one frame whose origin is the planet's centre (km).
struct atmosphere_ViewRay {
    vec3 origin;
    vec3 direction;     // unit
    vec3 sunDirection;  // unit, towards the sun
};

// Running result of an integration from the viewer outwards.
struct atmosphere_Gathered {
    vec3 luminance;      // scattered towards the viewer so far
    vec3 transmittance;  // from the viewer to the current distance
};

atmosphere_Gathered atmosphere_NothingGathered()
{
    atmosphere_Gathered gathered;
    gathered.luminance = vec3(0.0);
    gathered.transmittance = vec3(1.0);
    return gathered;
}

// Light scattered towards -direction per km at `position` (single scattering
// with the phase functions plus the multiple-scattering table).
vec3 atmosphere_InScatteringSource(vec3 position, vec3 direction, vec3 sun, atmosphere_Medium medium)
{
    float r = length(position);
    float sunCosZenith = dot(position / r, sun);
    float cosTheta = dot(direction, sun);
    vec3 phaseScattering = medium.rayleighScattering * atmosphere_RayleighPhase(cosTheta) +
                           vec3(medium.mieScattering * atmosphere_MiePhase(cosTheta, atmosphere.miePhaseG));
    vec3 single = atmosphere_SunTransmittance(r, sunCosZenith) * phaseScattering;
    vec3 multiple = atmosphere.multipleScatteringFactor * atmosphere_MultipleScattering(r, sunCosZenith) * medium.scattering;
    return atmosphere.sunIlluminance * (single + multiple);
}

// Adds the segment [t0, t1] of `ray` to `gathered`.
void atmosphere_GatherSegment(atmosphere_ViewRay ray, float t0, float t1, inout atmosphere_Gathered gathered)
{
    float segmentLength = t1 - t0;
    if (segmentLength <= 0.0) {
        return;
    }
    vec3 position = ray.origin + ray.direction * (0.5 * (t0 + t1));
    float altitude = length(position) - atmosphere_BottomRadius();
    atmosphere_Medium medium = atmosphere_MediumAt(altitude);
    vec3 source = atmosphere_InScatteringSource(position, ray.direction, ray.sunDirection, medium);
    vec3 extinction = max(medium.extinction, vec3(1.0e-9));
    vec3 segmentTransmittance = exp(-extinction * segmentLength);
    gathered.luminance += gathered.transmittance * source * (1.0 - segmentTransmittance) / extinction;
    gathered.transmittance *= segmentTransmittance;
}

// Sunlight reflected by the Lambertian ground at `position` towards the viewer.
vec3 atmosphere_GroundLuminance(vec3 position, vec3 sun)
{
    float r = length(position);
    vec3 normal = position / r;
    float sunCosZenith = dot(normal, sun);
    vec3 sunIlluminance = atmosphere.sunIlluminance * atmosphere_SunTransmittance(r, sunCosZenith) *
                          max(sunCosZenith, 0.0);
    return atmosphere.groundAlbedo / ATMOSPHERE_PI * sunIlluminance;
}

#endif  // ATMOSPHERE_SCATTERING_INTEGRATION_GLSL
