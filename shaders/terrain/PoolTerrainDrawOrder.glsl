// The order the pool's terrain is drawn in: nearest first, so that the depth
// test rejects what nearer ground hides before it is shaded. The index
// pass's lists give the visible bisectors in slot order, which after a few
// frames of splits and merges is no order on screen at all. Two passes over
// them (terrain/PoolTerrainDrawOrderCount.comp, then
// terrain/PoolTerrainDrawOrderPlace.comp) sort them by distance band into the
// draw list: band b holds the bisectors whose centroid lies between 2^(b/3)
// and 2^((b+1)/3) metres from the camera (band 0 anything nearer than 1 m,
// the last band anything beyond). Within a band the order is whatever the
// atomics give. The first pass keeps each bisector's band in its visible
// list entry, above the slot (slots stay below 2^26, the terrain's largest
// pool), for the second; nothing reads that list after it.
// terrain/PoolTerrainDrawArguments.comp clears the counts for the next
// update.
//   binding 10  per band: the visible bisectors in it, and how many of them
//               are in the draw list yet
//   binding 11  the draw list (the draw's binding 3)
#ifndef TERRAIN_POOL_TERRAIN_DRAW_ORDER_GLSL
#define TERRAIN_POOL_TERRAIN_DRAW_ORDER_GLSL

#include "terrain/PoolTerrain.glsl"

const uint POOL_TERRAIN_DRAW_BANDS = 64u;
const uint POOL_TERRAIN_SLOT_BITS = 26u;  // terrain::kMaxPoolCapacity = 2^26
const uint POOL_TERRAIN_SLOT_MASK = (1u << POOL_TERRAIN_SLOT_BITS) - 1u;
const float POOL_TERRAIN_BANDS_PER_OCTAVE = 3.0;

layout(std430, set = 1, binding = 10) buffer PoolTerrainDrawBands {
    uint poolTerrain_bandCounts[POOL_TERRAIN_DRAW_BANDS];
    uint poolTerrain_bandPlaced[POOL_TERRAIN_DRAW_BANDS];
};
layout(std430, set = 1, binding = 11) writeonly buffer PoolTerrainDrawList {
    uint poolTerrain_drawList[];
};

// Whether a point (from the camera) lies beyond a side of the view (the
// clip volume's x or y bounds).
bool poolTerrain_BeyondTheViewSides(vec3 fromCamera)
{
    vec4 clip = poolFrame.viewProjectionFromCamera * vec4(fromCamera, 1.0);
    return any(greaterThan(abs(clip.xy), clip.ww));
}

// The distance band of a bisector, from its cached corners. On the
// CPU-driver path a bisector that crosses a side of the view goes to the
// last band: llvmpipe clips a chunk of 4095 vertices triangle by triangle
// (several times slower) when any of its vertices lies outside the view, and
// such bisectors, at every distance along the edges of the screen, would
// otherwise put one in nearly every chunk.
uint poolTerrain_DrawBand(uint slot)
{
    vec3 a = poolTerrain_CachedFromCamera(slot, 0u);
    vec3 b = poolTerrain_CachedFromCamera(slot, 1u);
    vec3 c = poolTerrain_CachedFromCamera(slot, 2u);
#ifdef CBT_CPU_DRIVER_PATH
    if (any(bvec3(poolTerrain_BeyondTheViewSides(a), poolTerrain_BeyondTheViewSides(b),
                  poolTerrain_BeyondTheViewSides(c)))) {
        return POOL_TERRAIN_DRAW_BANDS - 1u;
    }
#endif
    float distance = length((a + b + c) / 3.0);
    float band = log2(max(distance, 1.0)) * POOL_TERRAIN_BANDS_PER_OCTAVE;
    return min(uint(band), POOL_TERRAIN_DRAW_BANDS - 1u);
}

#endif  // TERRAIN_POOL_TERRAIN_DRAW_ORDER_GLSL
