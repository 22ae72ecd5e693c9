// Sizes of the look-up tables and the number of integration samples of each
// kernel: the cost / accuracy trade-off of the atmosphere.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>

namespace atmosphere {

struct AtmosphereQuality {
    glm::uvec2 transmittanceSize{256, 64};         // RGBA32F
    glm::uvec2 multipleScatteringSize{32, 32};     // RGBA16F
    glm::uvec2 skyViewSize{192, 108};              // RGBA16F (an even height puts the horizon on a texel edge)
    glm::uvec3 aerialPerspectiveSize{32, 32, 32};  // two RGBA16F volumes: in-scattering and transmittance

    // Midpoint-rule samples along each transmittance ray (the accuracy the
    // transmittance table is tested at: relative error < 1e-3).
    uint32_t transmittanceSamples = 500;
    // Samples along each of the 64 directions integrated per multiple-scattering texel.
    uint32_t multipleScatteringSamples = 20;
    // Samples along each sky-view ray (spaced more densely near the camera).
    uint32_t skyViewSamples = 30;
    // Samples per slice of the aerial-perspective volume.
    uint32_t aerialPerspectiveSamplesPerSlice = 2;

    bool operator==(const AtmosphereQuality&) const = default;
};

}  // namespace atmosphere
