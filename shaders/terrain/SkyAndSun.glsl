// A simple analytic sky and sun (linear RGB), used by the sky background and
// as the colour the terrain fades to with distance. The atmosphere issue
// replaces it with a physically based model.
#ifndef TERRAIN_SKY_AND_SUN_GLSL
#define TERRAIN_SKY_AND_SUN_GLSL

const vec3 TERRAIN_ZENITH_COLOUR = vec3(0.07, 0.20, 0.55);
const vec3 TERRAIN_HORIZON_COLOUR = vec3(0.55, 0.70, 0.88);
const vec3 TERRAIN_SUNSET_COLOUR = vec3(0.95, 0.55, 0.30);
const vec3 TERRAIN_GROUND_HAZE_COLOUR = vec3(0.36, 0.42, 0.50);

// How warm the light is: 0 with a high sun, 1 with the sun on the horizon.
float terrain_SunsetAmount(vec3 sunDirection)
{
    return 1.0 - smoothstep(0.0, 0.35, sunDirection.y);
}

// Colour of the sunlight reaching the ground.
vec3 terrain_SunColour(vec3 sunDirection)
{
    float daylight = smoothstep(-0.05, 0.10, sunDirection.y);
    return daylight * mix(vec3(1.0, 0.97, 0.92), vec3(1.0, 0.62, 0.38), terrain_SunsetAmount(sunDirection)) * 1.9;
}

// Radiance of the sky along the unit view direction `direction`.
vec3 terrain_SkyRadiance(vec3 direction, vec3 sunDirection)
{
    float sunset = terrain_SunsetAmount(sunDirection);
    float cosineToSun = dot(direction, sunDirection);
    // Horizon warms towards the sun when it is low.
    float towardsSun = pow(max(cosineToSun, 0.0), 4.0);
    vec3 horizon = mix(TERRAIN_HORIZON_COLOUR, TERRAIN_SUNSET_COLOUR, sunset * towardsSun);
    float elevation = direction.y;
    vec3 sky = mix(horizon, TERRAIN_ZENITH_COLOUR, pow(clamp(elevation, 0.0, 1.0), 0.5));
    sky = mix(sky, TERRAIN_GROUND_HAZE_COLOUR, smoothstep(0.0, 0.5, -elevation));
    // Glow around the sun, and the disc itself (about half a degree wide).
    vec3 sunColour = terrain_SunColour(sunDirection);
    sky += 0.12 * sunColour * pow(max(cosineToSun, 0.0), 32.0);
    sky += sunColour * smoothstep(0.99985, 0.99995, cosineToSun) * 4.0;
    float daylight = mix(0.08, 1.0, smoothstep(-0.2, 0.05, sunDirection.y));
    return sky * daylight;
}

// sRGB encoding of a linear colour (for UNORM targets).
vec3 terrain_EncodeSrgb(vec3 linearColour)
{
    vec3 clamped = clamp(linearColour, 0.0, 1.0);
    vec3 low = clamped * 12.92;
    vec3 high = 1.055 * pow(clamped, vec3(1.0 / 2.4)) - 0.055;
    return mix(low, high, step(vec3(0.0031308), clamped));
}

#endif  // TERRAIN_SKY_AND_SUN_GLSL
