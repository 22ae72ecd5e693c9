// The GLSL of the surface library, which the flat terrain's and the globe's
// shaders include, against its CPU mirror (label gpu): the ground's albedo
// and snow cover (shaders/surface/GroundAlbedo.glsl), the detail noise in
// float (DetailNoise.glsl; its double half is the globe's, tested bit for
// bit in tests/planet), the snow line at every
// quarter degree (SnowLine.glsl), the water's luminance (Water.glsl), the
// night lights (NightLights.glsl) and the imagery's detail (Imagery.glsl),
// each run by a probe in tests/surface/shaders.
#include "GpuTestEnvironment.h"
#include "surface/Contours.h"
#include "surface/DetailNoise.h"
#include "surface/GroundAlbedo.h"
#include "surface/Imagery.h"
#include "surface/NightLights.h"
#include "surface/SnowLine.h"
#include "surface/Water.h"
#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/ComputeKernel.h"
#include "vk/Descriptors.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iostream>
#include <span>
#include <vector>

namespace surface::test {
namespace {

using SurfaceGpuTest = vk::test::GpuTest;

constexpr VkDescriptorType kStorage = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;

// A buffer the probe reads, holding `values`.
template <typename T>
vk::Buffer inputBuffer(vk::Device& device, const std::vector<T>& values)
{
    vk::Buffer buffer(device, values.size() * sizeof(T), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    vk::uploadToBuffer(device, buffer, std::as_bytes(std::span(values)));
    return buffer;
}

// A buffer the probe writes and the host reads.
vk::Buffer outputBuffer(vk::Device& device, VkDeviceSize bytes)
{
    return vk::Buffer(device, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryLocation::HostReadback);
}

// Runs `kernel` over `count` items, then makes `outputs` visible to the host.
void runProbe(vk::Device& device, const vk::ComputeKernel& kernel, std::size_t count,
              std::initializer_list<const vk::Buffer*> outputs)
{
    device.submitAndWait([&](VkCommandBuffer commands) {
        kernel.bind(commands);
        vkCmdDispatch(commands, static_cast<std::uint32_t>((count + 63) / 64), 1, 1);
        for (const vk::Buffer* output : outputs) {
            vk::bufferBarrier(device, commands, *output, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                              VK_ACCESS_2_HOST_READ_BIT);
        }
    });
}

template <typename T>
std::vector<T> readBack(const vk::Buffer& buffer, std::size_t count)
{
    std::vector<T> values(count);
    std::memcpy(values.data(), buffer.mapped().data(), count * sizeof(T));
    return values;
}

// Runs the probe `program` of one input buffer (binding 0, `cases`) and one
// output of a vec4 per case (binding 1), which it returns.
template <typename Case>
std::vector<glm::vec4> runCaseProbe(vk::Device& device, const char* program, const std::vector<Case>& cases)
{
    const vk::Buffer caseBuffer = inputBuffer(device, cases);
    const vk::Buffer results = outputBuffer(device, cases.size() * sizeof(glm::vec4));
    constexpr std::array<vk::DescriptorBinding, 2> kBindings{{
        {0, kStorage, VK_SHADER_STAGE_COMPUTE_BIT, 1},
        {1, kStorage, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    }};
    const vk::ComputeKernel kernel(device, vk::ShaderLibrary(SURFACE_TEST_SPIRV_DIR).load(program), kBindings, 0);
    vk::DescriptorWriter()
        .storageBuffer(0, caseBuffer)
        .storageBuffer(1, results)
        .update(device, kernel.descriptorSet());
    runProbe(device, kernel, cases.size(), {&results});
    return readBack<glm::vec4>(results, cases.size());
}

TEST_F(SurfaceGpuTest, TheShadersGroundAlbedoSnowCoverAndSnowLineAreTheCpus)
{
    // Every material and every ramp: from under the sea to above the
    // highest snow line, level to vertical, the three snow lines' regimes,
    // the variation's ends, no shore, half one and a whole one.
    std::vector<float> elevations{-3.0f, 0.0f, 1.0f};  // the beach's level middle
    for (float elevation = -60.0f; elevation <= 6400.0f; elevation += 37.0f) {
        elevations.push_back(elevation);
    }
    std::vector<Ground> grounds;
    for (const float elevation : elevations) {
        for (float steepness = 0.0f; steepness <= 1.0f; steepness += 0.0625f) {
            for (const float snowLine : {0.0f, 2730.0f, 5600.0f}) {
                for (const float variation : {-0.5f, -0.1f, 0.0f, 0.3f, 0.5f}) {
                    grounds.push_back(
                        {elevation, steepness, snowLine, variation, 0.5f * static_cast<float>(grounds.size() % 3)});
                }
            }
        }
    }
    constexpr std::size_t kQuarterDegrees = 721;
    ASSERT_GE(grounds.size(), kQuarterDegrees);
    std::vector<glm::vec4> packed;
    std::vector<glm::vec2> shoresAndLatitudes;
    for (std::size_t i = 0; i < grounds.size(); ++i) {
        const Ground& g = grounds[i];
        packed.emplace_back(g.elevationMetres, g.steepness, g.snowLineMetres, g.variation);
        const float latitude = -90.0f + 0.25f * static_cast<float>(i % kQuarterDegrees);
        shoresAndLatitudes.emplace_back(g.shore, latitude);
    }
    const vk::Buffer groundBuffer = inputBuffer(device(), packed);
    const vk::Buffer shoreBuffer = inputBuffer(device(), shoresAndLatitudes);
    const vk::Buffer albedos = outputBuffer(device(), grounds.size() * sizeof(glm::vec4));
    const vk::Buffer snowLines = outputBuffer(device(), grounds.size() * sizeof(float));
    constexpr std::array<vk::DescriptorBinding, 4> kBindings{{
        {0, kStorage, VK_SHADER_STAGE_COMPUTE_BIT, 1},
        {1, kStorage, VK_SHADER_STAGE_COMPUTE_BIT, 1},
        {2, kStorage, VK_SHADER_STAGE_COMPUTE_BIT, 1},
        {3, kStorage, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    }};
    const vk::ComputeKernel kernel(device(), vk::ShaderLibrary(SURFACE_TEST_SPIRV_DIR).load("GroundAlbedoProbe.comp"),
                                   kBindings, 0);
    vk::DescriptorWriter()
        .storageBuffer(0, groundBuffer)
        .storageBuffer(1, shoreBuffer)
        .storageBuffer(2, albedos)
        .storageBuffer(3, snowLines)
        .update(device(), kernel.descriptorSet());
    runProbe(device(), kernel, grounds.size(), {&albedos, &snowLines});

    const std::vector<glm::vec4> gpu = readBack<glm::vec4>(albedos, grounds.size());
    const std::vector<float> gpuSnowLines = readBack<float>(snowLines, grounds.size());
    int snowy = 0;
    int sandy = 0;
    for (std::size_t i = 0; i < grounds.size(); ++i) {
        const glm::vec3 cpu = groundAlbedo(grounds[i]);
        const float cover = snowCover(grounds[i]);
        for (int c = 0; c < 3; ++c) {
            ASSERT_NEAR(gpu[i][c], cpu[c], 2.0e-6f) << "ground " << i << " channel " << c;
        }
        ASSERT_NEAR(gpu[i].w, cover, 2.0e-6f) << "ground " << i;
        snowy += cover == 1.0f ? 1 : 0;
        sandy += glm::vec3(gpu[i]) == kSand ? 1 : 0;
        const float latitude = shoresAndLatitudes[i].y;
        ASSERT_NEAR(gpuSnowLines[i], permanentSnowLineMetres(latitude), 0.01f) << latitude << " degrees";
    }
    // The probe saw the materials, not one colour: snow, the shore's sand,
    // and the snow line's curve (the dry subtropics' peak and the poles).
    EXPECT_GT(snowy, 100);
    EXPECT_GT(sandy, 4);
    EXPECT_NEAR(gpuSnowLines[360 + 100], 5600.0f, 0.01f);
    EXPECT_EQ(gpuSnowLines[0], 0.0f);
    EXPECT_EQ(gpuSnowLines[720], 0.0f);
}

TEST_F(SurfaceGpuTest, TheShadersWaterIsTheCpus)
{
    struct Case {
        glm::vec4 seabedAndMetres;
        glm::vec4 irradianceAndCosView;
        glm::vec4 skyAndHalfwayCos;
        glm::vec4 sunIlluminance;
    };
    std::vector<Case> cases;
    for (const float metres : {0.0f, 0.5f, 3.0f, 20.0f, 150.0f, 2000.0f}) {
        for (const float cosView : {-0.2f, 0.0f, 0.05f, 0.3f, 0.8f, 1.0f}) {
            for (const float halfwayCos : {0.5f, 0.99f, 0.999f, 0.99995f, 1.0f}) {
                cases.push_back({{0.04f, 0.035f, 0.02f, metres},
                                 {9.0f, 10.0f, 11.0f, cosView},
                                 {0.3f, 0.5f, 0.9f, halfwayCos},
                                 {80.0f, 75.0f, 70.0f, 0.0f}});
            }
        }
    }
    const std::vector<glm::vec4> gpu = runCaseProbe(device(), "WaterProbe.comp", cases);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        const glm::vec3 body = waterBody(glm::vec3(c.seabedAndMetres), waterTransmittance(c.seabedAndMetres.w),
                                         glm::vec3(c.irradianceAndCosView));
        const glm::vec3 cpu = waterLuminance(body, glm::vec3(c.skyAndHalfwayCos), c.irradianceAndCosView.w,
                                             c.skyAndHalfwayCos.w, glm::vec3(c.sunIlluminance));
        for (int channel = 0; channel < 3; ++channel) {
            // exp on the GPU is within a few units in the last place.
            ASSERT_NEAR(gpu[i][channel], cpu[channel], 1.0e-5f * std::max(1.0f, std::abs(cpu[channel])))
                << "case " << i << " channel " << channel;
        }
    }
}

TEST_F(SurfaceGpuTest, TheShadersContoursAreTheCpus)
{
    struct Case {
        glm::vec4 albedoAndElevation;
        glm::vec4 changeSlopeAndInterval;
    };
    std::vector<Case> cases;
    for (float elevation = -52.0f; elevation <= 1260.0f; elevation += 0.37f) {
        for (const float change : {0.0f, 0.4f, 1.0f, 3.0f, 7.0f}) {
            for (const float slope : {0.0f, 0.005f, 0.3f}) {
                cases.push_back({glm::vec4(0.3f, 0.25f, 0.2f, elevation), glm::vec4(change, slope, 10.0f, 0.0f)});
            }
        }
    }
    cases.push_back({glm::vec4(0.3f, 0.25f, 0.2f, 100.0f), glm::vec4(1.0f, 0.3f, 0.0f, 0.0f)});
    const std::vector<glm::vec4> gpu = runCaseProbe(device(), "ContoursProbe.comp", cases);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const glm::vec4& a = cases[i].albedoAndElevation;
        const glm::vec4& at = cases[i].changeSlopeAndInterval;
        const glm::vec3 cpu = withContours(glm::vec3(a), a.w, at.x, at.y, at.z);
        // The coverage's ramp is a pixel wide: its rounding stays far below
        // a level of an 8-bit colour.
        ASSERT_NEAR(gpu[i].w, at.z > 0.0f ? contourLineCoverage(a.w, at.x, at.z, 1.0f) : gpu[i].w, 1.0e-4f)
            << "case " << i;
        for (int channel = 0; channel < 3; ++channel) {
            ASSERT_NEAR(gpu[i][channel], cpu[channel], 1.0e-4f) << "case " << i << " channel " << channel;
        }
    }
}

TEST_F(SurfaceGpuTest, TheShadersNightLightsAreTheCpus)
{
    std::vector<glm::vec4> cases;
    for (int step = -100; step <= 100; ++step) {
        cases.emplace_back(1.0f, 0.6f, 0.25f, 0.002f * static_cast<float>(step));
    }
    const std::vector<glm::vec4> gpu = runCaseProbe(device(), "NightLightsProbe.comp", cases);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const glm::vec3 cpu = nightLightsLuminance(glm::vec3(cases[i]), cases[i].w);
        ASSERT_NEAR(gpu[i].w, nightLightsShare(cases[i].w), 1.0e-6f) << "case " << i;
        for (int channel = 0; channel < 3; ++channel) {
            // Within a unit or two in the last place (the GPU may fuse the products).
            ASSERT_NEAR(gpu[i][channel], cpu[channel], 1.0e-6f) << "case " << i << " channel " << channel;
        }
    }
}

TEST_F(SurfaceGpuTest, TheShadersDetailedImageryIsTheCpus)
{
    struct Case {
        glm::vec4 ground;
        glm::vec4 imagery;
        glm::vec4 texelsAlongXAndY;
    };
    std::vector<Case> cases;
    for (const float elevation : {200.0f, 2500.0f, 2900.0f, 3400.0f}) {
        for (const float steepness : {0.0f, 0.2f, 0.35f, 0.6f}) {
            for (const float variation : {-0.5f, -0.1f, 0.25f, 0.5f}) {
                for (const float texelsPerPixel : {0.05f, 0.2f, 0.3f, 2.0f}) {
                    cases.push_back({{elevation, steepness, 2800.0f, variation},
                                     {0.21f, 0.17f, 0.09f, 1.0f},
                                     {texelsPerPixel, 0.0f, 0.0f, 0.5f * texelsPerPixel}});
                }
            }
        }
    }
    const std::vector<glm::vec4> gpu = runCaseProbe(device(), "ImageryProbe.comp", cases);
    int detailed = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const Case& c = cases[i];
        const Ground ground{c.ground.x, c.ground.y, c.ground.z, c.ground.w, 0.0f};
        const float coarseness =
            imageryCoarseness(glm::vec2(c.texelsAlongXAndY), {c.texelsAlongXAndY.z, c.texelsAlongXAndY.w});
        const glm::vec3 cpu = detailedImagery(glm::vec3(c.imagery), ground, coarseness);
        ASSERT_NEAR(gpu[i].w, coarseness, 1.0e-6f) << "case " << i;
        for (int channel = 0; channel < 3; ++channel) {
            ASSERT_NEAR(gpu[i][channel], cpu[channel], 1.0e-6f) << "case " << i << " channel " << channel;
        }
        detailed += glm::vec3(gpu[i]) != glm::vec3(c.imagery) ? 1 : 0;
    }
    EXPECT_GT(detailed, 50) << "the probe saw no detail";
}

TEST_F(SurfaceGpuTest, TheShadersImageryOverIsTheCpus)
{
    struct Case {
        glm::vec4 top;
        glm::vec4 below;
    };
    std::vector<Case> cases;
    for (const float topCover : {0.0f, 0.25f, 0.5f, 1.0f}) {
        for (const float belowCover : {0.0f, 0.3f, 1.0f}) {
            cases.push_back({{0.8f, 0.1f, 0.05f, topCover}, {0.05f, 0.3f, 0.6f, belowCover}});
        }
    }
    const std::vector<glm::vec4> gpu = runCaseProbe(device(), "ImageryOverProbe.comp", cases);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const glm::vec4 cpu = imageryOver(cases[i].top, cases[i].below);
        for (int channel = 0; channel < 4; ++channel) {
            ASSERT_NEAR(gpu[i][channel], cpu[channel], 1.0e-6f) << "case " << i << " channel " << channel;
        }
    }
}

TEST_F(SurfaceGpuTest, TheShadersDetailLatticesAreTheCpus)
{
    std::vector<glm::vec4> cases;
    for (const float cell : {0.03f, 0.05f, 0.1f, 2.5f, 16.0f, 250.0f, 4.0e5f}) {
        for (const float footprint : {0.001f, 0.05f, 0.1f, 0.2f, 0.4f, 3.0f}) {
            cases.emplace_back(cell, 0.05f, footprint, 5.0f);
        }
    }
    const std::vector<glm::vec4> gpu = runCaseProbe(device(), "DetailLatticeProbe.comp", cases);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const glm::vec4& c = cases[i];
        EXPECT_EQ(gpu[i].x, static_cast<float>(detailOctaves(c.x, c.y))) << "case " << i;
        EXPECT_NEAR(gpu[i].y, detailShownShare(c.z, c.w), 1.0e-6) << "case " << i;
    }
}

TEST_F(SurfaceGpuTest, TheShadersDetailNoiseInFloatIsTheCpusInDouble)
{
    // Points over 20 km of ground (the lattice coordinates float must
    // hold), every octave kept and the finer ones faded, on 5 m and 30 m
    // data.
    std::vector<glm::vec4> cases;
    for (int i = 0; i < 400; ++i) {
        const float x = -10000.0f + 50.1237f * static_cast<float>(i);
        const float y = 9000.0f - 43.7791f * static_cast<float>(i);
        for (const float resolvable : {0.0f, 0.3f, 1.7f}) {
            cases.emplace_back(x, y, resolvable, i % 2 == 0 ? 2.5f : 15.0f);
        }
    }
    const std::vector<glm::vec4> gpu = runCaseProbe(device(), "DetailNoiseProbe.comp", cases);
    double largestSumError = 0.0;
    double largestGradientError = 0.0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const glm::vec4& c = cases[i];
        const double cell = c.w;
        const DetailLattice lattice{1.0 / cell, cell, detailOctaves(cell, 0.05)};
        const glm::dvec3 point(c.x, c.y, 0.0);
        const glm::dvec3 gradient = detailNoiseGradient(point, lattice, c.z);
        // The float lattice coordinates reach 20 km over the finest cell
        // (2^19): their fraction is good to about 1/16 of it there, which
        // moves the sum by little of the finest octave's few millimetres,
        // and the slopes (up to a few tenths) by less than 0.01.
        if (c.z == 0.0f) {
            const double sum = detailNoiseSum(point, lattice);
            largestSumError = std::max(largestSumError, std::abs(gpu[i].x - sum) / cell);
            ASSERT_NEAR(gpu[i].x, sum, 2.0e-4 * cell) << "case " << i;
        }
        for (int axis = 0; axis < 2; ++axis) {
            const double error = std::abs(gpu[i][axis + 1] - gradient[axis]);
            largestGradientError = std::max(largestGradientError, error);
            ASSERT_NEAR(gpu[i][axis + 1], gradient[axis], 0.01) << "case " << i << " axis " << axis;
        }
    }
    std::cout << "largest error of the sum: " << largestSumError
              << " of a cell; of the gradient: " << largestGradientError << "\n";
}

}  // namespace
}  // namespace surface::test
