// Display mapping of HDR luminance: exposure in stops, a tone curve and the
// sRGB transfer function. Mirrored on the CPU by src/atmosphere/Tonemapping.h
// (same constants); the curve numbers match atmosphere::Tonemapper.
#ifndef ATMOSPHERE_TONEMAPPING_GLSL
#define ATMOSPHERE_TONEMAPPING_GLSL

const uint ATMOSPHERE_TONEMAPPER_NONE = 0u;
const uint ATMOSPHERE_TONEMAPPER_ACES_FITTED = 1u;
const uint ATMOSPHERE_TONEMAPPER_HABLE = 2u;

vec3 atmosphere_ApplyExposure(vec3 colour, float exposureStops)
{
    return colour * exp2(exposureStops);
}

// Narkowicz's rational fit of the ACES reference rendering transform.
vec3 atmosphere_AcesFitted(vec3 x)
{
    vec3 numerator = x * (2.51 * x + 0.03);
    vec3 denominator = x * (2.43 * x + 0.59) + 0.14;
    return clamp(numerator / denominator, 0.0, 1.0);
}

// Hable's filmic curve: shoulder strength A, linear strength B, linear angle
// C, toe strength D, toe numerator E, toe denominator F.
vec3 atmosphere_HableCurve(vec3 x)
{
    const float a = 0.15;
    const float b = 0.50;
    const float c = 0.10;
    const float d = 0.20;
    const float e = 0.02;
    const float f = 0.30;
    return (x * (a * x + c * b) + d * e) / (x * (a * x + b) + d * f) - e / f;
}

vec3 atmosphere_Hable(vec3 x)
{
    const float whitePoint = 11.2;
    const float exposureBias = 2.0;
    vec3 curve = atmosphere_HableCurve(exposureBias * max(x, 0.0));
    return clamp(curve / atmosphere_HableCurve(vec3(whitePoint)), 0.0, 1.0);
}

// The tone curve `tonemapper` (ATMOSPHERE_TONEMAPPER_*) of an exposed linear colour.
vec3 atmosphere_Tonemap(vec3 exposedColour, uint tonemapper)
{
    vec3 colour = max(exposedColour, 0.0);
    if (tonemapper == ATMOSPHERE_TONEMAPPER_ACES_FITTED) {
        return atmosphere_AcesFitted(colour);
    }
    if (tonemapper == ATMOSPHERE_TONEMAPPER_HABLE) {
        return atmosphere_Hable(colour);
    }
    return clamp(colour, 0.0, 1.0);
}

// The sRGB transfer function (IEC 61966-2-1) of a linear colour clamped to [0, 1].
vec3 atmosphere_EncodeSrgb(vec3 linearColour)
{
    vec3 clamped = clamp(linearColour, 0.0, 1.0);
    vec3 low = clamped * 12.92;
    vec3 high = 1.055 * pow(clamped, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, greaterThan(clamped, vec3(0.0031308)));
}

#endif  // ATMOSPHERE_TONEMAPPING_GLSL
