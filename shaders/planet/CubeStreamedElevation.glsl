// GLSL mirror of planet::StreamedCubeHeights (src/planet/CubeTilePyramid.h):
// the globe's data height at a cube point when its elevation model streams,
// from the finest level whose tile is resident there, else the base grid
// (planet/CubeElevation.glsl). Tiles live in tiles::gpu::HeightTileAtlas,
// read through tiles/TileAtlas.glsl. Set 1 of the pool kernels
// (planet::gpu::GlobeCriterion):
//   binding 8   the page table
//   binding 9   the atlas
//   binding 10  the request bits (classify asks for the tiles its visible
//               bisectors want: GLOBE_REQUESTS_TILES)
//   binding 11  each resident tile's statistics (tiles::gpu::TileStatistics)
//   binding 12  GlobeStream: the pyramid and the samples' height range
// Without streaming the level count is 0 and every height is the base's.
// The includer has included planet/CubeElevation.glsl and defines
// globe_intervals (the base's intervals).
#ifndef PLANET_CUBE_STREAMED_ELEVATION_GLSL
#define PLANET_CUBE_STREAMED_ELEVATION_GLSL

#define TILES_SET 1
#define TILES_PAGE_TABLE_BINDING 8
#define TILES_ATLAS_BINDING 9
#ifdef GLOBE_REQUESTS_TILES
#define TILES_REQUESTS_BINDING 10
#endif
#include "tiles/TileAtlas.glsl"
layout(std430, set = 1, binding = 11) readonly buffer GlobeTileStatistics {
    uvec4 globe_tileStatistics[];  // x: lowest sample in the low 16 bits, highest in the high 16
};
layout(std430, set = 1, binding = 12) readonly buffer GlobeStream {
    dvec2 globe_streamRange;  // metres of sample 0, metres per sample step
    uint globe_streamLevels;  // streamed levels; 0 without streaming
    uint globe_streamFinestIntervals;
    uint globe_streamTileSize;
    uint globe_streamFirstEntries[8];  // per level, its first page-table entry
};

// Where bilinear filtering of a level reads: the tile's page-table entry,
// and the cell in the tile's stored samples (CubeTilePyramid::Lookup).
struct globe_TileLookup {
    uint entry;
    planet_GridCell cell;
};

uint globe_StreamIntervals(uint level)
{
    return globe_streamFinestIntervals >> level;
}

// The page-table entry of `level`'s tile (column, row) of the level's
// six faces side by side.
uint globe_TileEntry(uint level, uint tileColumn, uint tileRow)
{
    uint tilesAcross = 6u * globe_StreamIntervals(level) / globe_streamTileSize;
    return globe_streamFirstEntries[level] + tileRow * tilesAcross + tileColumn;
}

// CubeTilePyramid::lookup.
globe_TileLookup globe_Lookup(uint level, planet_FacePoint point)
{
    uint intervals = globe_StreamIntervals(level);
    planet_GridCell cell = planet_GridCellOf(point, intervals);
    uint size = globe_streamTileSize;
    uint levelColumn = point.face * intervals + cell.column;
    uint entry = globe_TileEntry(level, levelColumn / size, cell.row / size);
    cell.column = levelColumn % size;
    cell.row %= size;
    return globe_TileLookup(entry, cell);
}

// Metres of a tile sample's `steps` (StreamedHeightRange::metresOf).
double globe_StepsMetres(uint steps)
{
    precise double metres = globe_streamRange.x + double(steps) * globe_streamRange.y;
    return metres;
}

// Metres of a stored sample (0..1 of R16_UNORM).
double globe_SampleMetres(float unorm)
{
    return globe_StepsMetres(uint(round(unorm * 65535.0)));
}

// Bilinear in double between a resident tile's samples.
double globe_TileHeight(int layer, globe_TileLookup at)
{
    ivec2 low = ivec2(at.cell.column, at.cell.row);
    vec4 samples = tiles_CornerSamples(layer, low, low + 1);
    return planet_BilinearIn(at.cell, globe_SampleMetres(samples.x), globe_SampleMetres(samples.y),
                             globe_SampleMetres(samples.z), globe_SampleMetres(samples.w));
}

// Metres of the model at a cube point, and the intervals a face side of the
// grid that gave them (the detail below the data starts under its spacing):
// StreamedCubeHeights::heightAt.
double globe_DataHeightAt(dvec3 cube, out uint gridIntervals)
{
    planet_FacePoint point = planet_CubeFaceOf(cube);
    for (uint level = 0u; level < globe_streamLevels; ++level) {
        globe_TileLookup at = globe_Lookup(level, point);
        int layer = tiles_Layer(at.entry);
        if (layer >= 0) {
            gridIntervals = globe_StreamIntervals(level);
            return globe_TileHeight(layer, at);
        }
    }
    gridIntervals = globe_intervals;
    return planet_HeightOnFace(point, globe_intervals);
}

// The tiles of `level` a box of face coordinates touches: (first column,
// first row, last column, last row) of the level's tiles.
uvec4 globe_TilesOver(uint level, uint face, dvec2 low, dvec2 high)
{
    uint intervals = globe_StreamIntervals(level);
    uint size = globe_streamTileSize;
    uint faceColumn = face * intervals / size;
    precise double u0 = clamp((low.x + 1.0lf) * 0.5lf * double(intervals), 0.0lf, double(intervals - 1u));
    precise double v0 = clamp((low.y + 1.0lf) * 0.5lf * double(intervals), 0.0lf, double(intervals - 1u));
    precise double u1 = clamp((high.x + 1.0lf) * 0.5lf * double(intervals), 0.0lf, double(intervals - 1u));
    precise double v1 = clamp((high.y + 1.0lf) * 0.5lf * double(intervals), 0.0lf, double(intervals - 1u));
    return uvec4(faceColumn + uint(u0) / size, uint(v0) / size, faceColumn + uint(u1) / size, uint(v1) / size);
}

// The cells of a level a box of face coordinates touches, as
// planet_CellOf does for the base: (first column, first row, last column,
// last row) of the face's cells.
uvec4 globe_CellsOver(uint level, dvec2 low, dvec2 high)
{
    uint intervals = globe_StreamIntervals(level);
    return uvec4(planet_CellOf(low.x, false, intervals), planet_CellOf(low.y, false, intervals),
                 max(planet_CellOf(high.x, true, intervals), planet_CellOf(low.x, false, intervals)),
                 max(planet_CellOf(high.y, true, intervals), planet_CellOf(low.y, false, intervals)));
}

// The most cells a side whose samples the criterion reads.
const uint GLOBE_RANGE_CELLS = 3u;

// The heights a bisector over a box of face coordinates may be drawn at:
// each point takes the finest level resident there, else the base
// (`baseRange`, CubeElevation::heightRangeOver). From the finest level down
// to the first whose tiles hold every cell the box touches: the samples of
// those cells in resident tiles when the box touches at most
// GLOBE_RANGE_CELLS a side, else the bounds of the resident tiles (at most
// 2 x 2 of them; a box over more is a large bisector and the level adds
// nothing, as in the flat terrain's criterion). The base counts only when no
// level holds the whole box.
vec2 globe_DrawnHeightRange(uint face, dvec2 low, dvec2 high, vec2 baseRange)
{
    vec2 range = vec2(uintBitsToFloat(0x7F800000u), -uintBitsToFloat(0x7F800000u));
    uint size = globe_streamTileSize;
    for (uint level = 0u; level < globe_streamLevels; ++level) {
        uint faceColumn = face * globe_StreamIntervals(level);
        uvec4 cells = globe_CellsOver(level, low, high);
        bool covered = true;
        if (cells.z - cells.x < GLOBE_RANGE_CELLS && cells.w - cells.y < GLOBE_RANGE_CELLS) {
            for (uint row = cells.y; row <= cells.w; ++row) {
                for (uint column = cells.x; column <= cells.z; ++column) {
                    uint levelColumn = faceColumn + column;
                    int layer = tiles_Layer(globe_TileEntry(level, levelColumn / size, row / size));
                    if (layer < 0) {
                        covered = false;
                    } else {
                        ivec2 low = ivec2(levelColumn % size, row % size);
                        vec4 samples = tiles_CornerSamples(layer, low, low + 1);
                        float lowest = min(min(samples.x, samples.y), min(samples.z, samples.w));
                        float highest = max(max(samples.x, samples.y), max(samples.z, samples.w));
                        range = vec2(min(range.x, float(globe_SampleMetres(lowest))),
                                     max(range.y, float(globe_SampleMetres(highest))));
                    }
                }
            }
        } else {
            uvec4 tiles = uvec4((faceColumn + cells.x) / size, cells.y / size, (faceColumn + cells.z) / size,
                                cells.w / size);
            covered = tiles.z - tiles.x <= 1u && tiles.w - tiles.y <= 1u;
            for (uint row = tiles.y; covered && row <= tiles.w; ++row) {
                for (uint column = tiles.x; column <= tiles.z; ++column) {
                    uint entry = globe_TileEntry(level, column, row);
                    if (!tiles_Resident(entry)) {
                        covered = false;
                    } else {
                        uint bounds = globe_tileStatistics[entry].x;
                        range = vec2(min(range.x, float(globe_StepsMetres(bounds & 0xFFFFu))),
                                     max(range.y, float(globe_StepsMetres(bounds >> 16u))));
                    }
                }
            }
        }
        if (covered) {
            return range;
        }
    }
    return vec2(min(range.x, baseRange.x), max(range.y, baseRange.y));
}

#ifdef GLOBE_REQUESTS_TILES
// Asks for the tiles under a visible bisector (its vertices' box on `face`,
// and each vertex on its own face) at the coarsest level that still has
// `samplesPerEdge` samples along its longest edge (`longestCubeEdge` in cube
// units): with the target edge in pixels, about one sample a pixel.
void globe_RequestTilesFor(uint face, dvec2 low, dvec2 high, dvec3 corners[3], double longestCubeEdge,
                           double samplesPerEdge)
{
    if (globe_streamLevels == 0u) {
        return;
    }
    // A face spans 2 cube units.
    double samplesAlong = 0.5lf * double(globe_streamFinestIntervals) * longestCubeEdge;
    uint level = 0u;
    while (level < globe_streamLevels && 0.5lf * samplesAlong >= samplesPerEdge) {
        samplesAlong *= 0.5lf;
        ++level;
    }
    if (level >= globe_streamLevels) {
        return;
    }
    uvec4 tiles = globe_TilesOver(level, face, low, high);
    for (uint row = tiles.y; row <= min(tiles.w, tiles.y + 2u); ++row) {
        for (uint column = tiles.x; column <= min(tiles.z, tiles.x + 2u); ++column) {
            tiles_Request(globe_TileEntry(level, column, row));
        }
    }
    for (int i = 0; i < 3; ++i) {
        planet_FacePoint point = planet_CubeFaceOf(corners[i]);
        if (point.face != face) {
            tiles_Request(globe_Lookup(level, point).entry);
        }
    }
}
#endif

#endif  // PLANET_CUBE_STREAMED_ELEVATION_GLSL
