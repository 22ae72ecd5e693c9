#version 460
// Terrain fragment shader: normals from the heightmap (central differences
// at the mip level matching the pixel's footprint), three shading modes
// (lit with a plain sun and distance fog, normals, subdivision depth) and an
// optional single-pass wireframe overlay from the barycentrics.
#extension GL_GOOGLE_include_directive : require

#define TERRAIN_UNIFORMS_SET 0
#define TERRAIN_UNIFORMS_BINDING 1
#include "terrain/TerrainUniforms.glsl"
#include "terrain/SkyAndSun.glsl"

layout(set = 0, binding = 2) uniform sampler2D heightmap;

layout(location = 0) noperspective in vec3 barycentric;
layout(location = 1) in vec3 worldPosition;
layout(location = 2) in vec2 heightmapCoordinate;
layout(location = 3) flat in uint leafDepth;

layout(location = 0) out vec4 colour;

// World-space unit normal of the heightmap surface at a texture coordinate.
vec3 heightmapNormal(vec2 coordinate)
{
    vec2 texels = vec2(terrainFrame.heightmapInfo.xy);
    float lod = max(textureQueryLod(heightmap, coordinate).x, 0.0);
    vec2 step = exp2(lod) / texels;
    float left = textureLod(heightmap, coordinate - vec2(step.x, 0.0), lod).r;
    float right = textureLod(heightmap, coordinate + vec2(step.x, 0.0), lod).r;
    float up = textureLod(heightmap, coordinate - vec2(0.0, step.y), lod).r;
    float down = textureLod(heightmap, coordinate + vec2(0.0, step.y), lod).r;
    // Metres of world per unit of texture coordinate (see terrain_HeightmapCoordinate).
    vec2 metresPerCoordinate = terrainFrame.extent.xy * texels / max(texels - 1.0, vec2(1.0));
    vec2 slope = terrainFrame.extent.z * vec2(right - left, down - up) / (2.0 * step * metresPerCoordinate);
    return normalize(vec3(-slope.x, 1.0, -slope.y));
}

vec3 litTerrain(vec3 normal)
{
    vec3 sun = terrainFrame.sunDirection.xyz;
    float steepness = 1.0 - normal.y;
    float altitude = worldPosition.y / max(terrainFrame.extent.z, 1.0e-6);
    vec3 grass = vec3(0.10, 0.14, 0.05);
    vec3 rock = vec3(0.19, 0.17, 0.15);
    vec3 snow = vec3(0.80, 0.82, 0.86);
    vec3 albedo = mix(grass, rock, smoothstep(0.12, 0.35, steepness));
    albedo = mix(albedo, snow, smoothstep(0.72, 0.85, altitude) * (1.0 - smoothstep(0.2, 0.4, steepness)));
    float direct = max(dot(normal, sun), 0.0);
    vec3 ambient = terrain_SkyRadiance(vec3(0.0, 1.0, 0.0), sun) * (0.55 + 0.45 * normal.y);
    vec3 radiance = albedo * (terrain_SunColour(sun) * direct + ambient);
    vec3 towardsFragment = worldPosition - terrainFrame.cameraPosition.xyz;
    float distance = length(towardsFragment);
    float fog = 1.0 - exp(-distance / max(terrainFrame.extent.w, 1.0));
    vec3 sky = terrain_SkyRadiance(towardsFragment / max(distance, 1.0e-6), sun);
    return mix(radiance, sky, fog);
}

// A ramp from blue (depth 0) through green and yellow to red (depth D).
vec3 depthColour(uint depth)
{
    float t = clamp(float(depth) / max(float(terrainFrame.drawOptions.w), 1.0), 0.0, 1.0);
    vec3 cold = vec3(0.05, 0.15, 0.85);
    vec3 middle = vec3(0.10, 0.80, 0.25);
    vec3 warm = vec3(0.95, 0.85, 0.10);
    vec3 hot = vec3(0.90, 0.10, 0.05);
    if (t < 1.0 / 3.0) {
        return mix(cold, middle, t * 3.0);
    }
    if (t < 2.0 / 3.0) {
        return mix(middle, warm, t * 3.0 - 1.0);
    }
    return mix(warm, hot, t * 3.0 - 2.0);
}

// 1 on the triangle's edges (lines about one pixel wide, shared by the two
// triangles of an edge), 0 inside.
float wireframeCoverage()
{
    vec3 width = fwidth(barycentric);
    vec3 inside = smoothstep(vec3(0.0), width, barycentric);
    return 1.0 - min(min(inside.x, inside.y), inside.z);
}

void main()
{
    vec3 normal = heightmapNormal(heightmapCoordinate);
    vec3 result;
    uint mode = terrainFrame.heightmapInfo.w;
    if (mode == TERRAIN_SHADING_NORMALS) {
        // Decoded so that the displayed (sRGB) colour is the usual n * 0.5 + 0.5.
        result = pow(normal * 0.5 + 0.5, vec3(2.2));
    } else if (mode == TERRAIN_SHADING_DEPTH) {
        result = depthColour(leafDepth);
    } else {
        result = litTerrain(normal);
    }
    if (terrainFrame.drawOptions.x != 0u) {
        vec3 lineColour = mode == TERRAIN_SHADING_LIT ? vec3(0.02, 0.02, 0.03) : vec3(0.0);
        result = mix(result, lineColour, 0.85 * wireframeCoverage());
    }
    colour = vec4(terrainFrame.drawOptions.z != 0u ? terrain_EncodeSrgb(result) : result, 1.0);
}
