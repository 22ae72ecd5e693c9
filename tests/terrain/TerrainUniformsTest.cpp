// The terrain's uniform block as a frame fills it: named fields in the
// std140 layout of shaders/terrain/TerrainUniforms.glsl, each holding the
// setting or camera value of its name.
#include "terrain/TerrainUniforms.h"

#include "camera/Projection.h"

#include <gtest/gtest.h>
#include <glm/gtc/matrix_transform.hpp>

namespace terrain {
namespace {

TEST(TerrainUniforms, NamedFieldsHoldTheFramesValues)
{
    TerrainSettings settings;
    settings.targetEdgePixels = 9.5f;
    settings.flatnessThreshold = 3.25f;
    settings.extentMetres = 8000.0f;
    settings.depthPerWidth = 0.5f;
    settings.heightScaleMetres = 1200.0f;
    settings.heightOffsetMetres = -40.0f;
    settings.shading = ShadingMode::Normals;
    settings.wireframe = true;
    settings.uniformSubdivision = 4;
    TerrainUniformContext context;
    context.heightmapWidth = 300;
    context.heightmapHeight = 200;
    context.statisticsLevels = heightStatisticsLevels(300, 200);
    context.maxDepth = 21;

    camera::FrameView view;
    view.cameraPosition = glm::vec3(10.0f, 500.0f, 20.0f);
    view.view = glm::lookAtRH(view.cameraPosition, glm::vec3(0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    view.projection = camera::vulkanPerspective(1.0f, 1.5f, 1.0f, 10000.0f, camera::DepthConvention::Reversed);
    view.viewport = VkExtent2D{640, 360};
    const glm::vec3 sun(0.0f, 0.6f, 0.8f);

    const TerrainUniforms uniforms = makeTerrainUniforms(view, sun, settings, context);
    EXPECT_EQ(uniforms.viewProjection, view.projection * view.view);
    EXPECT_EQ(uniforms.frustumPlanes, camera::frustumPlanesOf(view.projection * view.view));
    EXPECT_EQ(uniforms.cameraPosition, view.cameraPosition);
    EXPECT_EQ(uniforms.targetEdgePixels, 9.5f);
    EXPECT_EQ(uniforms.sunDirection, sun);
    EXPECT_EQ(uniforms.flatnessMetres, 3.25f);
    EXPECT_EQ(uniforms.viewportPixels, glm::vec2(640.0f, 360.0f));
    EXPECT_EQ(uniforms.worldExtentMetres, glm::vec2(8000.0f, 4000.0f));
    EXPECT_EQ(uniforms.heightmapTexels, glm::uvec2(300u, 200u));
    EXPECT_EQ(uniforms.heightScaleMetres, 1200.0f);
    EXPECT_EQ(uniforms.heightOffsetMetres, -40.0f);
    EXPECT_EQ(uniforms.statisticsLevelCount, context.statisticsLevels.size());
    EXPECT_EQ(uniforms.shadingMode, static_cast<std::uint32_t>(ShadingMode::Normals));
    EXPECT_EQ(uniforms.wireframe, 1u);
    EXPECT_EQ(uniforms.uniformSubdivisionLevels, 4u);
    EXPECT_EQ(uniforms.maxDepth, 21u);
    for (std::size_t level = 0; level < context.statisticsLevels.size(); ++level) {
        EXPECT_EQ(uniforms.statisticsLevels[level].firstTexel, context.statisticsLevels[level].firstTexel);
        EXPECT_EQ(uniforms.statisticsLevels[level].width, context.statisticsLevels[level].width);
        EXPECT_EQ(uniforms.statisticsLevels[level].height, context.statisticsLevels[level].height);
    }
}

TEST(TerrainUniforms, ImageryIsShownWhenAskedForAndPresent)
{
    TerrainSettings settings;
    TerrainUniformContext context;
    const camera::FrameView view;
    EXPECT_EQ(makeTerrainUniforms(view, glm::vec3(0.0f, 1.0f, 0.0f), settings, context).imagery, 0u);
    settings.showImagery = true;
    EXPECT_EQ(makeTerrainUniforms(view, glm::vec3(0.0f, 1.0f, 0.0f), settings, context).imagery, 0u)
        << "a terrain without imagery shows its materials";
    context.imagery = true;
    EXPECT_EQ(makeTerrainUniforms(view, glm::vec3(0.0f, 1.0f, 0.0f), settings, context).imagery, 1u);
    settings.showImagery = false;
    EXPECT_EQ(makeTerrainUniforms(view, glm::vec3(0.0f, 1.0f, 0.0f), settings, context).imagery, 0u);
}

TEST(TerrainUniforms, NonSquareMapsKeepTheirAspectUnlessTheDepthIsGiven)
{
    TerrainSettings settings;
    settings.extentMetres = 1000.0f;
    EXPECT_EQ(terrainWorldExtent(400, 100, settings), glm::vec2(1000.0f, 250.0f));
    settings.depthPerWidth = 2.0f;
    EXPECT_EQ(terrainWorldExtent(400, 100, settings), glm::vec2(1000.0f, 2000.0f));
}

}  // namespace
}  // namespace terrain
