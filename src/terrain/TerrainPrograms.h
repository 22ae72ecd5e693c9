// The macros of the terrain's programs (shaders/CMakeLists.txt compiles
// each combination): the driver path's (vk::driverPathMacros), then
// TERRAIN_STREAMED for a terrain whose elevation model streams, which
// compiles in the streamed heights' branches (terrain/StreamedHeights.glsl).
#pragma once

#include "terrain/HeightTileAtlas.h"
#include "vk/DriverPath.h"
#include "vk/ShaderCompiler.h"

#include <vector>

namespace terrain {

[[nodiscard]] inline std::vector<vk::ShaderMacro> terrainProgramMacros(vk::DriverPath path,
                                                                       const HeightTileAtlas& atlas)
{
    std::vector<vk::ShaderMacro> macros = vk::driverPathMacros(path);
    if (atlas.streams()) {
        macros.push_back({"TERRAIN_STREAMED", ""});
    }
    return macros;
}

}  // namespace terrain
