#include "terrain/TerrainUniforms.h"

#include "terrain/SeaMask.h"

#include "camera/Projection.h"

#include <algorithm>
#include <cmath>

namespace terrain {

glm::vec2 terrainWorldExtent(std::uint32_t heightmapWidth, std::uint32_t heightmapHeight,
                             const TerrainSettings& settings)
{
    const double aspect = settings.depthPerWidth > 0.0f
                              ? static_cast<double>(settings.depthPerWidth)
                              : static_cast<double>(heightmapHeight) / static_cast<double>(heightmapWidth);
    return glm::vec2(settings.extentMetres, static_cast<float>(settings.extentMetres * aspect));
}

TerrainUniforms makeTerrainUniforms(const camera::FrameView& view, glm::vec3 sunDirection,
                                    const TerrainSettings& settings, const TerrainUniformContext& context)
{
    TerrainUniforms uniforms;
    uniforms.viewProjection = view.projection * view.view;
    uniforms.frustumPlanes = camera::frustumPlanesOf(uniforms.viewProjection);
    uniforms.inverseViewRotationProjection = camera::inverseViewRotationProjection(view);
    uniforms.cameraPosition = view.cameraPosition;
    uniforms.targetEdgePixels = settings.targetEdgePixels;
    uniforms.sunDirection = sunDirection;
    uniforms.flatnessMetres = settings.flatnessThreshold;
    uniforms.viewportPixels =
        glm::vec2(static_cast<float>(view.viewport.width), static_cast<float>(view.viewport.height));
    const bool streamed = !context.streamLevels.empty();
    const glm::uvec2 fullResolution = streamed ? glm::uvec2(context.fullResolutionWidth, context.fullResolutionHeight)
                                               : glm::uvec2(context.heightmapWidth, context.heightmapHeight);
    uniforms.worldExtentMetres = terrainWorldExtent(fullResolution.x, fullResolution.y, settings);
    uniforms.heightmapTexels = glm::uvec2(context.heightmapWidth, context.heightmapHeight);
    uniforms.fullResolutionTexels = fullResolution;
    uniforms.streamLevelCount = static_cast<std::uint32_t>(std::min(context.streamLevels.size(), kMaxStreamLevels));
    uniforms.streamTileSize = context.streamTileSize;
    uniforms.baseReduction = std::ldexp(1.0f, static_cast<int>(uniforms.streamLevelCount));
    uniforms.streamTexelsPerPixel = context.streamTexelsPerPixel;
    for (std::uint32_t level = 0; level < uniforms.streamLevelCount; ++level) {
        uniforms.streamLevels[level] = context.streamLevels[level];
    }
    // Vulkan's projection scales y by 1 / tan(fovY / 2) (negated for y down):
    // a pixel spans 2 tan(fovY / 2) / height metres at 1 m.
    const float focal = std::abs(view.projection[1][1]);
    uniforms.metresPerPixelAtUnitDistance =
        focal > 0.0f ? 2.0f / (focal * static_cast<float>(std::max(view.viewport.height, 1u))) : 0.0f;
    uniforms.heightScaleMetres = settings.heightScaleMetres;
    uniforms.heightOffsetMetres = settings.heightOffsetMetres;
    uniforms.statisticsLevelCount = static_cast<std::uint32_t>(context.statisticsLevels.size());
    uniforms.shadingMode = static_cast<std::uint32_t>(settings.shading);
    uniforms.wireframe = settings.wireframe ? 1u : 0u;
    uniforms.uniformSubdivisionLevels = static_cast<std::uint32_t>(settings.uniformSubdivision);
    uniforms.maxDepth = static_cast<std::uint32_t>(context.maxDepth);
    uniforms.snowLineMetres = settings.snowLineMetres;
    uniforms.elevationPerWorldHeight = settings.elevationPerWorldHeight;
    uniforms.contourIntervalMetres = settings.contourIntervalMetres;
    uniforms.seaLevelKnown = settings.seaLevelKnown ? 1u : 0u;
    uniforms.shadows = settings.shadows ? 1u : 0u;
    uniforms.detail = settings.surfaceDetail ? 1u : 0u;
    const SeaLevel sea = seaLevelOf(settings);
    uniforms.sea = sea.present ? 1u : 0u;
    uniforms.seaLevelWorldY = sea.worldY;
    uniforms.imagery = settings.showImagery && context.imagery ? 1u : 0u;
    for (std::size_t level = 0; level < context.statisticsLevels.size() && level < kMaxStatisticsLevels; ++level) {
        const HeightStatisticsLevel& info = context.statisticsLevels[level];
        uniforms.statisticsLevels[level] = StatisticsLevelUniform{info.firstTexel, info.width, info.height, 0u};
    }
    return uniforms;
}

}  // namespace terrain
