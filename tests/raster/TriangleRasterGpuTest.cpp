// The compute rasterizer's GLSL (shaders/raster/TriangleRaster.glsl, run by
// tests/raster/shaders/TriangleRasterProbe.comp) against its CPU reference
// (src/raster), on whatever Vulkan device is present:
// - from window coordinates, the tuned loop (32-bit, one invocation per
//   small triangle), the reference loop and the reference loop shared by a
//   workgroup give the same buffer bit for bit, and the CPU the same
//   triangles in every sample, depths within rounding;
// - from clip space, with triangles crossing the near plane, the GPU's
//   clipping covers what the CPU's does, but for samples where a vertex
//   rounds to the next 1/256 of a pixel.
#include "GpuTestEnvironment.h"
#include "raster/TriangleRaster.h"
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
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <vector>

namespace raster::test {
namespace {

constexpr std::array<vk::DescriptorBinding, 3> kProbeBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

// ProbeWindowTriangle of the probe (std430).
struct ProbeWindowTriangle {
    std::array<glm::ivec2, 3> position{};
    std::array<std::int32_t, 2> padding{};
    glm::vec4 depth{0.0f};
};
static_assert(sizeof(ProbeWindowTriangle) == 48);

struct ProbeConstants {
    glm::uvec2 viewport{0};
    std::uint32_t samples = 1;
    std::uint32_t mode = 0;
    std::uint32_t count = 0;
};

enum class ProbeMode : std::uint32_t { TunedWindow = 0, ReferenceWindow = 1, Clip = 2, SharedWindow = 3 };

class TriangleRasterGpuTest : public vk::test::GpuTest {
protected:
    std::vector<std::uint64_t> rasterize(ProbeMode mode, const std::vector<ProbeWindowTriangle>& window,
                                         const std::vector<glm::vec4>& clip, glm::uvec2 viewport, std::uint32_t samples)
    {
        const auto bytesOf = [](auto values) { return std::max<VkDeviceSize>(16, values.size_bytes()); };
        const vk::Buffer windowBuffer(device(), bytesOf(std::span(window)), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        const vk::Buffer clipBuffer(device(), bytesOf(std::span(clip)), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        if (!window.empty()) {
            vk::uploadToBuffer(device(), windowBuffer, std::as_bytes(std::span(window)));
        }
        if (!clip.empty()) {
            vk::uploadToBuffer(device(), clipBuffer, std::as_bytes(std::span(clip)));
        }
        const std::size_t values = std::size_t{viewport.x} * viewport.y * samples;
        const VkDeviceSize outputBytes = values * sizeof(std::uint64_t);
        const vk::Buffer output(device(), outputBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                vk::MemoryLocation::HostReadback);
        const vk::ComputeKernel kernel(device(),
                                       vk::ShaderLibrary(RASTER_TEST_SPIRV_DIR).load("TriangleRasterProbe.comp"),
                                       kProbeBindings, sizeof(ProbeConstants));
        vk::DescriptorWriter()
            .storageBuffer(0, windowBuffer)
            .storageBuffer(1, clipBuffer)
            .storageBuffer(2, output)
            .update(device(), kernel.descriptorSet());
        const std::uint32_t count =
            static_cast<std::uint32_t>(mode == ProbeMode::Clip ? clip.size() / 3 : window.size());
        const ProbeConstants constants{viewport, samples, static_cast<std::uint32_t>(mode), count};
        device().submitAndWait([&](VkCommandBuffer commands) {
            vkCmdFillBuffer(commands, output.handle(), 0, outputBytes, 0u);
            vk::bufferBarrier(device(), commands, output, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                              VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
            kernel.bind(commands);
            kernel.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
            vkCmdDispatch(commands, mode == ProbeMode::SharedWindow ? count : (count + 63) / 64, 1, 1);
            vk::bufferBarrier(device(), commands, output, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                              VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_HOST_BIT,
                              VK_ACCESS_2_HOST_READ_BIT);
        });
        std::vector<std::uint64_t> result(values);
        std::memcpy(result.data(), output.mapped().data(), outputBytes);
        return result;
    }
};

// A jittered grid of shared vertices (one layer, depths 0.1..0.2) and, over
// it, random triangles from a pixel to most of the view wide, each at its
// own depth (0.3..0.9), wound either way.
std::vector<ProbeWindowTriangle> probeTriangles(glm::uvec2 viewport)
{
    std::mt19937 random(11);
    std::uniform_int_distribution<int> jitter(-200, 200);
    std::uniform_real_distribution<float> gridDepth(0.1f, 0.2f);
    const int columns = 12;
    const int rows = 9;
    const glm::ivec2 cell(static_cast<int>(viewport.x) * kSubpixelUnits / columns,
                          static_cast<int>(viewport.y) * kSubpixelUnits / rows);
    std::vector<WindowVertex> grid;
    for (int j = 0; j <= rows; ++j) {
        for (int i = 0; i <= columns; ++i) {
            const bool border = i == 0 || j == 0 || i == columns || j == rows;
            grid.push_back(WindowVertex{
                glm::ivec2(i, j) * cell + (border ? glm::ivec2(0) : glm::ivec2(jitter(random), jitter(random))),
                gridDepth(random)});
        }
    }
    std::vector<ProbeWindowTriangle> triangles;
    const auto add = [&](const WindowVertex& a, const WindowVertex& b, const WindowVertex& c) {
        triangles.push_back(
            ProbeWindowTriangle{{a.position, b.position, c.position}, {}, {a.depth, b.depth, c.depth, 0.0f}});
    };
    for (int j = 0; j < rows; ++j) {
        for (int i = 0; i < columns; ++i) {
            const WindowVertex& a = grid[static_cast<std::size_t>(j * (columns + 1) + i)];
            const WindowVertex& b = grid[static_cast<std::size_t>(j * (columns + 1) + i + 1)];
            const WindowVertex& c = grid[static_cast<std::size_t>((j + 1) * (columns + 1) + i)];
            const WindowVertex& d = grid[static_cast<std::size_t>((j + 1) * (columns + 1) + i + 1)];
            add(a, b, d);
            add(a, d, c);
        }
    }
    std::uniform_int_distribution<int> x(-20 * kSubpixelUnits, static_cast<int>(viewport.x + 20) * kSubpixelUnits);
    std::uniform_int_distribution<int> y(-20 * kSubpixelUnits, static_cast<int>(viewport.y + 20) * kSubpixelUnits);
    std::uniform_int_distribution<int> size(1, 40 * kSubpixelUnits);
    for (int k = 0; k < 300; ++k) {
        const glm::ivec2 a(x(random), y(random));
        const int extent = k % 10 == 0 ? 8 * size(random) : size(random);
        const glm::ivec2 b = a + glm::ivec2(extent, jitter(random) * 4);
        const glm::ivec2 c = a + glm::ivec2(jitter(random) * 4, extent);
        const float depth = 0.3f + 0.002f * static_cast<float>(k);
        add(WindowVertex{a, depth}, WindowVertex{k % 2 == 0 ? b : c, depth}, WindowVertex{k % 2 == 0 ? c : b, depth});
    }
    return triangles;
}

TEST_F(TriangleRasterGpuTest, TheTunedAndReferenceLoopsAgreeBitForBitAndWithTheCpu)
{
    // llvmpipe's loop limiter ends a shader's loops after 65535 iterations in
    // all, so the views keep one invocation's whole-view triangle under that
    // many samples.
    for (const auto& [samples, viewport] : {std::pair{1u, glm::uvec2(160, 120)}, std::pair{2u, glm::uvec2(160, 120)},
                                            std::pair{4u, glm::uvec2(112, 80)}, std::pair{8u, glm::uvec2(80, 60)}}) {
        const std::vector<ProbeWindowTriangle> triangles = probeTriangles(viewport);
        const std::vector<std::uint64_t> tuned = rasterize(ProbeMode::TunedWindow, triangles, {}, viewport, samples);
        const std::vector<std::uint64_t> reference =
            rasterize(ProbeMode::ReferenceWindow, triangles, {}, viewport, samples);
        ASSERT_EQ(tuned, reference) << samples << " samples";
        const std::vector<std::uint64_t> shared = rasterize(ProbeMode::SharedWindow, triangles, {}, viewport, samples);
        ASSERT_EQ(shared, reference) << samples << " samples";

        VisibilityBuffer cpu(viewport, samples);
        for (std::uint32_t t = 0; t < triangles.size(); ++t) {
            const ProbeWindowTriangle& p = triangles[t];
            rasterizeWindowTriangle({WindowVertex{p.position[0], p.depth.x}, WindowVertex{p.position[1], p.depth.y},
                                     WindowVertex{p.position[2], p.depth.z}},
                                    t, cpu);
        }
        std::size_t covered = 0;
        for (std::size_t i = 0; i < tuned.size(); ++i) {
            ASSERT_EQ(triangleOf(tuned[i]), triangleOf(cpu.values()[i])) << "sample " << i;
            ASSERT_NEAR(depthOf(tuned[i]), depthOf(cpu.values()[i]), 1e-6f) << "sample " << i;
            covered += tuned[i] != 0 ? 1u : 0u;
        }
        // The grid covers the whole view.
        EXPECT_EQ(covered, tuned.size()) << samples << " samples";
    }
}

TEST_F(TriangleRasterGpuTest, ClippingAtTheNearPlaneCoversWhatTheCpuCovers)
{
    // A ground grid under a camera 2 m up, from 10 m behind it to 300 m
    // ahead (a reversed infinite projection: z = near, w = distance).
    const glm::uvec2 viewport(128, 96);
    const auto clipOf = [](float x, float z) { return glm::vec4(x * 1.3f, 2.0f * 1.73f, 1.0f, z); };
    std::vector<glm::vec4> clip;
    const int columns = 16;
    const int rows = 24;
    const auto xOf = [&](int i) { return -400.0f + 800.0f * static_cast<float>(i) / columns; };
    const auto zOf = [&](int j) { return -10.0f + 310.0f * std::pow(static_cast<float>(j) / rows, 2.0f); };
    for (int j = 0; j < rows; ++j) {
        for (int i = 0; i < columns; ++i) {
            const glm::vec4 a = clipOf(xOf(i), zOf(j));
            const glm::vec4 b = clipOf(xOf(i + 1), zOf(j));
            const glm::vec4 c = clipOf(xOf(i), zOf(j + 1));
            const glm::vec4 d = clipOf(xOf(i + 1), zOf(j + 1));
            for (const glm::vec4& v : {a, b, d, a, d, c}) {
                clip.push_back(v);
            }
        }
    }
    const std::vector<std::uint64_t> gpu = rasterize(ProbeMode::Clip, {}, clip, viewport, 1);
    VisibilityBuffer cpu(viewport, 1);
    for (std::uint32_t t = 0; t < clip.size() / 3; ++t) {
        rasterizeTriangle({clip[3 * t], clip[3 * t + 1], clip[3 * t + 2]}, t, cpu);
    }
    std::size_t differ = 0;
    std::size_t ground = 0;
    for (std::uint32_t y = 0; y < viewport.y; ++y) {
        for (std::uint32_t x = 0; x < viewport.x; ++x) {
            const std::size_t i = std::size_t{y} * viewport.x + x;
            differ += triangleOf(gpu[i]) != triangleOf(cpu.values()[i]) ? 1u : 0u;
            if (y > viewport.y / 2) {
                // Below the horizon the ground covers every pixel, near the camera too.
                ASSERT_NE(gpu[i], 0u) << x << ", " << y;
                ++ground;
            }
        }
    }
    EXPECT_GT(ground, 5000u);
    EXPECT_LE(differ, gpu.size() / 200) << differ << " pixels differ";
}

}  // namespace
}  // namespace raster::test
