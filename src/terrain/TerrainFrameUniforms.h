// The C++ mirror of the per-frame uniform block of
// shaders/terrain/TerrainUniforms.glsl (std140), and the camera maths that
// fills it: frustum planes, sun direction, depth convention.
#pragma once

#include "terrain/HeightStatistics.h"
#include "terrain/TerrainRenderer.h"

#include <vulkan/vulkan.h>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace terrain {

struct TerrainFrameUniforms {
    glm::mat4 viewProjection{1.0f};
    glm::mat4 inverseViewRotationProjection{1.0f};
    std::array<glm::vec4, 6> frustumPlanes{};
    glm::vec4 cameraPosition{0.0f};
    glm::vec4 sunDirection{0.0f};
    glm::vec4 extent{0.0f};         // world width, world depth, height scale, 0
    glm::vec4 levelOfDetail{0.0f};  // viewport width, height, target edge pixels, flatness metres
    glm::uvec4 heightmapInfo{0u};   // heightmap width, height, statistics level count, shading mode
    glm::uvec4 drawOptions{0u};     // wireframe, uniform subdivision, TerrainOutput, max depth
    std::array<glm::uvec4, kMaxStatisticsLevels> statisticsLevels{};  // first texel, width, height, 0
    glm::vec4 display{0.0f};  // exposure stops, tone curve (atmosphere::Tonemapper), 0, 0
};
static_assert(sizeof(TerrainFrameUniforms) == 592);
static_assert(offsetof(TerrainFrameUniforms, frustumPlanes) == 128);
static_assert(offsetof(TerrainFrameUniforms, heightmapInfo) == 288);
static_assert(offsetof(TerrainFrameUniforms, statisticsLevels) == 320);

// What the sky and terrain shaders write (TERRAIN_OUTPUT_* in TerrainUniforms.glsl).
enum class TerrainOutput : std::uint32_t {
    HdrLuminance = 0,          // float target: scene luminance, alpha 1 (0 for display colours)
    DisplayColour = 1,         // SRGB target: exposed, tone-mapped, linear
    EncodedDisplayColour = 2,  // UNORM target: the same, sRGB-encoded by the shader
};

// The output for a colour attachment format.
TerrainOutput terrainOutputFor(VkFormat colorFormat);

// What the uniforms need besides the view and the settings.
struct TerrainFrameContext {
    std::uint32_t heightmapWidth = 1;
    std::uint32_t heightmapHeight = 1;
    std::vector<HeightStatisticsLevel> statisticsLevels;
    int maxDepth = 1;
    TerrainOutput output = TerrainOutput::HdrLuminance;
};

// Clip-space planes (a, b, c, d) of viewProjection's frustum in world space,
// for Vulkan's clip volume -w <= x, y <= w, 0 <= z <= w: left, right, top,
// bottom, near, far. A point p is inside a plane when a·p + d >= 0.
std::array<glm::vec4, 6> frustumPlanesOf(const glm::mat4& viewProjection);

// Unit vector towards the sun. Azimuth 0 points to -Z and grows towards +X;
// elevation is above the horizon (Y up).
glm::vec3 sunDirectionOf(float azimuthDegrees, float elevationDegrees);

// True when the projection maps far points to smaller depths than near ones
// (reverse-Z), so depth tests must use GREATER_OR_EQUAL.
bool usesReversedDepth(const glm::mat4& projection);

// World width (x) and depth (z) of the terrain for a heightmap and settings.
glm::vec2 terrainWorldExtent(std::uint32_t heightmapWidth, std::uint32_t heightmapHeight,
                             const TerrainSettings& settings);

TerrainFrameUniforms makeTerrainFrameUniforms(const FrameView& view, const TerrainSettings& settings,
                                              const TerrainFrameContext& context);

}  // namespace terrain
