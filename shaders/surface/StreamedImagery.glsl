// Imagery finer than one texture, streamed (dem/DemImagery.h,
// tiles::gpu::TileStream), for the flat terrain and the globe: the texture
// is the coarsest level of a pyramid of 256-texel tiles over the same grid,
// each level twice as fine as the next; the resident tiles lie in an
// R8G8B8A8_SRGB atlas, one a layer with a texel of apron east and south,
// found through a page table (each tile's layer + 1, 0 while absent). A
// pixel reads the two levels around its footprint, as trilinear filtering
// would, asks for them (request bits, read back by the host), and takes the
// finest resident level over its point meanwhile, or the texture. Where a
// tile does not cover its ground whole (the source gave nothing there: a
// tile service's 404) it lies over the coarser levels by its cover
// (surface_ImageryOver), so the coarser level shows.
//
// The includer defines SURFACE_IMAGERY_TILES_SET,
// SURFACE_IMAGERY_ATLAS_BINDING, SURFACE_IMAGERY_PAGE_TABLE_BINDING and,
// where the pixels ask for tiles, SURFACE_IMAGERY_REQUESTS_BINDING.
#ifndef SURFACE_STREAMED_IMAGERY_GLSL
#define SURFACE_STREAMED_IMAGERY_GLSL

#include "surface/Imagery.glsl"
#include "tiles/TileRequests.glsl"

// dem::kImageryTileSize.
const uint SURFACE_IMAGERY_TILE_SIZE = 256u;

layout(set = SURFACE_IMAGERY_TILES_SET,
       binding = SURFACE_IMAGERY_ATLAS_BINDING) uniform sampler2DArray surface_imageryAtlas;
layout(std430, set = SURFACE_IMAGERY_TILES_SET,
       binding = SURFACE_IMAGERY_PAGE_TABLE_BINDING) readonly buffer SurfaceImageryPageTable {
    uint surface_imageryPageTable[];
};
#ifdef SURFACE_IMAGERY_REQUESTS_BINDING
layout(std430, set = SURFACE_IMAGERY_TILES_SET,
       binding = SURFACE_IMAGERY_REQUESTS_BINDING) coherent buffer SurfaceImageryRequests {
    uint surface_imageryRequests[];
};
#endif

// The streamed pyramid: its levels below the texture and its finest
// level's texels (tiles::TilePyramidLayout's levelCount, columns, rows).
struct surface_ImageryPyramid {
    uint levels;
    uvec2 texels;
};

// Texels of `level` (tiles::TilePyramidLayout::levelColumns, levelRows).
uvec2 surface_ImageryLevelTexels(surface_ImageryPyramid pyramid, uint level)
{
    return max((pyramid.texels + (1u << level) - 1u) >> level, uvec2(1u));
}

// Tiles across and down `level`.
uvec2 surface_ImageryLevelTiles(surface_ImageryPyramid pyramid, uint level)
{
    return (surface_ImageryLevelTexels(pyramid, level) + SURFACE_IMAGERY_TILE_SIZE - 1u) / SURFACE_IMAGERY_TILE_SIZE;
}

// The page-table entry of `level`'s first tile (levels finer first, each
// row-major: tiles::TilePyramidLayout::firstEntry).
uint surface_ImageryFirstEntry(surface_ImageryPyramid pyramid, uint level)
{
    uint entry = 0u;
    for (uint finer = 0u; finer < level; ++finer) {
        uvec2 tiles = surface_ImageryLevelTiles(pyramid, finer);
        entry += tiles.x * tiles.y;
    }
    return entry;
}

// Where `point` (0..1 over the grid) lies in `level`: the page-table entry
// of the tile whose texels a bilinear read there takes, and the point in
// that tile's layer (0..1 over its stored texels).
struct surface_ImageryTexel {
    uint entry;
    vec2 inLayer;
};

surface_ImageryTexel surface_ImageryTexelAt(surface_ImageryPyramid pyramid, uint level, vec2 point)
{
    uvec2 texels = surface_ImageryLevelTexels(pyramid, level);
    uvec2 tiles = surface_ImageryLevelTiles(pyramid, level);
    // Texel centres at i + 0.5: a bilinear read takes texels floor(p - 0.5)
    // and the next, which the tile holding the first holds (its apron).
    vec2 position = clamp(point, vec2(0.0), vec2(1.0)) * vec2(texels);
    uvec2 tile = min(uvec2(max(floor((position - 0.5) / float(SURFACE_IMAGERY_TILE_SIZE)), vec2(0.0))), tiles - 1u);
    surface_ImageryTexel texel;
    texel.entry = surface_ImageryFirstEntry(pyramid, level) + tile.y * tiles.x + tile.x;
    texel.inLayer = (position - vec2(tile * SURFACE_IMAGERY_TILE_SIZE)) / float(SURFACE_IMAGERY_TILE_SIZE + 1u);
    return texel;
}

// The colour of streamed `level` at `point`: the resident levels from it
// to the coarsest, each over those coarser by its cover, and `texture` (the
// pyramid's coarsest level, over the footprint `alongX`, `alongY`) under
// them all; a level whose tile is not resident adds nothing. Asks for the
// tile of `level`.
vec4 surface_ImageryLevel(sampler2D texture, surface_ImageryPyramid pyramid, uint level, vec2 point, vec2 alongX,
                          vec2 alongY)
{
    vec4 colour = vec4(0.0);
    for (uint current = level; current < pyramid.levels; ++current) {
        surface_ImageryTexel texel = surface_ImageryTexelAt(pyramid, current, point);
#ifdef SURFACE_IMAGERY_REQUESTS_BINDING
        if (current == level) {
            TILES_SET_REQUEST_BIT(surface_imageryRequests, texel.entry)
        }
#endif
        uint layer = surface_imageryPageTable[texel.entry];
        if (layer != 0u) {
            colour = surface_ImageryOver(colour,
                                         textureLod(surface_imageryAtlas, vec3(texel.inLayer, float(layer - 1u)), 0.0));
            if (colour.a >= 1.0) {
                return colour;
            }
        }
    }
    return surface_ImageryOver(colour, textureGrad(texture, point, alongX, alongY));
}

// The streamed imagery at `point` (0..1 over its grid) for a pixel whose
// steps to the next pixels are `alongX`, `alongY` in the same units: the
// two levels around the footprint mixed, each at the finest resident
// level not finer than it; the texture alone where the footprint spans a
// texel of it or more.
vec4 surface_StreamedImagery(sampler2D texture, surface_ImageryPyramid pyramid, vec2 point, vec2 alongX, vec2 alongY)
{
    vec2 texels = vec2(pyramid.texels);
    float footprint = max(length(alongX * texels), length(alongY * texels));
    float level = max(log2(max(footprint, 1.0e-8)), 0.0);
    if (level >= float(pyramid.levels)) {
        return textureGrad(texture, point, alongX, alongY);
    }
    uint finer = uint(level);
    vec4 colour = surface_ImageryLevel(texture, pyramid, finer, point, alongX, alongY);
    float coarserShare = level - float(finer);
    if (coarserShare > 0.0) {
        vec4 coarser = finer + 1u < pyramid.levels
                           ? surface_ImageryLevel(texture, pyramid, finer + 1u, point, alongX, alongY)
                           : textureGrad(texture, point, alongX, alongY);
        colour = mix(colour, coarser, coarserShare);
    }
    return colour;
}

#endif  // SURFACE_STREAMED_IMAGERY_GLSL
