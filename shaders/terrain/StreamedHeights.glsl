// Heights of a streamed elevation model (tiles::gpu::HeightStream,
// src/tiles/gpu/HeightStream.h). Level 0 is the model's own sample grid, level
// k averages its 2^k x 2^k blocks (tiles::TilePyramidLayout). Levels below
// terrainFrame.streamLevelCount live in tiles of an atlas, found through a
// page table (tiles/TileAtlas.glsl: each tile a layer, its share plus one
// sample of apron east and south; the request bits the CPU reads back to
// stream the missing ones in); level streamLevelCount and coarser are the
// heightmap and its mips, always resident.
//
// A level that is not resident falls back to the next coarser one that is,
// so a frame never waits for a tile. The level a point asks for depends only
// on the point and the camera (terrain_StreamLevelOfDetail), so two triangles
// sharing a vertex give it the same height.
//
// The including shader has included terrain/TerrainUniforms.glsl, defines
// TERRAIN_STREAM_SET, TERRAIN_TILE_ATLAS_BINDING, TERRAIN_PAGE_TABLE_BINDING
// and (to ask for tiles) TERRAIN_TILE_REQUESTS_BINDING, and names the
// heightmap's sampler2D in TERRAIN_STREAM_HEIGHTMAP.
#ifndef TERRAIN_STREAMED_HEIGHTS_GLSL
#define TERRAIN_STREAMED_HEIGHTS_GLSL

#ifndef TERRAIN_UNIFORMS_GLSL
#error "include terrain/TerrainUniforms.glsl before terrain/StreamedHeights.glsl"
#endif

#include "vk/DriverPath.glsl"

// terrainFrame.streamLevelCount as the programs read it (`invocation` ties
// it to the invocation on the CPU-driver path: vk_PerInvocation). A program
// is compiled with TERRAIN_STREAMED for a terrain whose elevation model
// streams (terrain/TerrainPrograms.h); without it the count is the constant
// 0, so that the compiler drops every streamed branch, which a CPU driver
// would otherwise run for each pixel and vertex beside the heightmap's.
uint terrain_StreamLevelCount(uint invocation)
{
#ifdef TERRAIN_STREAMED
    return vk_PerInvocation(terrainFrame.streamLevelCount, invocation);
#else
    return 0u;
#endif
}

#define TILES_SET TERRAIN_STREAM_SET
#define TILES_ATLAS_BINDING TERRAIN_TILE_ATLAS_BINDING
#define TILES_PAGE_TABLE_BINDING TERRAIN_PAGE_TABLE_BINDING
#ifdef TERRAIN_TILE_REQUESTS_BINDING
#define TILES_REQUESTS_BINDING TERRAIN_TILE_REQUESTS_BINDING
#endif
#include "tiles/TileAtlas.glsl"

// How far beyond the view (in half-widths of the clip space) a vertex still
// asks for its tiles.
const float TERRAIN_REQUEST_GUARD_BAND = 1.25;


// The heightmap (level streamLevelCount and its mips) at a level-0 position.
float terrain_BaseHeight(vec2 levelZero, float mip)
{
    return textureLod(TERRAIN_STREAM_HEIGHTMAP, terrain_HeightmapCoordinateAt(levelZero), mip).r;
}

// Bilinear height of streamed level `level` at a level-0 position, clamped to
// the level's edges like a clamp-to-edge sampler, when the tile holding the
// footprint is resident. With `request`, asks for that tile.
bool terrain_TileHeight(uint level, vec2 levelZero, bool request, out float height)
{
    terrain_StreamLevel info = terrainFrame.streamLevels[level];
    // Level-k sample i averages level-0 samples [i 2^k, (i + 1) 2^k).
    vec2 position = (levelZero + 0.5) * exp2(-float(level)) - 0.5;
    vec2 lowCorner = floor(position);
    vec2 weight = position - lowCorner;
    ivec2 last = ivec2(int(info.columns) - 1, int(info.rows) - 1);
    ivec2 first = clamp(ivec2(lowCorner), ivec2(0), last);
    ivec2 second = clamp(ivec2(lowCorner) + 1, ivec2(0), last);
    uint tileSize = terrainFrame.streamTileSize;
    uvec2 tile = uvec2(first) / tileSize;
    uint entry = info.firstEntry + tile.y * info.tilesAcross + tile.x;
    if (request) {
        tiles_Request(entry);
    }
    int layer = tiles_Layer(entry);
    if (layer < 0) {
        height = 0.0;
        return false;
    }
    // `second` is at most one sample past the tile's share: its apron.
    ivec2 origin = ivec2(tile * tileSize);
    vec4 s = tiles_CornerSamples(layer, first - origin, second - origin);
    height = mix(mix(s.x, s.y, weight.x), mix(s.z, s.w, weight.x), weight.y);
    return true;
}

// Level `level` (< levelCount) at a level-0 position, or the finest coarser
// level that is resident; asks for `level`'s tile with `request`.
float terrain_ResolvedHeight(uint level, uint levelCount, vec2 levelZero, bool request)
{
    float height;
    if (terrain_TileHeight(level, levelZero, request, height)) {
        return height;
    }
    for (uint coarser = level + 1u; coarser < levelCount; ++coarser) {
        if (terrain_TileHeight(coarser, levelZero, false, height)) {
            return height;
        }
    }
    return terrain_BaseHeight(levelZero, 0.0);
}

// The height at a level-0 position from the finest level resident there,
// else the heightmap: a function of the point and of what is resident alone,
// not of the camera. The bisector pool caches each vertex's height from it,
// and refreshes the cache whenever the page table changes.
float terrain_FinestResidentHeight(vec2 levelZero, uint levelCount)
{
    float height;
    for (uint level = 0u; level < levelCount; ++level) {
        if (terrain_TileHeight(level, levelZero, false, height)) {
            return height;
        }
    }
    return terrain_BaseHeight(levelZero, 0.0);
}

// The height at a level-0 position at level of detail `lod` (level-0 texels
// per sample, log2), blended between the two levels around it. `levelCount`
// is terrain_StreamLevelCount() of the caller.
float terrain_StreamedHeight(vec2 levelZero, float lod, uint levelCount, bool request)
{
    float clamped = max(lod, 0.0);
    if (clamped >= float(levelCount)) {
        return terrain_BaseHeight(levelZero, clamped - float(levelCount));
    }
    uint level = uint(clamped);
    float blend = clamped - float(level);
    float fine = terrain_ResolvedHeight(level, levelCount, levelZero, request);
    if (blend <= 0.0) {
        return fine;
    }
    float coarse = level + 1u < levelCount ? terrain_ResolvedHeight(level + 1u, levelCount, levelZero, request)
                                           : terrain_BaseHeight(levelZero, 0.0);
    return mix(fine, coarse, blend);
}

// Metres between level-0 samples (the coarser of the two axes).
float terrain_LevelZeroSpacingMetres()
{
    vec2 spacing = terrainFrame.worldExtentMetres / max(vec2(terrainFrame.fullResolutionTexels) - 1.0, vec2(1.0));
    return max(spacing.x, spacing.y);
}

// The level of detail of a pixel that spans `levelZeroTexels` level-0
// samples: the level one pixel spans streamTexelsPerPixel samples of.
float terrain_StreamLevelOfDetailOfFootprint(float levelZeroTexels)
{
    return log2(max(levelZeroTexels / max(terrainFrame.streamTexelsPerPixel, 1.0e-3), 1.0e-6));
}

// The level of detail a point `distanceMetres` from the camera asks for.
float terrain_StreamLevelOfDetail(float distanceMetres)
{
    float pixelMetres = distanceMetres * terrainFrame.metresPerPixelAtUnitDistance;
    return terrain_StreamLevelOfDetailOfFootprint(pixelMetres / terrain_LevelZeroSpacingMetres());
}

// The height the terrain's draw gives the unit-square point `uv`: the
// heightmap's without streaming (`streamLevels` 0), else a streamed model's
// at the level of detail of its distance from the camera, measured to the
// point on the coarse heightmap (so that it depends on the point alone and
// every triangle around a vertex gives it the same height). The criterion
// displaces the edges it measures with it too.
float terrain_SurfaceHeight(vec2 uv, uint streamLevels, bool request)
{
    if (streamLevels == 0u) {
        return textureLod(TERRAIN_STREAM_HEIGHTMAP, terrain_HeightmapCoordinate(uv), 0.0).r;
    }
    vec2 levelZero = terrain_LevelZeroPosition(uv);
    vec3 coarsePosition = terrain_WorldPosition(uv, terrain_BaseHeight(levelZero, 0.0));
    float lod = terrain_StreamLevelOfDetail(distance(coarsePosition, terrainFrame.cameraPosition));
    // Only points in or near the view ask for tiles: the heap draws every
    // leaf, and the vertices of leaves far off screen would otherwise ask
    // for tiles no pixel shows. The guard band keeps the vertices of a
    // visible triangle that lie just off screen.
    vec4 clip = terrainFrame.viewProjection * vec4(coarsePosition, 1.0);
    bool nearView = clip.w > 0.0 && all(lessThanEqual(abs(clip.xy), vec2(TERRAIN_REQUEST_GUARD_BAND * clip.w)));
    return terrain_StreamedHeight(levelZero, lod, streamLevels, request && nearView);
}

#endif  // TERRAIN_STREAMED_HEIGHTS_GLSL
