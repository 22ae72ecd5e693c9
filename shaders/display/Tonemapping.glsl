// Display mapping of HDR luminance: exposure in stops, a tone curve and the
// sRGB transfer function. Mirrored on the CPU by src/display/Tonemapping.h
// (same constants); the curve numbers match display::Tonemapper.
#ifndef DISPLAY_TONEMAPPING_GLSL
#define DISPLAY_TONEMAPPING_GLSL

const uint DISPLAY_TONEMAPPER_NONE = 0u;
const uint DISPLAY_TONEMAPPER_ACES_FITTED = 1u;
const uint DISPLAY_TONEMAPPER_HABLE = 2u;

vec3 display_ApplyExposure(vec3 colour, float exposureStops)
{
    return colour * exp2(exposureStops);
}

// Narkowicz's rational fit of the ACES reference rendering transform.
vec3 display_AcesFitted(vec3 x)
{
    vec3 numerator = x * (2.51 * x + 0.03);
    vec3 denominator = x * (2.43 * x + 0.59) + 0.14;
    return clamp(numerator / denominator, 0.0, 1.0);
}

// Hable's filmic curve: shoulder strength A, linear strength B, linear angle
// C, toe strength D, toe numerator E, toe denominator F.
vec3 display_HableCurve(vec3 x)
{
    const float a = 0.15;
    const float b = 0.50;
    const float c = 0.10;
    const float d = 0.20;
    const float e = 0.02;
    const float f = 0.30;
    return (x * (a * x + c * b) + d * e) / (x * (a * x + b) + d * f) - e / f;
}

vec3 display_Hable(vec3 x)
{
    const float whitePoint = 11.2;
    const float exposureBias = 2.0;
    vec3 curve = display_HableCurve(exposureBias * max(x, 0.0));
    return clamp(curve / display_HableCurve(vec3(whitePoint)), 0.0, 1.0);
}

// The tone curve `tonemapper` (DISPLAY_TONEMAPPER_*) of an exposed linear colour.
vec3 display_Tonemap(vec3 exposedColour, uint tonemapper)
{
    vec3 colour = max(exposedColour, 0.0);
    if (tonemapper == DISPLAY_TONEMAPPER_ACES_FITTED) {
        return display_AcesFitted(colour);
    }
    if (tonemapper == DISPLAY_TONEMAPPER_HABLE) {
        return display_Hable(colour);
    }
    return clamp(colour, 0.0, 1.0);
}

// The sRGB transfer function (IEC 61966-2-1) of a linear colour clamped to [0, 1].
vec3 display_EncodeSrgb(vec3 linearColour)
{
    vec3 clamped = clamp(linearColour, 0.0, 1.0);
    vec3 low = clamped * 12.92;
    vec3 high = 1.055 * pow(clamped, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, greaterThan(clamped, vec3(0.0031308)));
}

// The display colour of one texel of the scene's HDR image (see
// display/HdrOutput.glsl): scene luminance (alpha 1) is exposed and
// tone-mapped, a display colour (alpha 0) only clamped; sRGB is not encoded.
vec3 display_Transform(vec4 hdr, float exposureStops, uint tonemapper)
{
    vec3 scene = display_Tonemap(display_ApplyExposure(hdr.rgb, exposureStops), tonemapper);
    return mix(clamp(hdr.rgb, 0.0, 1.0), scene, clamp(hdr.a, 0.0, 1.0));
}

#endif  // DISPLAY_TONEMAPPING_GLSL
