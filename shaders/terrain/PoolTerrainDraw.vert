#version 460
// Terrain vertex shader of the bisector pool backend, drawn with one
// vkCmdDrawIndirect (terrain/PoolTerrainDrawArguments.comp): vertices
// [V i, V (i + 1)) belong to visible bisector i, V = 3 * 2^s for s uniform
// subdivision levels. The bisector's displaced corners come from its
// geometry cache (no walk of its key); a sub-triangle's corners are
// midpoints of midpoints of those, taken in the same order on both sides of
// a shared edge, displaced where they are new as the cache displaces its
// corners (the heightmap, or a streamed model's finest resident level:
// terrain/PoolTerrain.glsl). Positions are
// relative to the camera, so precision follows it to the deepest level. The
// outputs are those of terrain/TerrainDraw.vert, for the same fragment
// shader. kSubdivided is false in the pipeline of a draw without uniform
// subdivision (terrain::PoolTerrainDrawPass), which then has neither the
// walk down to a sub-triangle nor its new corners' height samples.
#extension GL_GOOGLE_include_directive : require

#define POOL_TERRAIN_FRAME_SET 0
#define POOL_TERRAIN_FRAME_BINDING 0
#include "terrain/PoolTerrainFrame.glsl"
#define TERRAIN_UNIFORMS_SET 0
#define TERRAIN_UNIFORMS_BINDING 1
#include "terrain/TerrainUniforms.glsl"
#include "vk/DriverPath.glsl"
#include "display/Wireframe.glsl"

layout(set = 0, binding = 2) uniform sampler2D heightmap;

#define TERRAIN_STREAM_SET 0
#define TERRAIN_TILE_ATLAS_BINDING 8
#define TERRAIN_PAGE_TABLE_BINDING 9
#define TERRAIN_STREAM_HEIGHTMAP heightmap
#include "terrain/StreamedHeights.glsl"
// The visible bisectors, nearest first (terrain/PoolTerrainDrawOrder.glsl).
layout(std430, set = 0, binding = 3) readonly buffer PoolTerrainDrawList {
    uint visibleSlots[];
};
// bisector cache: 4 vec4 per slot (terrain/PoolTerrain.glsl).
layout(std430, set = 0, binding = 4) readonly buffer PoolTerrainCache {
    vec4 cache[];
};

layout(constant_id = 0) const bool kSubdivided = true;

layout(location = 0) noperspective out vec3 barycentric;
layout(location = 1) out vec3 worldPosition;
layout(location = 2) out vec2 heightmapCoordinate;
layout(location = 3) flat out uint leafDepth;

struct Corner {
    vec3 fromOrigin;
    vec2 uv;
    bool sampled;  // its height is the cache's (not interpolated)
};

Corner midpoint(Corner a, Corner b)
{
    return Corner(0.5 * (a.fromOrigin + b.fromOrigin), 0.5 * (a.uv + b.uv), false);
}

void main()
{
    uint levels = kSubdivided ? vk_PerInvocation(terrainFrame.uniformSubdivisionLevels, uint(gl_VertexIndex)) : 0u;
    uint verticesPerLeaf = 3u << levels;
    uint leaf = uint(gl_VertexIndex) / verticesPerLeaf;
    uint vertexInLeaf = uint(gl_VertexIndex) - leaf * verticesPerLeaf;
    uint slot = visibleSlots[leaf];
    vec4 uvY = cache[4u * slot + 3u];
    uint facts = floatBitsToUint(uvY.w);
    // Every triangle is emitted with a positive signed area in (u, v), as
    // terrain/TerrainDraw.vert does, for back-face culling; uniform
    // subdivision adds an even number of levels, which keeps the winding.
    bool clockwise = (facts & 0x100u) != 0u;
    uint corner = vertexInLeaf % 3u;
    uint emitted = clockwise && corner != 1u ? 2u - corner : corner;
    Corner chosen;
    if (levels == 0u) {
        vec4 entry = cache[4u * slot + emitted];
        chosen = Corner(entry.xyz, vec2(entry.w, uvY[emitted]), true);
    } else {
        Corner t[3];
        for (uint i = 0u; i < 3u; ++i) {
            vec4 entry = cache[4u * slot + i];
            t[i] = Corner(entry.xyz, vec2(entry.w, uvY[i]), true);
        }
        // Down to the sub-triangle: one bisection per level, the path's bits
        // from the most significant, as leb_SubdivideTriangle walks them.
        uint subTriangle = vertexInLeaf / 3u;
        for (uint level = levels; level > 0u; --level) {
            Corner m = midpoint(t[0], t[2]);
            if (((subTriangle >> (level - 1u)) & 1u) == 0u) {
                t = Corner[3](t[0], m, t[1]);
            } else {
                t = Corner[3](t[1], m, t[2]);
            }
        }
        chosen = t[emitted];
    }
    heightmapCoordinate = terrain_HeightmapCoordinate(chosen.uv);
    vec3 fromOrigin = chosen.fromOrigin;
    if (!chosen.sampled) {
        uint streamLevels = terrain_StreamLevelCount(uint(gl_VertexIndex));
        float height = streamLevels == 0u
                           ? textureLod(heightmap, heightmapCoordinate, 0.0).r
                           : terrain_FinestResidentHeight(terrain_LevelZeroPosition(chosen.uv), streamLevels);
        fromOrigin.y = terrainFrame.heightOffsetMetres + height * terrainFrame.heightScaleMetres;
    }
    vec3 fromCamera = fromOrigin - poolFrame.cameraFromOrigin.xyz;
    worldPosition = terrainFrame.cameraPosition + fromCamera;
    barycentric = display_CornerBarycentric(corner);
    leafDepth = facts & 0xFFu;
    // A real bisector is at least at depth 2 (facts' low byte).
    gl_Position = vk_ClipPositionOfLane(poolFrame.viewProjectionFromCamera * vec4(fromCamera, 1.0), facts != 0u);
}
