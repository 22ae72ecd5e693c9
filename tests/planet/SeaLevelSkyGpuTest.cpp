// The sea-level sky table (planet::gpu::SeaLevelSky, shaders/planet/
// SeaLevelSky.glsl) that the globe's sea reflects, read as the sea reads it
// (tests/planet/shaders/SeaLevelSkyProbe.comp): within a few per cent of the
// same light integrated along each ray in 256 pieces, by day from the
// horizon to the zenith and with the sun from high to low; the same for
// the same angles anywhere on the globe (poles, equator, date line); blue
// overhead at noon; dark at night.
#include "GpuTestEnvironment.h"

#include "atmosphere/Atmosphere.h"
#include "planet/gpu/GlobeAtmosphere.h"
#include "planet/gpu/SeaLevelSky.h"
#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/ComputeKernel.h"
#include "vk/Descriptors.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <span>
#include <vector>

namespace planet::test {
namespace {

constexpr double kDegrees = 3.14159265358979323846 / 180.0;

constexpr std::array<vk::DescriptorBinding, 3> kProbeBindings{{
    {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

// A point's local frame in atmosphere space.
struct LocalFrame {
    glm::dvec3 east;
    glm::dvec3 north;
    glm::dvec3 up;
};

LocalFrame frameAt(const glm::dvec3& up)
{
    const glm::dvec3 axis = std::abs(up.z) > 0.9 ? glm::dvec3(1.0, 0.0, 0.0) : glm::dvec3(0.0, 0.0, 1.0);
    const glm::dvec3 east = glm::normalize(glm::cross(axis, up));
    return {east, glm::cross(up, east), up};
}

// A unit direction `elevation` degrees above the horizon, `azimuth` degrees
// from east towards north.
glm::dvec3 towards(const LocalFrame& frame, double elevation, double azimuth)
{
    const double e = elevation * kDegrees;
    const double a = azimuth * kDegrees;
    return std::cos(e) * (std::cos(a) * frame.east + std::sin(a) * frame.north) + std::sin(e) * frame.up;
}

struct SkyCase {
    glm::dvec3 up;
    glm::dvec3 direction;
    glm::dvec3 sun;
};

struct SkyLight {
    glm::vec3 fromTable;
    glm::vec3 integrated;
};

float sumOf(const glm::vec3& v)
{
    return v.x + v.y + v.z;
}

class SeaLevelSkyGpuTest : public vk::test::GpuTest {
protected:
    std::vector<SkyLight> probe(const std::vector<SkyCase>& cases)
    {
        const atmosphere::Atmosphere atmosphere(device(), shaders(), gpu::globeAtmosphereParameters(), 1);
        const gpu::SeaLevelSky table(device(), shaders(), atmosphere);
        std::vector<glm::vec4> inputs;
        for (const SkyCase& c : cases) {
            inputs.emplace_back(glm::vec3(c.up), 0.0f);
            inputs.emplace_back(glm::vec3(c.direction), 0.0f);
            inputs.emplace_back(glm::vec3(c.sun), 0.0f);
        }
        const VkDeviceSize inputBytes = inputs.size() * sizeof(glm::vec4);
        const VkDeviceSize outputBytes = 2 * cases.size() * sizeof(glm::vec4);
        const vk::Buffer input(device(), inputBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        vk::uploadToBuffer(device(), input, std::as_bytes(std::span(inputs)));
        const vk::Buffer output(device(), outputBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                vk::MemoryLocation::HostReadback);
        const VkDescriptorSetLayout tablesLayout = atmosphere.descriptorSetLayout();
        const vk::ComputeKernel kernel(device(), vk::ShaderLibrary(PLANET_TEST_SPIRV_DIR).load("SeaLevelSkyProbe.comp"),
                                       kProbeBindings, 0, std::span(&tablesLayout, 1), 1);
        vk::DescriptorWriter()
            .combinedImageSampler(0, table.table().view(), table.sampler().handle(), gpu::SeaLevelSky::kLayout)
            .storageBuffer(1, input)
            .storageBuffer(2, output)
            .update(device(), kernel.descriptorSet());
        device().submitAndWait([&](VkCommandBuffer commands) {
            kernel.bind(commands);
            kernel.bindSet(commands, 0, atmosphere.descriptorSet());
            vkCmdDispatch(commands, static_cast<std::uint32_t>((cases.size() + 15) / 16), 1, 1);
            vk::bufferBarrier(device(), commands, output, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                              VK_ACCESS_2_HOST_READ_BIT);
        });
        std::vector<glm::vec4> results(2 * cases.size());
        std::memcpy(results.data(), output.mapped().data(), outputBytes);
        std::vector<SkyLight> light;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            light.push_back({glm::vec3(results[2 * i]), glm::vec3(results[2 * i + 1])});
        }
        return light;
    }
};

TEST_F(SeaLevelSkyGpuTest, ByDayTheTableHoldsTheLightIntegratedAlongEachRay)
{
    const LocalFrame frame = frameAt(glm::normalize(glm::dvec3(0.3, -0.5, 0.8)));
    std::vector<SkyCase> cases;
    for (const double sunElevation : {75.0, 40.0, 15.0, 6.0}) {
        for (const double elevation : {0.5, 3.0, 10.0, 30.0, 60.0, 89.0}) {
            for (const double azimuth : {0.0, 30.0, 75.0, 130.0, 180.0}) {
                cases.push_back({frame.up, towards(frame, elevation, azimuth), towards(frame, sunElevation, 0.0)});
            }
        }
    }
    const std::vector<SkyLight> light = probe(cases);
    float worst = 0.0f;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const float integrated = sumOf(light[i].integrated);
        ASSERT_GT(integrated, 0.0f) << "case " << i;
        const float error = sumOf(glm::abs(light[i].fromTable - light[i].integrated)) / integrated;
        worst = std::max(worst, error);
        EXPECT_LT(error, 0.05f) << "case " << i << ": table " << sumOf(light[i].fromTable) << ", integrated "
                                << integrated;
    }
    RecordProperty("worst_relative_error", std::to_string(worst));
}

TEST_F(SeaLevelSkyGpuTest, TheSameAnglesGiveTheSameSkyAnywhereOnTheGlobe)
{
    const std::array<glm::dvec3, 5> ups{glm::dvec3(1.0, 0.0, 0.0), glm::dvec3(-1.0, 0.0, 0.0),
                                        glm::dvec3(0.0, 0.0, 1.0), glm::dvec3(0.0, 0.0, -1.0),
                                        glm::normalize(glm::dvec3(-0.2, 0.7, -0.4))};
    std::vector<SkyCase> cases;
    for (const glm::dvec3& up : ups) {
        const LocalFrame frame = frameAt(up);
        cases.push_back({up, towards(frame, 4.0, 70.0), towards(frame, 25.0, 10.0)});
        cases.push_back({up, towards(frame, 45.0, -100.0), towards(frame, 2.0, 20.0)});
    }
    const std::vector<SkyLight> light = probe(cases);
    for (std::size_t i = 2; i < cases.size(); ++i) {
        const glm::vec3 reference = light[i % 2].fromTable;
        EXPECT_LT(sumOf(glm::abs(light[i].fromTable - reference)), 1.0e-3f * sumOf(reference)) << "case " << i;
    }
}

TEST_F(SeaLevelSkyGpuTest, OverheadAtNoonTheSkyIsBlueAndAtNightItIsDark)
{
    const LocalFrame frame = frameAt(glm::dvec3(0.0, 1.0, 0.0));
    const std::vector<SkyLight> light = probe({
        {frame.up, frame.up, towards(frame, 70.0, 0.0)},
        {frame.up, towards(frame, 20.0, 90.0), towards(frame, -30.0, 0.0)},
        {frame.up, towards(frame, 2.0, 0.0), towards(frame, -30.0, 0.0)},
    });
    const glm::vec3 noon = light[0].fromTable;
    EXPECT_GT(noon.b, noon.g);
    EXPECT_GT(noon.g, noon.r);
    for (std::size_t i = 1; i < light.size(); ++i) {
        EXPECT_LT(sumOf(light[i].fromTable), 1.0e-3f * sumOf(noon)) << "case " << i;
    }
}

}  // namespace
}  // namespace planet::test
