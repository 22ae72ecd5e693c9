// The pool backend's triangles (terrain/TerrainTriangles.glsl): the draw
// covers 2^s sub-triangles of each visible bisector, s =
// uniformSubdivisionLevels; triangle t is sub-triangle t mod 2^s of visible
// bisector t / 2^s. The bisector's displaced corners come from its geometry
// cache (no walk of its key); a sub-triangle's corners are midpoints of
// midpoints of those, taken in the same order on both sides of a shared
// edge, displaced where they are new as the cache displaces its corners
// (the heightmap, or a streamed model's finest resident level:
// terrain/PoolTerrain.glsl). Positions are relative to the camera, so
// precision follows it to the deepest level. The includer may define
// POOL_TRIANGLES_SUBDIVIDED, a constant that is false for a draw without
// uniform subdivision, which then has neither the walk down to a
// sub-triangle nor its new corners' height samples.
//   set 0 binding 0  the frame's PoolTerrainFrame
//   set 0 binding 3  the draw list (the visible bisectors, nearest first)
//   set 0 binding 4  the geometry cache: 4 vec4 per slot (terrain/PoolTerrain.glsl)
#ifndef TERRAIN_POOL_TRIANGLES_GLSL
#define TERRAIN_POOL_TRIANGLES_GLSL

#define POOL_TERRAIN_FRAME_SET 0
#define POOL_TERRAIN_FRAME_BINDING 0
#include "terrain/PoolTerrainFrame.glsl"

layout(std430, set = 0, binding = 3) readonly buffer PoolTerrainDrawList {
    uint visibleSlots[];
};
layout(std430, set = 0, binding = 4) readonly buffer PoolTerrainCache {
    vec4 cache[];
};

// The draw arguments lie in the pool's counters (PoolCounters of
// bisector/BisectorPool.glsl, bisector::gpu::kDrawArgumentsOffset).
const uint TERRAIN_DRAW_VERTEX_COUNT_WORD = 29u;

#ifndef POOL_TRIANGLES_SUBDIVIDED
#define POOL_TRIANGLES_SUBDIVIDED true
#endif

struct terrain_PoolCorner {
    vec3 fromOrigin;
    vec2 uv;
    bool sampled;  // its height is the cache's (not interpolated)
};

struct terrain_DrawTriangle {
    terrain_PoolCorner corners[3];  // in the order emitted
    uint leafDepth;                 // the bisector's depth
    bool valid;                     // a real bisector (depth at least 2)
};

terrain_PoolCorner terrain_PoolMidpoint(terrain_PoolCorner a, terrain_PoolCorner b)
{
    return terrain_PoolCorner(0.5 * (a.fromOrigin + b.fromOrigin), 0.5 * (a.uv + b.uv), false);
}

terrain_DrawTriangle terrain_DrawTriangleOf(uint triangle, uint lane)
{
    uint levels = POOL_TRIANGLES_SUBDIVIDED ? vk_PerInvocation(terrainFrame.uniformSubdivisionLevels, lane) : 0u;
    uint leaf = triangle >> levels;
    uint subTriangle = triangle - (leaf << levels);
    uint slot = visibleSlots[leaf];
    vec4 uvY = cache[4u * slot + 3u];
    uint facts = floatBitsToUint(uvY.w);
    terrain_PoolCorner t[3];
    for (uint i = 0u; i < 3u; ++i) {
        vec4 entry = cache[4u * slot + i];
        t[i] = terrain_PoolCorner(entry.xyz, vec2(entry.w, uvY[i]), true);
    }
    // Down to the sub-triangle: one bisection per level, the path's bits
    // from the most significant, as leb_SubdivideTriangle walks them.
    for (uint level = levels; level > 0u; --level) {
        terrain_PoolCorner m = terrain_PoolMidpoint(t[0], t[2]);
        if (((subTriangle >> (level - 1u)) & 1u) == 0u) {
            t = terrain_PoolCorner[3](t[0], m, t[1]);
        } else {
            t = terrain_PoolCorner[3](t[1], m, t[2]);
        }
    }
    // A clockwise bisector (facts' bit 8) is emitted in reverse; uniform
    // subdivision adds an even number of levels, which keeps the winding.
    bool clockwise = (facts & 0x100u) != 0u;
    terrain_DrawTriangle result;
    for (uint corner = 0u; corner < 3u; ++corner) {
        result.corners[corner] = t[clockwise && corner != 1u ? 2u - corner : corner];
    }
    result.leafDepth = facts & 0xFFu;
    result.valid = facts != 0u;
    return result;
}

terrain_DrawVertex terrain_DrawVertexOf(terrain_DrawTriangle t, uint corner, uint lane, bool request)
{
    terrain_PoolCorner chosen = t.corners[corner];
    terrain_DrawVertex vertex;
    vertex.heightmapCoordinate = terrain_HeightmapCoordinate(chosen.uv);
    vec3 fromOrigin = chosen.fromOrigin;
    if (!chosen.sampled) {
        uint streamLevels = terrain_StreamLevelCount(lane);
        float height = streamLevels == 0u
                           ? textureLod(heightmap, vertex.heightmapCoordinate, 0.0).r
                           : terrain_FinestResidentHeight(terrain_LevelZeroPosition(chosen.uv), streamLevels);
        fromOrigin.y = terrainFrame.heightOffsetMetres + height * terrainFrame.heightScaleMetres;
    }
    vec3 fromCamera = fromOrigin - poolFrame.cameraFromOrigin.xyz;
    vertex.worldPosition = terrainFrame.cameraPosition + fromCamera;
    vertex.clip = poolFrame.viewProjectionFromCamera * vec4(fromCamera, 1.0);
    return vertex;
}

#endif  // TERRAIN_POOL_TRIANGLES_GLSL
