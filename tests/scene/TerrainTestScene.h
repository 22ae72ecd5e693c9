// Scenes for the tests that render the terrain: synthetic heightmaps, small
// settings and cameras.
#pragma once

#include "camera/FrameView.h"
#include "heightmap/Heightmap.h"
#include "terrain/TerrainSettings.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>

#include <cstdint>
#include <functional>

namespace scene::test {

// A 16-bit heightmap of width x height texels whose normalised height at
// texel (x, y) is heightAt(x / (width - 1), y / (height - 1)), clamped to [0, 1].
heightmap::Heightmap makeHeightmap(std::uint32_t width, std::uint32_t height,
                                   const std::function<double(double, double)>& heightAt);
// Rolling hills and a ridge: real relief with no flat regions.
heightmap::Heightmap makeHillsHeightmap(std::uint32_t size);

// Settings small enough for lavapipe: D = 18, a 10 km wide, 2 km high terrain.
terrain::TerrainSettings testSettings();

// A camera at `position` looking at `target`, 60 degrees vertical field of
// view, Vulkan clip space (y down, depth 0..1 in the standard convention,
// near 1 m, far `farMetres`).
// Hills (makeHillsHeightmap) seen obliquely, the horizon crossing the frame.
camera::FrameView obliqueHillsView(VkExtent2D viewport,
                                   camera::DepthConvention depth = camera::DepthConvention::Standard);

// `depth`: the projection's depth convention (the compute raster path
// needs Reversed).
camera::FrameView lookAt(glm::vec3 position, glm::vec3 target, VkExtent2D viewport, float farMetres = 100000.0f,
                         camera::DepthConvention depth = camera::DepthConvention::Standard);

}  // namespace scene::test
