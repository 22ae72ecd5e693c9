// Per-frame data of the terrain, shared by the LOD criterion (compute), the
// sky and the terrain draw. Byte layout (std140) mirrored by
// terrain::TerrainFrameUniforms in src/terrain/TerrainFrameUniforms.h.
//
// The including shader chooses where the block lives:
//   #define TERRAIN_UNIFORMS_SET 0
//   #define TERRAIN_UNIFORMS_BINDING 1
//
// World convention (src/terrain/TerrainRenderer.h): Y up; the LEB square's
// (u, v) maps to x = (u - 0.5) * extent.x, z = (v - 0.5) * extent.y and
// y = extent.w + height * extent.z, height the normalised heightmap sample.
#ifndef TERRAIN_UNIFORMS_GLSL
#define TERRAIN_UNIFORMS_GLSL

#if !defined(TERRAIN_UNIFORMS_SET) || !defined(TERRAIN_UNIFORMS_BINDING)
#error "define TERRAIN_UNIFORMS_SET and TERRAIN_UNIFORMS_BINDING before including terrain/TerrainUniforms.glsl"
#endif

// Upper bound of the height statistics chain's level count (a 2^17 map).
const uint TERRAIN_MAX_STATISTICS_LEVELS = 16u;

// What the sky and terrain shaders write (drawOptions.z; terrain::TerrainOutput).
const uint TERRAIN_OUTPUT_HDR_LUMINANCE = 0u;
const uint TERRAIN_OUTPUT_DISPLAY_COLOUR = 1u;
const uint TERRAIN_OUTPUT_ENCODED_DISPLAY_COLOUR = 2u;

const uint TERRAIN_SHADING_LIT = 0u;
const uint TERRAIN_SHADING_NORMALS = 1u;
const uint TERRAIN_SHADING_DEPTH = 2u;

layout(std140, set = TERRAIN_UNIFORMS_SET, binding = TERRAIN_UNIFORMS_BINDING) uniform TerrainFrameUniforms {
    mat4 viewProjection;
    // inverse(projection * view) with the view's translation removed: maps a
    // clip-space point to its offset from the camera (sky view rays).
    mat4 inverseViewRotationProjection;
    // Clip-space planes (a, b, c, d): a point p is inside when dot(plane, vec4(p, 1)) >= 0.
    vec4 frustumPlanes[6];
    vec4 cameraPosition;        // xyz world position
    vec4 sunDirection;          // xyz unit vector towards the sun
    vec4 extent;                // x: world width, y: world depth, z: height scale, w: height offset (metres)
    vec4 levelOfDetail;         // x, y: viewport pixels, z: target edge pixels, w: flatness std-dev (metres)
    uvec4 heightmapInfo;        // x, y: heightmap texels, z: statistics level count, w: shading mode
    uvec4 drawOptions;          // x: wireframe, y: uniform subdivision levels, z: TERRAIN_OUTPUT_*, w: max depth D
    uvec4 statisticsLevels[TERRAIN_MAX_STATISTICS_LEVELS];  // x: first texel, y: width, z: height
    vec4 display;               // x: exposure stops, y: tone curve (ATMOSPHERE_TONEMAPPER_*)
} terrainFrame;

// World position of a unit-square point at normalised height `height`.
vec3 terrain_WorldPosition(vec2 uv, float height)
{
    return vec3((uv.x - 0.5) * terrainFrame.extent.x, terrainFrame.extent.w + height * terrainFrame.extent.z,
                (uv.y - 0.5) * terrainFrame.extent.y);
}

// Texture coordinate of a unit-square point: u = 0 and u = 1 land on the
// centres of the first and last texel column (likewise for v and rows), so
// the terrain spans the samples exactly and never filters against the border.
vec2 terrain_HeightmapCoordinate(vec2 uv)
{
    vec2 texels = vec2(terrainFrame.heightmapInfo.xy);
    return (uv * (texels - 1.0) + 0.5) / texels;
}

#endif  // TERRAIN_UNIFORMS_GLSL
