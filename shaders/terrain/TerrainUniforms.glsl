// Per-frame data of the terrain, shared by the level-of-detail criterion
// (compute) and the terrain draw. Byte layout (std140) mirrored by
// terrain::TerrainUniforms in src/terrain/TerrainUniforms.h; the scene
// writes it once per frame.
//
// The including shader chooses where the block lives:
//   #define TERRAIN_UNIFORMS_SET 0
//   #define TERRAIN_UNIFORMS_BINDING 1
// and, with TERRAIN_UNIFORMS_IN_STORAGE, reads it from a storage buffer of
// the same layout instead of a uniform buffer.
//
// World convention (src/terrain/Terrain.h): Y up; the LEB square's (u, v)
// maps to x = (u - 0.5) * worldExtentMetres.x, z = (v - 0.5) *
// worldExtentMetres.y and y = heightOffsetMetres + height * heightScaleMetres,
// height the normalised heightmap sample.
#ifndef TERRAIN_UNIFORMS_GLSL
#define TERRAIN_UNIFORMS_GLSL

#if !defined(TERRAIN_UNIFORMS_SET) || !defined(TERRAIN_UNIFORMS_BINDING)
#error "define TERRAIN_UNIFORMS_SET and TERRAIN_UNIFORMS_BINDING before including terrain/TerrainUniforms.glsl"
#endif

// Upper bound of the height statistics chain's level count (a 2^17 map).
const uint TERRAIN_MAX_STATISTICS_LEVELS = 16u;

// terrain::ShadingMode.
const uint TERRAIN_SHADING_LIT = 0u;
const uint TERRAIN_SHADING_NORMALS = 1u;
const uint TERRAIN_SHADING_DEPTH = 2u;

// Most streamed levels of an elevation model (tiles::TilePyramidLayout::kMaxLevels).
const uint TERRAIN_MAX_STREAM_LEVELS = 16u;

// One streamed level of a tiled elevation model (terrain/StreamedHeights.glsl).
struct terrain_StreamLevel {
    uint firstEntry;   // its first entry of the page table and of the request bits
    uint tilesAcross;  // tiles per row
    uint columns;      // samples per row of the level
    uint rows;         // rows of samples
};

// Where one level of the height statistics chains lies in their buffers.
struct terrain_StatisticsLevel {
    uint firstTexel;  // index of its first texel
    uint width;       // texels per row
    uint height;      // rows
    uint unused;
};

#ifdef TERRAIN_UNIFORMS_IN_STORAGE
layout(std140, set = TERRAIN_UNIFORMS_SET, binding = TERRAIN_UNIFORMS_BINDING) readonly buffer TerrainUniforms {
#else
layout(std140, set = TERRAIN_UNIFORMS_SET, binding = TERRAIN_UNIFORMS_BINDING) uniform TerrainUniforms {
#endif
    mat4 viewProjection;
    // Clip-space planes (a, b, c, d): a point p is inside when dot(plane, vec4(p, 1)) >= 0.
    vec4 frustumPlanes[6];
    vec3 cameraPosition;        // world metres
    float targetEdgePixels;     // split while a triangle's longest edge covers more pixels
    vec3 sunDirection;          // unit vector towards the sun
    float flatnessMetres;       // height standard deviation under which a region counts as flat
    vec2 viewportPixels;        // the render target's size
    vec2 worldExtentMetres;     // the terrain's width (x) and depth (z)
    uvec2 heightmapTexels;      // the heightmap's width and height
    float heightScaleMetres;    // world height of the brightest sample above the darkest
    float heightOffsetMetres;   // world height of the darkest sample
    uint statisticsLevelCount;  // levels of the height statistics chains
    uint shadingMode;           // TERRAIN_SHADING_*
    uint wireframe;             // 1: the wireframe overlay
    uint uniformSubdivisionLevels;  // extra LEB levels per leaf in the vertex shader (0, 2, 4, 6)
    uint maxDepth;              // the CBT's max depth D
    float snowLineMetres;       // permanent snow above this elevation (metres above sea level)
    float elevationPerWorldHeight;  // metres of elevation per world metre of height (undoes --height-scale)
    uint seaLevelKnown;         // 1: heights are metres above a vertical datum (a DEM)
    terrain_StatisticsLevel statisticsLevels[TERRAIN_MAX_STATISTICS_LEVELS];
    uint shadows;               // 1: the sun's horizon map (terrain/TerrainShading.glsl) shades the terrain
    uint sea;                   // 1: water at seaLevelWorldY over the sea mask's samples
    float seaLevelWorldY;
    uint detail;                // 1: procedural detail below the data's spacing (surface/DetailNoise.glsl)
    uint imagery;               // 1: the ground's albedo is the imagery's (terrain/TerrainShading.glsl)
    // A streamed elevation model (terrain/StreamedHeights.glsl): the
    // heightmap holds its level streamLevelCount, tiles the finer levels.
    // Without streaming: streamLevelCount 0, fullResolutionTexels =
    // heightmapTexels, baseReduction 1.
    uint streamLevelCount;
    uint streamTileSize;        // samples per side of a tile's share
    float baseReduction;        // level-0 samples per heightmap texel (2^streamLevelCount)
    uvec2 fullResolutionTexels; // samples of level 0, the elevation model's own
    float metresPerPixelAtUnitDistance;  // a pixel's footprint 1 m in front of the camera
    float streamTexelsPerPixel;  // level-0 texels a pixel may cover before a coarser level is asked for
    terrain_StreamLevel streamLevels[TERRAIN_MAX_STREAM_LEVELS];
    mat4 inverseViewRotationProjection;  // clip space to the view ray's direction (camera::inverseViewRotationProjection)
    float contourIntervalMetres;  // contour lines every this many metres of elevation (surface/Contours.glsl); 0: none
    uvec4 imageryStream;  // x: 1 when the imagery streams (surface/StreamedImagery.glsl); y: its levels; zw: its texels
} terrainFrame;

// World position of a unit-square point at normalised height `height`.
vec3 terrain_WorldPosition(vec2 uv, float height)
{
    return vec3((uv.x - 0.5) * terrainFrame.worldExtentMetres.x,
                terrainFrame.heightOffsetMetres + height * terrainFrame.heightScaleMetres,
                (uv.y - 0.5) * terrainFrame.worldExtentMetres.y);
}

// Position of a unit-square point among the elevation model's own samples
// (level 0): u = 0 and u = 1 land on the first and last sample column
// (likewise for v and rows), so the terrain spans the samples exactly.
vec2 terrain_LevelZeroPosition(vec2 uv)
{
    return uv * (vec2(terrainFrame.fullResolutionTexels) - 1.0);
}

// Texture coordinate of the heightmap at a level-0 position: heightmap texel
// i averages level-0 samples [i r, (i + 1) r), r = baseReduction.
vec2 terrain_HeightmapCoordinateAt(vec2 levelZero)
{
    return (levelZero + 0.5) / (vec2(terrainFrame.heightmapTexels) * terrainFrame.baseReduction);
}

// Texture coordinate of a unit-square point. Without streaming, u = 0 and
// u = 1 land on the centres of the first and last texel column (likewise for
// v and rows), so the terrain spans the samples exactly and never filters
// against the border.
vec2 terrain_HeightmapCoordinate(vec2 uv)
{
    return terrain_HeightmapCoordinateAt(terrain_LevelZeroPosition(uv));
}

#endif  // TERRAIN_UNIFORMS_GLSL
