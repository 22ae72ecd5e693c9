#include "terrain/TerrainFrameUniforms.h"

#include "terrain/TerrainDrawPass.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>
#include <glm/trigonometric.hpp>

#include <cmath>

namespace terrain {

namespace {

glm::vec4 matrixRow(const glm::mat4& matrix, int row)
{
    return glm::vec4(matrix[0][row], matrix[1][row], matrix[2][row], matrix[3][row]);
}

}  // namespace

std::array<glm::vec4, 6> frustumPlanesOf(const glm::mat4& viewProjection)
{
    const glm::vec4 x = matrixRow(viewProjection, 0);
    const glm::vec4 y = matrixRow(viewProjection, 1);
    const glm::vec4 z = matrixRow(viewProjection, 2);
    const glm::vec4 w = matrixRow(viewProjection, 3);
    return {w + x, w - x, w + y, w - y, z, w - z};
}

glm::vec3 sunDirectionOf(float azimuthDegrees, float elevationDegrees)
{
    const float azimuth = glm::radians(azimuthDegrees);
    const float elevation = glm::radians(elevationDegrees);
    return glm::vec3(std::sin(azimuth) * std::cos(elevation), std::sin(elevation),
                     -std::cos(azimuth) * std::cos(elevation));
}

bool usesReversedDepth(const glm::mat4& projection)
{
    for (const float forward : {-1.0f, 1.0f}) {
        const glm::vec4 nearPoint = projection * glm::vec4(0.0f, 0.0f, forward, 1.0f);
        const glm::vec4 farPoint = projection * glm::vec4(0.0f, 0.0f, 100.0f * forward, 1.0f);
        if (nearPoint.w > 0.0f && farPoint.w > 0.0f) {
            return farPoint.z / farPoint.w < nearPoint.z / nearPoint.w;
        }
    }
    return false;
}

glm::vec2 terrainWorldExtent(std::uint32_t heightmapWidth, std::uint32_t heightmapHeight,
                             const TerrainSettings& settings)
{
    const double aspect = settings.depthPerWidth > 0.0f
                              ? static_cast<double>(settings.depthPerWidth)
                              : static_cast<double>(heightmapHeight) / static_cast<double>(heightmapWidth);
    return glm::vec2(settings.extentMetres, static_cast<float>(settings.extentMetres * aspect));
}

TerrainFrameUniforms makeTerrainFrameUniforms(const FrameView& view, const TerrainSettings& settings,
                                              const TerrainFrameContext& context)
{
    TerrainFrameUniforms uniforms;
    uniforms.viewProjection = view.projection * view.view;
    // The view without its translation, in double so a far-away camera does
    // not cost the sky rays their precision.
    const glm::dmat4 viewWithoutTranslation =
        glm::dmat4(view.view) * glm::translate(glm::dmat4(1.0), glm::dvec3(view.cameraPosition));
    uniforms.inverseViewRotationProjection =
        glm::mat4(glm::inverse(glm::dmat4(view.projection) * viewWithoutTranslation));
    uniforms.frustumPlanes = frustumPlanesOf(uniforms.viewProjection);
    uniforms.cameraPosition = glm::vec4(view.cameraPosition, 1.0f);
    uniforms.sunDirection = glm::vec4(sunDirectionOf(settings.sunAzimuthDegrees, settings.sunElevationDegrees), 0.0f);
    const glm::vec2 extent = terrainWorldExtent(context.heightmapWidth, context.heightmapHeight, settings);
    uniforms.extent = glm::vec4(extent, settings.heightScaleMetres, settings.heightOffsetMetres);
    uniforms.levelOfDetail =
        glm::vec4(static_cast<float>(view.viewport.width), static_cast<float>(view.viewport.height),
                  settings.targetEdgePixels, settings.flatnessThreshold);
    uniforms.heightmapInfo = glm::uvec4(context.heightmapWidth, context.heightmapHeight,
                                        static_cast<std::uint32_t>(context.statisticsLevels.size()),
                                        static_cast<std::uint32_t>(settings.shading));
    uniforms.drawOptions =
        glm::uvec4(settings.wireframe ? 1u : 0u, static_cast<std::uint32_t>(settings.uniformSubdivision),
                   static_cast<std::uint32_t>(context.output), static_cast<std::uint32_t>(context.maxDepth));
    for (std::size_t level = 0; level < context.statisticsLevels.size() && level < kMaxStatisticsLevels; ++level) {
        const HeightStatisticsLevel& info = context.statisticsLevels[level];
        uniforms.statisticsLevels[level] = glm::uvec4(info.firstTexel, info.width, info.height, 0u);
    }
    uniforms.display =
        glm::vec4(settings.display.exposureStops, static_cast<float>(settings.display.tonemapper), 0.0f, 0.0f);
    return uniforms;
}

TerrainOutput terrainOutputFor(VkFormat colorFormat)
{
    switch (colorFormat) {
        case VK_FORMAT_R16G16B16A16_SFLOAT:
        case VK_FORMAT_R32G32B32A32_SFLOAT:
        case VK_FORMAT_B10G11R11_UFLOAT_PACK32:
        case VK_FORMAT_R16G16B16_SFLOAT: return TerrainOutput::HdrLuminance;
        default: return isSrgbFormat(colorFormat) ? TerrainOutput::DisplayColour : TerrainOutput::EncodedDisplayColour;
    }
}

}  // namespace terrain
