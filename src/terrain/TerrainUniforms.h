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
    std::array<std::uint32_t, 3> padding{};
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
static_assert(sizeof(TerrainUniforms) == 544);

// What the uniforms need besides the view, the sun and the settings.
struct TerrainUniformContext {
    std::uint32_t heightmapWidth = 1;
    std::uint32_t heightmapHeight = 1;
    std::vector<HeightStatisticsLevel> statisticsLevels;
    int maxDepth = 1;
    bool imagery = false;  // the terrain has imagery (terrain::ImageryTexture::present)
};

// World width (x) and depth (z) of the terrain for a heightmap and settings.
glm::vec2 terrainWorldExtent(std::uint32_t heightmapWidth, std::uint32_t heightmapHeight,
                             const TerrainSettings& settings);

// The block for one frame; `sunDirection` points towards the sun.
TerrainUniforms makeTerrainUniforms(const camera::FrameView& view, glm::vec3 sunDirection,
                                    const TerrainSettings& settings, const TerrainUniformContext& context);

}  // namespace terrain
