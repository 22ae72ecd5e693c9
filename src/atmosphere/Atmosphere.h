// A physically based atmosphere on the GPU (Rayleigh + Mie scattering, ozone
// absorption, single scattering plus a multiple-scattering approximation),
// in the style of current look-up-table renderers:
//
//   transmittance       (r, mu) -> transmittance to the top of the atmosphere
//   multiple scattering (altitude, sun zenith) -> luminance of all orders >= 2
//   sky view            the sky around the camera (refreshed when the camera's
//                       altitude, the sun or the parameters change)
//   aerial perspective  in-scattering and transmittance in froxels over the
//                       view frustum (refreshed every frame)
//   sky irradiance      irradiance of an upward surface at the camera
//
// The first two are "static": recompute() records them when the parameters
// change. recordPerFrame() records the rest. Both record into the caller's
// command buffer, outside any rendering, and end with a barrier that makes
// every table readable by vertex, fragment and compute shaders.
//
// Shaders read everything through descriptorSet() (layout
// descriptorSetLayout(), bindings in shaders/atmosphere/AtmosphereTables.glsl)
// and the functions of shaders/atmosphere/AtmosphereCommon.glsl.
//
// Frame slots: `frameSlot` in [0, framesInFlight) names per-frame timestamp
// queries; a slot's previous submission must have completed before it is
// recorded again (the usual frames-in-flight contract).
#pragma once

#include "atmosphere/AtmosphereParameters.h"
#include "atmosphere/AtmosphereQuality.h"
#include "atmosphere/AtmosphereUniforms.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace atmosphere {

class AtmosphereTables;

// GPU time of one frame's atmosphere work, in milliseconds.
struct AtmosphereFrameTimings {
    double totalMs = 0.0;    // everything recordPerFrame recorded
    double skyViewMs = 0.0;  // sky view + sky irradiance (0 when the table was still valid)
    double aerialPerspectiveMs = 0.0;
};

// GPU time of the last recompute(), in milliseconds.
struct AtmosphereTableTimings {
    double totalMs = 0.0;
    double transmittanceMs = 0.0;
    double multipleScatteringMs = 0.0;
};

class Atmosphere {
public:
    // Creates the tables, compiles the kernels and computes every table once
    // (for `parameters`, a camera 100 m above the origin and the sun at the
    // zenith), waiting for the GPU. Throws std::invalid_argument for invalid
    // parameters (parameterError) and vk::Error for GPU failures.
    Atmosphere(vk::Device& device, const vk::ShaderLibrary& shaders, const AtmosphereParameters& parameters,
               uint32_t framesInFlight, const AtmosphereQuality& quality = {});
    ~Atmosphere();
    Atmosphere(const Atmosphere&) = delete;
    Atmosphere& operator=(const Atmosphere&) = delete;
    Atmosphere(Atmosphere&&) = delete;
    Atmosphere& operator=(Atmosphere&&) = delete;

    // Records the transmittance and multiple-scattering tables for new
    // parameters (throws std::invalid_argument, recording nothing, when they
    // are invalid). The next recordPerFrame refreshes the sky view.
    void recompute(VkCommandBuffer commands, const AtmosphereParameters& parameters, uint32_t frameSlot);

    // Records the per-frame tables for this frame's camera and sun (a world
    // direction towards the sun; need not be normalised).
    void recordPerFrame(VkCommandBuffer commands, const camera::FrameView& view, glm::vec3 sunDirection,
                        uint32_t frameSlot);

    // Recompiles the kernels from disk; on success the next recordPerFrame
    // also recomputes the static tables. On a compile error keeps the old
    // kernels and returns the one-line error. Waits for the device to be idle.
    std::optional<std::string> reloadShaders();

    [[nodiscard]] const AtmosphereParameters& parameters() const;
    [[nodiscard]] const AtmosphereQuality& quality() const;
    // The uniforms of the last recordPerFrame (or of construction).
    [[nodiscard]] const AtmosphereUniforms& uniforms() const;

    [[nodiscard]] VkDescriptorSetLayout descriptorSetLayout() const;
    [[nodiscard]] VkDescriptorSet descriptorSet() const;
    [[nodiscard]] const AtmosphereTables& tables() const;

    // The most recent timings whose queries are available (read without
    // stalling when a slot is recorded again, or after construction).
    [[nodiscard]] std::optional<AtmosphereFrameTimings> frameTimings() const;
    // The timings of the frame last recorded in `frameSlot`, once the GPU has
    // written them (std::nullopt before, and once the slot is recorded again).
    [[nodiscard]] std::optional<AtmosphereFrameTimings> frameTimings(uint32_t frameSlot) const;
    [[nodiscard]] std::optional<AtmosphereTableTimings> tableTimings() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace atmosphere
