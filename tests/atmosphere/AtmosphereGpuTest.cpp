#include "AtmosphereGpuTest.h"

#include "atmosphere/AtmosphereTables.h"

#include "vk/BufferTransfer.h"
#include "vk/Image.h"

#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>

#include <bit>
#include <cmath>
#include <cstring>
#include <numbers>

namespace atmosphere::test {

float halfToFloat(uint16_t half)
{
    const uint32_t sign = (half >> 15) & 1u;
    const uint32_t exponent = (half >> 10) & 0x1fu;
    const uint32_t mantissa = half & 0x3ffu;
    float magnitude = 0.0f;
    if (exponent == 0) {
        magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    } else if (exponent == 31) {
        magnitude = mantissa == 0 ? INFINITY : NAN;
    } else {
        magnitude = std::ldexp(static_cast<float>(mantissa | 0x400u), static_cast<int>(exponent) - 25);
    }
    return sign != 0 ? -magnitude : magnitude;
}

std::vector<glm::vec4> rgba16fTexels(std::span<const std::byte> bytes)
{
    std::vector<glm::vec4> texels(bytes.size() / 8);
    for (size_t i = 0; i < texels.size(); ++i) {
        for (int channel = 0; channel < 4; ++channel) {
            uint16_t half = 0;
            std::memcpy(&half, bytes.data() + i * 8 + static_cast<size_t>(channel) * 2, sizeof(half));
            texels[i][channel] = halfToFloat(half);
        }
    }
    return texels;
}

std::vector<glm::vec4> rgba32fTexels(std::span<const std::byte> bytes)
{
    std::vector<glm::vec4> texels(bytes.size() / sizeof(glm::vec4));
    std::memcpy(texels.data(), bytes.data(), texels.size() * sizeof(glm::vec4));
    return texels;
}

bool isFinite(const glm::vec4& value)
{
    return std::isfinite(value.x) && std::isfinite(value.y) && std::isfinite(value.z) && std::isfinite(value.w);
}

glm::vec3 sunAtElevation(float elevationDegrees)
{
    const float elevation = elevationDegrees * std::numbers::pi_v<float> / 180.0f;
    return glm::vec3(std::cos(elevation), std::sin(elevation), 0.0f);
}

camera::FrameView cameraLookingAlong(float heightMetres, glm::vec3 forward)
{
    camera::FrameView view;
    view.cameraPosition = glm::vec3(0.0f, heightMetres, 0.0f);
    view.view = glm::lookAt(view.cameraPosition, view.cameraPosition + forward, glm::vec3(0.0f, 1.0f, 0.0f));
    view.projection = glm::perspectiveRH_ZO(std::numbers::pi_v<float> / 3.0f, 16.0f / 9.0f, 1.0f, 100000.0f);
    view.projection[1][1] *= -1.0f;
    return view;
}

void AtmosphereGpuTest::renderFrame(Atmosphere& atmosphere, const camera::FrameView& view, glm::vec3 sunDirection)
{
    device().submitAndWait(
        [&](VkCommandBuffer commands) { atmosphere.recordPerFrame(commands, view, sunDirection, 0); });
}

std::vector<glm::vec4> AtmosphereGpuTest::downloadTransmittance(const Atmosphere& atmosphere)
{
    return rgba32fTexels(
        vk::downloadImageLevel(device(), atmosphere.tables().transmittance(), 0, AtmosphereTables::kLayout));
}

std::vector<glm::vec4> AtmosphereGpuTest::downloadMultipleScattering(const Atmosphere& atmosphere)
{
    return rgba16fTexels(
        vk::downloadImageLevel(device(), atmosphere.tables().multipleScattering(), 0, AtmosphereTables::kLayout));
}

std::vector<glm::vec4> AtmosphereGpuTest::downloadSkyView(const Atmosphere& atmosphere)
{
    return rgba16fTexels(vk::downloadImageLevel(device(), atmosphere.tables().skyView(), 0, AtmosphereTables::kLayout));
}

std::vector<glm::vec4> AtmosphereGpuTest::downloadAerialInScattering(const Atmosphere& atmosphere)
{
    return rgba16fTexels(downloadVolume(device(), atmosphere.tables().aerialInScattering(), AtmosphereTables::kLayout));
}

std::vector<glm::vec4> AtmosphereGpuTest::downloadAerialTransmittance(const Atmosphere& atmosphere)
{
    return rgba16fTexels(
        downloadVolume(device(), atmosphere.tables().aerialTransmittance(), AtmosphereTables::kLayout));
}

std::vector<glm::vec4> AtmosphereGpuTest::downloadSkyIrradiance(const Atmosphere& atmosphere)
{
    return vk::downloadFromBufferAs<glm::vec4>(device(), atmosphere.tables().skyIrradiance(), 0, 2);
}

}  // namespace atmosphere::test
