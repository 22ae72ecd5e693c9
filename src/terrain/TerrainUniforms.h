// The C++ mirror of the terrain's per-frame uniform block,
// shaders/terrain/TerrainUniforms.glsl (std140), and how a frame fills it.
#pragma once

#include "camera/FrameView.h"
#include "terrain/HeightStatistics.h"
#include "terrain/TerrainSettings.h"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace terrain {

// terrain_StatisticsLevel.
struct StatisticsLevelUniform {
    std::uint32_t firstTexel = 0;
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint32_t unused = 0;
};

// terrain_StreamLevel.
struct StreamLevelUniform {
    std::uint32_t firstEntry = 0;
    std::uint32_t tilesAcross = 0;
    std::uint32_t columns = 0;
    std::uint32_t rows = 0;
};

// Most streamed levels (tiles::TilePyramidLayout::kMaxLevels).
inline constexpr std::size_t kMaxStreamLevels = 16;

struct TerrainUniforms {
    glm::mat4 viewProjection{1.0f};
    std::array<glm::vec4, 6> frustumPlanes{};
    glm::vec3 cameraPosition{0.0f};
    float targetEdgePixels = 0.0f;
    glm::vec3 sunDirection{0.0f};
    float flatnessMetres = 0.0f;
    glm::vec2 viewportPixels{0.0f};
    glm::vec2 worldExtentMetres{0.0f};
    glm::uvec2 heightmapTexels{0u};
    float heightScaleMetres = 0.0f;
    float heightOffsetMetres = 0.0f;
    std::uint32_t statisticsLevelCount = 0;
    std::uint32_t shadingMode = 0;
    std::uint32_t wireframe = 0;
    std::uint32_t uniformSubdivisionLevels = 0;
    std::uint32_t maxDepth = 0;
    float snowLineMetres = 0.0f;           // TerrainSettings::snowLineMetres
    float elevationPerWorldHeight = 1.0f;  // TerrainSettings::elevationPerWorldHeight
    std::uint32_t seaLevelKnown = 0;       // TerrainSettings::seaLevelKnown
    std::array<StatisticsLevelUniform, kMaxStatisticsLevels> statisticsLevels{};
    std::uint32_t shadows = 0;  // TerrainSettings::shadows: the sun's horizon map darkens the terrain
    std::uint32_t sea = 0;      // 1: water over the sea mask's samples (terrain::seaLevelOf)
    float seaLevelWorldY = 0.0f;
    std::uint32_t detail = 0;   // TerrainSettings::surfaceDetail
    std::uint32_t imagery = 0;  // 1: the ground's albedo is the imagery's (TerrainSettings::showImagery)
    // A streamed elevation model (tiles::gpu::TileStream); without one the
    // level count is 0, fullResolutionTexels = heightmapTexels and
    // baseReduction 1.
    std::uint32_t streamLevelCount = 0;
    std::uint32_t streamTileSize = 0;
    float baseReduction = 1.0f;
    glm::uvec2 fullResolutionTexels{0u};
    float metresPerPixelAtUnitDistance = 0.0f;
    float streamTexelsPerPixel = 1.0f;
    std::array<StreamLevelUniform, kMaxStreamLevels> streamLevels{};
    // camera::inverseViewRotationProjection: clip space to the direction of
    // the view ray (the sky of a frame shaded in compute).
    glm::mat4 inverseViewRotationProjection{1.0f};
    float contourIntervalMetres = 0.0f;  // TerrainSettings::contourIntervalMetres (0: none)
    std::array<float, 3> padding{};      // to std140's 16-byte alignment of the uvec4
    // x: 1 when the imagery streams (surface/StreamedImagery.glsl); y: its
    // levels of tiles; zw: its finest level's texels.
    glm::uvec4 imageryStream{0u};
};
static_assert(offsetof(TerrainUniforms, frustumPlanes) == 64);
static_assert(offsetof(TerrainUniforms, targetEdgePixels) == 172);
static_assert(offsetof(TerrainUniforms, flatnessMetres) == 188);
static_assert(offsetof(TerrainUniforms, viewportPixels) == 192);
static_assert(offsetof(TerrainUniforms, heightmapTexels) == 208);
static_assert(offsetof(TerrainUniforms, statisticsLevelCount) == 224);
static_assert(offsetof(TerrainUniforms, maxDepth) == 240);
static_assert(offsetof(TerrainUniforms, seaLevelKnown) == 252);
static_assert(offsetof(TerrainUniforms, statisticsLevels) == 256);
static_assert(offsetof(TerrainUniforms, shadows) == 512);
static_assert(offsetof(TerrainUniforms, detail) == 524);
static_assert(offsetof(TerrainUniforms, imagery) == 528);
static_assert(offsetof(TerrainUniforms, streamLevelCount) == 532);
static_assert(offsetof(TerrainUniforms, fullResolutionTexels) == 544);
static_assert(offsetof(TerrainUniforms, streamLevels) == 560);
static_assert(offsetof(TerrainUniforms, inverseViewRotationProjection) == 816);
static_assert(offsetof(TerrainUniforms, contourIntervalMetres) == 880);
static_assert(offsetof(TerrainUniforms, imageryStream) == 896);
static_assert(sizeof(TerrainUniforms) == 912);

// What the uniforms need besides the view, the sun and the settings.
struct TerrainUniformContext {
    std::uint32_t heightmapWidth = 1;
    std::uint32_t heightmapHeight = 1;
    std::vector<HeightStatisticsLevel> statisticsLevels;
    int maxDepth = 1;
    bool imagery = false;  // the terrain has imagery (terrain::ImageryTexture::present)
    // A streamed elevation model: the level-0 size, the streamed levels
    // (firstEntry, tilesAcross, columns, rows each) and the tile size.
    std::uint32_t fullResolutionWidth = 0;  // 0: the heightmap's (no streaming)
    std::uint32_t fullResolutionHeight = 0;
    std::vector<StreamLevelUniform> streamLevels;
    std::uint32_t streamTileSize = 0;
    float streamTexelsPerPixel = 1.0f;
};

// World width (x) and depth (z) of the terrain for a heightmap and settings.
glm::vec2 terrainWorldExtent(std::uint32_t heightmapWidth, std::uint32_t heightmapHeight,
                             const TerrainSettings& settings);

// The block for one frame; `sunDirection` points towards the sun.
TerrainUniforms makeTerrainUniforms(const camera::FrameView& view, glm::vec3 sunDirection,
                                    const TerrainSettings& settings, const TerrainUniformContext& context);

}  // namespace terrain
