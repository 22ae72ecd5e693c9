// The GLSL model and tone-mapping functions against their CPU mirrors
// (src/atmosphere/AtmosphereModel.h), evaluated on the GPU
// by tests/atmosphere/shaders/ModelProbe.comp.
#include "AtmosphereGpuTest.h"

#include "atmosphere/AtmosphereModel.h"

#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/Descriptors.h"
#include "vk/Device.h"
#include "vk/Pipeline.h"
#include "vk/ShaderLibrary.h"

#include <array>
#include <cmath>
#include <cstring>
#include <numbers>

namespace atmosphere::test {
namespace {

enum class ProbeFunction : uint32_t {
    TransmittanceCoordinate = 0,
    TransmittanceRay = 1,
    SkyViewCoordinate = 2,
    SkyViewDirection = 3,
    Phases = 6,
    Altitude = 7,
};

constexpr std::array<vk::DescriptorBinding, 2> kProbeBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

struct ProbeControl {
    uint32_t function = 0;
    uint32_t count = 0;
};

vk::PipelineLayout probePipelineLayout(const vk::Device& device, VkDescriptorSetLayout atmosphereLayout,
                                       VkDescriptorSetLayout probeLayout)
{
    const std::array<VkDescriptorSetLayout, 2> layouts{atmosphereLayout, probeLayout};
    const VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(ProbeControl)};
    return vk::PipelineLayout(device, layouts, std::span<const VkPushConstantRange>(&range, 1));
}

// Runs ModelProbe.comp with the atmosphere's descriptor set as set 0.
class ModelProbe {
public:
    ModelProbe(vk::Device& device, const Atmosphere& atmosphere)
        : device_(device),
          atmosphere_(atmosphere),
          layout_(device, kProbeBindings),
          pool_(device, layout_, 1),
          set_(pool_.allocate(layout_)),
          pipelineLayout_(probePipelineLayout(device, atmosphere.descriptorSetLayout(), layout_.handle())),
          pipeline_(device, pipelineLayout_, vk::ShaderLibrary(ATMOSPHERE_TEST_SPIRV_DIR).load("ModelProbe.comp"))
    {
    }

    std::vector<glm::vec4> run(ProbeFunction function, const std::vector<glm::vec4>& inputs)
    {
        const VkDeviceSize bytes = inputs.size() * sizeof(glm::vec4);
        const vk::Buffer input(device_, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryLocation::HostUpload);
        const vk::Buffer output(device_, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryLocation::HostReadback);
        std::memcpy(input.mapped().data(), inputs.data(), bytes);
        vk::DescriptorWriter().storageBuffer(0, input).storageBuffer(1, output).update(device_, set_);
        const ProbeControl control{static_cast<uint32_t>(function), static_cast<uint32_t>(inputs.size())};
        device_.submitAndWait([&](VkCommandBuffer commands) {
            pipeline_.bind(commands);
            const std::array<VkDescriptorSet, 2> sets{atmosphere_.descriptorSet(), set_};
            vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_.handle(), 0, 2,
                                    sets.data(), 0, nullptr);
            vkCmdPushConstants(commands, pipelineLayout_.handle(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(control),
                               &control);
            vkCmdDispatch(commands, (control.count + 63) / 64, 1, 1);
            vk::bufferBarrier(device_, commands, output, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                              VK_ACCESS_2_HOST_READ_BIT);
        });
        std::vector<glm::vec4> results(inputs.size());
        std::memcpy(results.data(), output.mapped().data(), bytes);
        return results;
    }

private:
    vk::Device& device_;
    const Atmosphere& atmosphere_;
    vk::DescriptorSetLayout layout_;
    vk::DescriptorPool pool_;
    VkDescriptorSet set_;
    vk::PipelineLayout pipelineLayout_;
    vk::ComputePipeline pipeline_;
};

class GpuAtmosphereShaders : public AtmosphereGpuTest {};

TEST_F(GpuAtmosphereShaders, LookUpTableCoordinatesMatchTheCpuModel)
{
    const AtmosphereParameters parameters;
    Atmosphere atmosphere(device(), shaders(), parameters, 1);
    ModelProbe probe(device(), atmosphere);
    const glm::uvec2 transmittanceSize{256, 64};
    const glm::uvec2 skyViewSize{192, 108};

    std::vector<glm::vec4> rays;
    std::vector<glm::vec4> coordinates;
    for (const float radius : {6360.0f, 6360.2f, 6365.0f, 6400.0f, 6459.0f}) {
        for (const float mu : {1.0f, 0.6f, 0.1f, 0.0f}) {
            rays.emplace_back(radius, mu, 0.0f, 0.0f);
        }
    }
    for (float u = 0.01f; u < 1.0f; u += 0.09f) {
        for (float v = 0.02f; v < 1.0f; v += 0.11f) {
            coordinates.emplace_back(u, v, 0.0f, 0.0f);
        }
    }
    const std::vector<glm::vec4> gpuCoordinates = probe.run(ProbeFunction::TransmittanceCoordinate, rays);
    for (size_t i = 0; i < rays.size(); ++i) {
        const glm::dvec2 expected =
            model::transmittanceLutCoordinate(parameters, {rays[i].x, rays[i].y}, transmittanceSize);
        EXPECT_NEAR(gpuCoordinates[i].x, expected.x, 1e-4) << "r " << rays[i].x << " mu " << rays[i].y;
        EXPECT_NEAR(gpuCoordinates[i].y, expected.y, 1e-4) << "r " << rays[i].x << " mu " << rays[i].y;
    }
    const std::vector<glm::vec4> gpuRays = probe.run(ProbeFunction::TransmittanceRay, coordinates);
    for (size_t i = 0; i < coordinates.size(); ++i) {
        const model::RadiusAndCosine expected =
            model::transmittanceLutRay(parameters, {coordinates[i].x, coordinates[i].y}, transmittanceSize);
        EXPECT_NEAR(gpuRays[i].x, expected.radiusKm, 2e-3);
        EXPECT_NEAR(gpuRays[i].y, expected.mu, 1e-4);
        const double rho = std::sqrt(expected.radiusKm * expected.radiusKm - 6360.0 * 6360.0);
        EXPECT_NEAR(gpuRays[i].z, rho, 1e-5 * rho + 1e-4);
    }

    std::vector<glm::vec4> directions;
    for (const float cosZenith : {0.999f, 0.7f, 0.2f, 0.03f, -0.1f, -0.6f, -0.98f}) {
        for (const float azimuth : {0.0f, 0.5f, 1.7f, 3.1f}) {
            directions.emplace_back(6360.5f, cosZenith, azimuth, 0.0f);
        }
    }
    const std::vector<glm::vec4> gpuSkyView = probe.run(ProbeFunction::SkyViewCoordinate, directions);
    for (size_t i = 0; i < directions.size(); ++i) {
        const glm::dvec2 expected =
            model::skyViewLutCoordinate(parameters, directions[i].x, {directions[i].y, directions[i].z}, skyViewSize);
        EXPECT_NEAR(gpuSkyView[i].x, expected.x, 1e-4);
        EXPECT_NEAR(gpuSkyView[i].y, expected.y, 1e-4) << "cos zenith " << directions[i].y;
    }
    std::vector<glm::vec4> skyCoordinates;
    for (const glm::vec4& coordinate : coordinates) {
        skyCoordinates.emplace_back(6360.5f, coordinate.x, coordinate.y, 0.0f);
    }
    const std::vector<glm::vec4> gpuDirections = probe.run(ProbeFunction::SkyViewDirection, skyCoordinates);
    for (size_t i = 0; i < skyCoordinates.size(); ++i) {
        const model::SkyViewDirection expected =
            model::skyViewLutDirection(parameters, 6360.5, {skyCoordinates[i].y, skyCoordinates[i].z}, skyViewSize);
        EXPECT_NEAR(gpuDirections[i].x, expected.cosViewZenith, 1e-4);
        EXPECT_NEAR(gpuDirections[i].y, expected.azimuthFromSunRadians, 1e-4);
    }
}

TEST_F(GpuAtmosphereShaders, GeometryAndPhaseFunctionsMatchTheCpuModel)
{
    const AtmosphereParameters parameters;
    Atmosphere atmosphere(device(), shaders(), parameters, 1);
    ModelProbe probe(device(), atmosphere);

    std::vector<glm::vec4> rays;
    for (const float radius : {6360.01f, 6363.0f, 6420.0f}) {
        for (const float mu : {1.0f, 0.3f, -0.02f, -0.5f}) {
            for (const float t : {0.5f, 30.0f, 400.0f}) {
                rays.emplace_back(radius, mu, t, 0.0f);
            }
        }
    }
    const std::vector<glm::vec4> gpuGeometry = probe.run(ProbeFunction::Altitude, rays);
    for (size_t i = 0; i < rays.size(); ++i) {
        const double r = rays[i].x;
        const double mu = rays[i].y;
        EXPECT_NEAR(gpuGeometry[i].x, model::altitudeAlongRay(parameters, r, mu, rays[i].z), 2e-3);
        const double top = model::distanceToTopBoundary(parameters, r, mu);
        EXPECT_NEAR(gpuGeometry[i].y, top, 1e-5 * top + 1e-3);
        const double ground =
            model::rayIntersectsGround(parameters, r, mu) ? model::distanceToGround(parameters, r, mu) : -1.0;
        EXPECT_NEAR(gpuGeometry[i].z, ground, 1e-5 * std::abs(ground) + 1e-3) << "r " << r << " mu " << mu;
    }

    std::vector<glm::vec4> angles;
    for (float cosTheta = -1.0f; cosTheta <= 1.0f; cosTheta += 0.125f) {
        angles.emplace_back(cosTheta, 0.8f, 0.0f, 0.0f);
    }
    const std::vector<glm::vec4> phases = probe.run(ProbeFunction::Phases, angles);
    for (size_t i = 0; i < angles.size(); ++i) {
        const double rayleigh = model::rayleighPhase(angles[i].x);
        const double mie = model::miePhase(angles[i].x, 0.8);
        EXPECT_NEAR(phases[i].x, rayleigh, 1e-5 * rayleigh);
        EXPECT_NEAR(phases[i].y, mie, 1e-4 * mie) << "cos " << angles[i].x;
    }
}

}  // namespace
}  // namespace atmosphere::test
