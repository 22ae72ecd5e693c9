// Draped imagery's colour with the ground's detail where its texels are
// coarser than the pixels, one rule for the flat terrain and the globe: the
// CPU mirror of shaders/surface/Imagery.glsl, operation for operation in
// float (tests/surface compares the two).
#pragma once

#include "surface/GroundAlbedo.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace surface {

// How coarse the imagery is at a pixel, from the pixel's steps to the next
// pixels in texels: 0 where a texel spans at most 2 pixels, 1 where it spans
// 8 or more, smooth in between.
[[nodiscard]] float imageryCoarseness(const glm::vec2& texelsAlongX, const glm::vec2& texelsAlongY);

// The imagery's colour (linear) with the detail of `ground` a coarse texel
// averages away, as much as `coarseness` says: the materials' patchiness as
// a brightness change of up to a fifth either way, rock where the ground is
// too steep for anything else, snow where the snow line says (snowCover).
[[nodiscard]] glm::vec3 detailedImagery(const glm::vec3& imagery, const Ground& ground, float coarseness);

// Imagery layer `top` laid over what the layers below it give, `below`
// (colours linear, alpha their cover): the colour where either covers, by
// each one's share, and the cover of both.
[[nodiscard]] glm::vec4 imageryOver(const glm::vec4& top, const glm::vec4& below);

}  // namespace surface
