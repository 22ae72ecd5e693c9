// Shared pieces of the atmosphere's GPU tests: the validation-checking GPU
// fixture, table read-back as floats, and cameras.
#pragma once

#include "GpuTestEnvironment.h"

#include "atmosphere/Atmosphere.h"

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace atmosphere::test {

// IEEE 754 half to float.
float halfToFloat(uint16_t half);

// Tightly packed RGBA16F or RGBA32F texels as float RGBA.
std::vector<glm::vec4> rgba16fTexels(std::span<const std::byte> bytes);
std::vector<glm::vec4> rgba32fTexels(std::span<const std::byte> bytes);

bool isFinite(const glm::vec4& value);

// A unit vector towards the sun at `elevationDegrees` above the horizon, in
// the vertical plane through +X.
glm::vec3 sunAtElevation(float elevationDegrees);

// A camera at `heightMetres` above the world origin looking along `forward`
// (60 degree vertical field of view, 16:9, Vulkan clip space).
camera::FrameView cameraLookingAlong(float heightMetres, glm::vec3 forward);

class AtmosphereGpuTest : public vk::test::GpuTest {
protected:
    // Records one frame's atmosphere work (frame slot 0) and waits for it.
    void renderFrame(Atmosphere& atmosphere, const camera::FrameView& view, glm::vec3 sunDirection);

    std::vector<glm::vec4> downloadTransmittance(const Atmosphere& atmosphere);
    std::vector<glm::vec4> downloadMultipleScattering(const Atmosphere& atmosphere);
    std::vector<glm::vec4> downloadSkyView(const Atmosphere& atmosphere);
    std::vector<glm::vec4> downloadAerialInScattering(const Atmosphere& atmosphere);
    std::vector<glm::vec4> downloadAerialTransmittance(const Atmosphere& atmosphere);
    // skyIrradianceUp, groundIrradiance.
    std::vector<glm::vec4> downloadSkyIrradiance(const Atmosphere& atmosphere);
};

}  // namespace atmosphere::test
