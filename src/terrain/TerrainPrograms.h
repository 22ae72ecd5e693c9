// The macros of the terrain's programs (shaders/CMakeLists.txt compiles
// each combination): the driver path's (vk::driverPathMacros), then
// TERRAIN_STREAMED for a terrain whose elevation model streams, which
// compiles in the streamed heights' branches (terrain/StreamedHeights.glsl).
#pragma once

#include "tiles/gpu/TileAtlas.h"
#include "vk/DriverPath.h"
#include "vk/ShaderCompiler.h"

#include <vector>

namespace terrain {

// `macros` with TERRAIN_STREAMED added when `atlas` streams.
[[nodiscard]] inline std::vector<vk::ShaderMacro> withStreamMacro(std::vector<vk::ShaderMacro> macros,
                                                                  const tiles::gpu::TileAtlas& atlas)
{
    if (atlas.streams()) {
        macros.push_back({"TERRAIN_STREAMED", ""});
    }
    return macros;
}

[[nodiscard]] inline std::vector<vk::ShaderMacro> terrainProgramMacros(vk::DriverPath path,
                                                                       const tiles::gpu::TileAtlas& atlas)
{
    return withStreamMacro(vk::driverPathMacros(path), atlas);
}

}  // namespace terrain
