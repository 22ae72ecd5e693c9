// The shaders' half of a streamed model's tiles (tiles::gpu::HeightTileAtlas,
// src/tiles/gpu/HeightTileAtlas.h), for the flat terrain
// (terrain/StreamedHeights.glsl) and the globe
// (planet/CubeStreamedElevation.glsl): the atlas of resident tiles (one
// R16_UNORM layer each, its samples read back exactly with texelFetch), the
// page table (each tile's layer + 1, 0 while absent) and the request bits
// (one a tile; the shaders set those of the tiles they want, and
// tiles::gpu::HeightStream reads them back). What a tile's samples mean, and
// which tile a point needs, is the includer's.
// The includer defines TILES_SET, TILES_ATLAS_BINDING and
// TILES_PAGE_TABLE_BINDING and, in a shader that asks for tiles,
// TILES_REQUESTS_BINDING.
#ifndef TILES_TILE_ATLAS_GLSL
#define TILES_TILE_ATLAS_GLSL

#include "tiles/TileRequests.glsl"

layout(set = TILES_SET, binding = TILES_ATLAS_BINDING) uniform sampler2DArray tiles_atlas;

layout(std430, set = TILES_SET, binding = TILES_PAGE_TABLE_BINDING) readonly buffer TilesPageTable {
    uint tiles_pageTable[];
};

#ifdef TILES_REQUESTS_BINDING
layout(std430, set = TILES_SET, binding = TILES_REQUESTS_BINDING) coherent buffer TilesRequests {
    uint tiles_requests[];
};

// Asks for the tile of page-table `entry`.
void tiles_Request(uint entry)
{
    TILES_SET_REQUEST_BIT(tiles_requests, entry)
}
#else
// A shader without the request bits asks for nothing.
void tiles_Request(uint entry)
{
}
#endif

// Whether the tile of page-table `entry` is resident.
bool tiles_Resident(uint entry)
{
    return tiles_pageTable[entry] != 0u;
}

// The atlas layer of the tile of page-table `entry`, or -1 while it is not
// resident.
int tiles_Layer(uint entry)
{
    return int(tiles_pageTable[entry]) - 1;
}

// The stored samples (0..1) a bilinear read takes from `layer` between
// sample `low` and sample `high` of the tile: (low.x, low.y), (high.x, low.y),
// (low.x, high.y), (high.x, high.y).
vec4 tiles_CornerSamples(int layer, ivec2 low, ivec2 high)
{
    return vec4(texelFetch(tiles_atlas, ivec3(low.x, low.y, layer), 0).r,
                texelFetch(tiles_atlas, ivec3(high.x, low.y, layer), 0).r,
                texelFetch(tiles_atlas, ivec3(low.x, high.y, layer), 0).r,
                texelFetch(tiles_atlas, ivec3(high.x, high.y, layer), 0).r);
}

#endif  // TILES_TILE_ATLAS_GLSL
