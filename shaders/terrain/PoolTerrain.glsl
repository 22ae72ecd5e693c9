// The terrain on the bisector pool: its data (descriptor set 1 of the pool
// kernels, terrain::PoolTerrain) and the geometry kept per bisector.
//   binding 0  PoolTerrainFrame (terrain/PoolTerrainFrame.glsl)
//   binding 1  TerrainUniforms
//   binding 2  the heightmap
//   bindings 3, 4  the height statistics chains (min/max, moments)
//   binding 5  exact vertices: 3 per slot, unit-square coordinates in 2^-34
//   binding 6  the geometry cache: 4 vec4 per slot, vertex i = (position from
//              the origin, u) in [4 s + i] and (v0, v1, v2, facts) in
//              [4 s + 3], the facts' bits (poolTerrain_Facts) the depth and
//              whether the vertices wind clockwise in (u, v)
//   bindings 7 to 9  a streamed model's tile atlas, page table and tile
//              statistics (tiles::gpu::HeightTileAtlas)
//   bindings 10, 11  the draw order's bands and the draw list
//              (terrain/PoolTerrainDrawOrder.glsl)
// A bisector's exact vertices come from its parent's when it is created
// (midpoints, exact); its cache is computed from them then, and for every
// bisector when the heightmap, the heights, the origin or the resident tiles
// change. A streamed model's vertex takes the finest level resident under
// it (terrain_FinestResidentHeight): the level depends on the point alone,
// so bisectors sharing a vertex give it the same height.
#ifndef TERRAIN_POOL_TERRAIN_GLSL
#define TERRAIN_POOL_TERRAIN_GLSL

#define POOL_TERRAIN_FRAME_SET 1
#define POOL_TERRAIN_FRAME_BINDING 0
#include "terrain/PoolTerrainFrame.glsl"
#define TERRAIN_UNIFORMS_SET 1
#define TERRAIN_UNIFORMS_BINDING 1
#include "terrain/TerrainUniforms.glsl"
#define TERRAIN_STATISTICS_SET 1
#define TERRAIN_MIN_MAX_BINDING 3
#define TERRAIN_MOMENTS_BINDING 4
#include "terrain/HeightStatistics.glsl"
#include "terrain/LevelOfDetail.glsl"

layout(set = 1, binding = 2) uniform sampler2D terrain_heightmap;

#define TERRAIN_STREAM_SET 1
#define TERRAIN_TILE_ATLAS_BINDING 7
#define TERRAIN_PAGE_TABLE_BINDING 8
#define TERRAIN_TILE_STATISTICS_BINDING 9
#define TERRAIN_STREAM_HEIGHTMAP terrain_heightmap
#include "terrain/StreamedHeights.glsl"
#include "terrain/StreamedStatistics.glsl"
#include "vk/DriverPath.glsl"

layout(std430, set = 1, binding = 5) buffer PoolTerrainExact {
    i64vec2 poolTerrain_exact[];
};
layout(std430, set = 1, binding = 6) buffer PoolTerrainCache {
    vec4 poolTerrain_cache[];
};

struct poolTerrain_Vertex {
    vec3 fromOrigin;
    vec2 uv;
};

// A vertex of the displaced terrain from its exact unit-square position: the
// one function the cache, the criterion and (through the cache) the draw use.
poolTerrain_Vertex poolTerrain_VertexAt(i64vec2 exact)
{
    vec2 uv = vec2(exact) * POOL_TERRAIN_UNIT;
    uint streamLevels = terrain_StreamLevelCount(uint(exact.x));
    float height = streamLevels == 0u
                       ? textureLod(terrain_heightmap, terrain_HeightmapCoordinate(uv), 0.0).r
                       : terrain_FinestResidentHeight(terrain_LevelZeroPosition(uv), streamLevels);
    vec2 fromOrigin = vec2(exact - poolFrame.originUnits) * POOL_TERRAIN_UNIT * terrainFrame.worldExtentMetres;
    return poolTerrain_Vertex(
        vec3(fromOrigin.x, terrainFrame.heightOffsetMetres + height * terrainFrame.heightScaleMetres, fromOrigin.y),
        uv);
}

// The depth of a key, and bit 8 set when its triangle winds clockwise in
// (u, v): the quad's roots wind counter-clockwise and every bisection
// reverses the winding, so it is the parity of the levels below the root.
float poolTerrain_Facts(uint64_t key)
{
    uint depth = uint(pool_Depth(key));
    uint clockwise = uint(pool_LevelsBelowRoot(key)) & 1u;
    return uintBitsToFloat(depth | (clockwise << 8u));
}

void poolTerrain_WriteGeometry(uint slot, uint64_t key, i64vec2 v0, i64vec2 v1, i64vec2 v2)
{
    poolTerrain_exact[3u * slot] = v0;
    poolTerrain_exact[3u * slot + 1u] = v1;
    poolTerrain_exact[3u * slot + 2u] = v2;
    poolTerrain_Vertex a = poolTerrain_VertexAt(v0);
    poolTerrain_Vertex b = poolTerrain_VertexAt(v1);
    poolTerrain_Vertex c = poolTerrain_VertexAt(v2);
    poolTerrain_cache[4u * slot] = vec4(a.fromOrigin, a.uv.x);
    poolTerrain_cache[4u * slot + 1u] = vec4(b.fromOrigin, b.uv.x);
    poolTerrain_cache[4u * slot + 2u] = vec4(c.fromOrigin, c.uv.x);
    poolTerrain_cache[4u * slot + 3u] = vec4(a.uv.y, b.uv.y, c.uv.y, poolTerrain_Facts(key));
}

vec3 poolTerrain_CachedFromCamera(uint slot, uint corner)
{
    return poolTerrain_cache[4u * slot + corner].xyz - poolFrame.cameraFromOrigin.xyz;
}

// The geometry hooks of bisector/PoolBisect.glsl and PoolMergeWrite.glsl.
void bisector_WriteChildGeometry(uint slot, uint pattern, pool_ChildSlots c)
{
    uint64_t key = pool_keys[slot];
    i64vec2 p0 = poolTerrain_exact[3u * slot];
    i64vec2 p1 = poolTerrain_exact[3u * slot + 1u];
    i64vec2 p2 = poolTerrain_exact[3u * slot + 2u];
    i64vec2 m = (p0 + p2) / 2l;
    if ((pattern & POOL_SPLIT_RIGHT) != 0u) {  // child 0 = (p0, m, p1) split at m0
        i64vec2 m0 = (p0 + p1) / 2l;
        poolTerrain_WriteGeometry(c.c00, 4ul * key, p0, m0, m);
        poolTerrain_WriteGeometry(c.c01, 4ul * key + 1ul, m, m0, p1);
    } else {
        poolTerrain_WriteGeometry(c.c0, 2ul * key, p0, m, p1);
    }
    if ((pattern & POOL_SPLIT_LEFT) != 0u) {  // child 1 = (p1, m, p2) split at m1
        i64vec2 m1 = (p1 + p2) / 2l;
        poolTerrain_WriteGeometry(c.c10, 4ul * key + 2ul, p1, m1, m);
        poolTerrain_WriteGeometry(c.c11, 4ul * key + 3ul, m, m1, p2);
    } else {
        poolTerrain_WriteGeometry(c.c1, 2ul * key + 1ul, p1, m, p2);
    }
}

// The parent of (even, odd) = (v0, m, v1), (v1, m, v2) is (v0, v1, v2): the
// children's corners, cache included, with nothing to recompute.
void bisector_WriteParentGeometry(uint even, uint odd)
{
    vec4 evenUvY = poolTerrain_cache[4u * even + 3u];
    vec4 oddUvY = poolTerrain_cache[4u * odd + 3u];
    poolTerrain_exact[3u * even + 1u] = poolTerrain_exact[3u * even + 2u];
    poolTerrain_exact[3u * even + 2u] = poolTerrain_exact[3u * odd + 2u];
    poolTerrain_cache[4u * even + 1u] = poolTerrain_cache[4u * even + 2u];
    poolTerrain_cache[4u * even + 2u] = poolTerrain_cache[4u * odd + 2u];
    poolTerrain_cache[4u * even + 3u] = vec4(evenUvY.x, evenUvY.z, oddUvY.z, poolTerrain_Facts(pool_keys[even] >> 1u));
}

#endif  // TERRAIN_POOL_TERRAIN_GLSL
