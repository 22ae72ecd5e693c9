// The globe's shading puts the permanent snow line where the CPU's
// terrain::permanentSnowLineMetres does (tests/planet/shaders/SnowLineProbe.comp
// runs shaders/planet/SnowLine.glsl): within a centimetre at every quarter
// degree from pole to pole, the knots included.
#include "GpuTestEnvironment.h"
#include "terrain/TerrainSettings.h"
#include "vk/Barriers.h"
#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/ComputeKernel.h"
#include "vk/Descriptors.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace planet::test {
namespace {

constexpr std::array<vk::DescriptorBinding, 2> kProbeBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

using SnowLineGpuTest = vk::test::GpuTest;

TEST_F(SnowLineGpuTest, TheShadingsSnowLineIsTheCpusAtEveryLatitude)
{
    std::vector<float> latitudes;
    for (int quarter = -360; quarter <= 360; ++quarter) {
        latitudes.push_back(0.25f * static_cast<float>(quarter));
    }
    const VkDeviceSize bytes = latitudes.size() * sizeof(float);
    const vk::Buffer input(device(), bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    vk::uploadToBuffer(device(), input, std::as_bytes(std::span(latitudes)));
    const vk::Buffer output(device(), bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryLocation::HostReadback);
    const vk::ComputeKernel kernel(device(), vk::ShaderLibrary(PLANET_TEST_SPIRV_DIR).load("SnowLineProbe.comp"),
                                   kProbeBindings, 0);
    vk::DescriptorWriter().storageBuffer(0, input).storageBuffer(1, output).update(device(), kernel.descriptorSet());
    device().submitAndWait([&](VkCommandBuffer commands) {
        kernel.bind(commands);
        vkCmdDispatch(commands, static_cast<std::uint32_t>((latitudes.size() + 63) / 64), 1, 1);
        vk::bufferBarrier(device(), commands, output, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                          VK_ACCESS_2_HOST_READ_BIT);
    });
    std::vector<float> snowLines(latitudes.size());
    std::memcpy(snowLines.data(), output.mapped().data(), bytes);
    for (std::size_t i = 0; i < latitudes.size(); ++i) {
        EXPECT_NEAR(snowLines[i], terrain::permanentSnowLineMetres(latitudes[i]), 0.01) << latitudes[i] << " degrees";
    }
    // The probe saw the curve, not a constant: the dry subtropics' peak and the poles.
    EXPECT_NEAR(snowLines[360 + 100], 5600.0f, 0.01f);
    EXPECT_EQ(snowLines.front(), 0.0f);
    EXPECT_EQ(snowLines.back(), 0.0f);
}

}  // namespace
}  // namespace planet::test
