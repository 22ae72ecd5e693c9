#version 460
// The globe's surface: the sea coloured by its depth, the land by its height
// (lowland green, highland brown, snow above), lit by the sun with the
// triangle's own normal; the night side keeps a faint ambient.
#extension GL_GOOGLE_include_directive : require
#include "planet/GlobeDraw.glsl"

layout(location = 0) in vec3 inFromCamera;
layout(location = 1) in float inHeight;
layout(location = 0) out vec4 outColour;

vec3 globeDraw_Albedo(float height)
{
    if (height < 0.0) {
        return mix(vec3(0.01, 0.04, 0.14), vec3(0.05, 0.20, 0.38), clamp(1.0 + height / 5000.0, 0.0, 1.0));
    }
    vec3 lowland = vec3(0.16, 0.32, 0.12);
    vec3 highland = vec3(0.42, 0.34, 0.24);
    vec3 snow = vec3(0.85, 0.87, 0.90);
    vec3 land = mix(lowland, highland, smoothstep(300.0, 2500.0, height));
    return mix(land, snow, smoothstep(4200.0, 5200.0, height));
}

void main()
{
    vec3 normal = normalize(cross(dFdx(inFromCamera), dFdy(inFromCamera)));
    vec3 up = normalize(globeDraw_cameraEcef.xyz + inFromCamera);
    if (dot(normal, up) < 0.0) {
        normal = -normal;
    }
    float sunlight = max(dot(normal, globeDraw_sunDirection.xyz), 0.0);
    vec3 colour = globeDraw_Albedo(inHeight) * (0.04 + 0.96 * sunlight);
    outColour = vec4(colour, 1.0);
}
