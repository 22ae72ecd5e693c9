// What a user can change about the terrain (terrain::Terrain applies it),
// and the checks on it. The sky, the sun and the display have their own
// settings; scene::SceneSettings holds them all.
#pragma once

#include "heightmap/Heightmap.h"
#include "surface/SnowLine.h"

#include <cstdint>
#include <optional>

namespace terrain {

// Extra uniform LEB levels per leaf the vertex shader can add. Only an even
// number keeps the mesh free of cracks: a leaf's longest edge may be a leg of
// a leaf one level coarser, and an odd number of bisections halves that edge
// once more on the finer side than on the coarser one (a T-junction). Two
// bisections halve every edge of a triangle, so 2k do the same on both sides.
inline constexpr int kMaxUniformSubdivision = 6;

// Whether `levels` is a uniform subdivision the renderer accepts: 0, 2, 4 or 6.
[[nodiscard]] constexpr bool isValidUniformSubdivision(int levels)
{
    return levels >= 0 && levels <= kMaxUniformSubdivision && levels % 2 == 0;
}

enum class ShadingMode { Lit, Normals, Depth };

// How the terrain keeps its tessellation: the 2020 concurrent binary tree
// whose bitfield is the tessellation (Heap: D <= 30, memory 2^(D+2) bits), or
// the 2024 memory pool of bisectors (Pool: any depth to 60, memory per
// bisector, work per change).
enum class TerrainBackend { Heap, Pool };

// The pool's depths count as the heap's: its quad's four roots are depth 2.
inline constexpr int kPoolRootDepth = 2;
inline constexpr int kMinPoolDepth = 3;
inline constexpr int kMaxPoolDepth = 60;
inline constexpr std::uint32_t kMinPoolCapacity = 1u << 8;
inline constexpr std::uint32_t kMaxPoolCapacity = 1u << 26;
// Holds the default view converged at 1920 x 1080 with room to spare.
inline constexpr std::uint32_t kDefaultPoolCapacity = 1u << 21;

// The ground's materials follow physical quantities (shaders/surface): the
// permanent snow line depends on latitude (surface::permanentSnowLineMetres).
// A terrain without a latitude (a PNG, a DEM without georeferencing) is taken
// to lie at kDefaultMaterialLatitudeDegrees.
inline constexpr double kDefaultMaterialLatitudeDegrees = 45.0;

// Everything the UI can change about the terrain. Changing maxDepth rebuilds
// the CBT (see Terrain::applySettings); everything else applies next frame.
struct TerrainSettings {
    TerrainBackend backend = TerrainBackend::Heap;
    int maxDepth = 25;  // max depth D: 1..30 for the heap (capped by the device), 3..60 for the pool
    std::uint32_t poolCapacity = kDefaultPoolCapacity;  // bisector slots of the pool (a power of two)
    float targetEdgePixels = 7.0f;                      // split while the longest edge covers more pixels
    float flatnessThreshold = 0.0f;                     // height std-dev (metres) under which a region counts as flat
    int uniformSubdivision = 0;      // 0, 2, 4 or 6 extra uniform LEB levels per leaf in the vertex shader
    bool freezeSubdivision = false;  // skip the update pipeline (camera still moves)
    bool wireframe = false;          // barycentric wireframe overlay over the shading
    ShadingMode shading = ShadingMode::Lit;
    float extentMetres = 20000.0f;      // world width of the map
    float heightScaleMetres = 3000.0f;  // world height of the brightest sample, above the darkest
    float depthPerWidth = 0.0f;         // world depth (Z) / width (X); 0: rows / columns (square texels)
    float heightOffsetMetres = 0.0f;    // world height of the darkest sample (a DEM's lowest point, so
                                        // that sea level is y = 0)
    // Materials: the snow line in metres above sea level, the real metres of
    // elevation per world metre of height (a DEM's range over --height-scale:
    // the materials ignore a vertical exaggeration), and whether heights are
    // metres above a vertical datum (a DEM: sand gathers near sea level).
    float snowLineMetres = surface::permanentSnowLineMetres(kDefaultMaterialLatitudeDegrees);
    float elevationPerWorldHeight = 1.0f;
    bool seaLevelKnown = false;
    // --sea-level: water below this elevation (real metres) anywhere; empty:
    // on a DEM, water at or below sea level where it joins the map's border.
    // Read when the terrain is built.
    std::optional<float> seaLevelMetres;
    bool shadows = true;  // the terrain casts the sun's shadows (terrain::SunShadowMap), in lit shading
    // Procedural relief below the data's spacing shades close views
    // (surface/DetailNoise.glsl: normals and albedo, not the mesh).
    bool surfaceDetail = true;
    // Contour lines every this many metres of elevation in lit shading, on
    // the materials and the imagery alike (surface/Contours.h); 0: none.
    float contourIntervalMetres = 0.0f;
    // The ground's albedo is the imagery's (terrain::ImageryTexture) where
    // the terrain has imagery, instead of the materials'.
    bool showImagery = false;
    // Leaves whose heap index the draw reads from a buffer decoded once per
    // frame (4 bytes each; also capped at 2^D and maxStorageBufferRange). The
    // vertex shader decodes any leaf beyond it itself (Alg. 1, O(D)).
    std::uint32_t drawLeafCapacity = std::uint32_t{1} << 22;
};

// Throws std::invalid_argument naming the first setting out of range (the
// device-dependent limit on maxDepth is checked by requireMaxDepthFits).
void validateTerrainSettings(const TerrainSettings& settings);

// The largest D worth using for a map: the finest triangles reach the texel
// spacing (D = 25 for 4096 x 4096), capped at 30 (the heap's limit).
int defaultMaxDepthFor(const heightmap::Heightmap& heightmap);
// The same for a map of `samples` samples (a streamed model's level 0),
// capped at kMaxPoolDepth: callers on the heap cap it at what it holds.
int defaultMaxDepthForSamples(std::uint64_t samples);

}  // namespace terrain
