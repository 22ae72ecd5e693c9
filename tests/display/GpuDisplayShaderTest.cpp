// The GLSL display functions (shaders/display/Tonemapping.glsl) against
// their CPU mirrors (src/display/Tonemapping.h), evaluated on the GPU by
// tests/display/shaders/DisplayProbe.comp.
#include "GpuTestEnvironment.h"

#include "display/Tonemapping.h"
#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>
#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace display {
namespace {

enum class ProbeFunction : std::uint32_t { Tonemap = 0, EncodeSrgb = 1, Transform = 2 };

constexpr std::array<vk::DescriptorBinding, 2> kProbeBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

struct ProbeInput {
    glm::vec4 colour;
    DisplaySettings settings;
};

class GpuDisplayShaders : public vk::test::GpuTest {
protected:
    // The probe's results for `inputs` (colour, then exposure and curve).
    std::vector<glm::vec4> run(ProbeFunction function, const std::vector<ProbeInput>& inputs)
    {
        const vk::ComputeKernel program(device(), vk::ShaderLibrary(DISPLAY_TEST_SPIRV_DIR).load("DisplayProbe.comp"),
                                        kProbeBindings, 2 * sizeof(std::uint32_t));
        std::vector<glm::vec4> packed;
        for (const ProbeInput& input : inputs) {
            packed.push_back(input.colour);
            packed.emplace_back(input.settings.exposureStops, static_cast<float>(input.settings.tonemapper), 0.0f,
                                0.0f);
        }
        const vk::Buffer in(device(), packed.size() * sizeof(glm::vec4), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        const vk::Buffer out(device(), inputs.size() * sizeof(glm::vec4), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        vk::uploadToBuffer(device(), in, std::span<const glm::vec4>(packed));
        vk::DescriptorWriter().storageBuffer(0, in).storageBuffer(1, out).update(device(), program.descriptorSet());
        const std::array<std::uint32_t, 2> control{static_cast<std::uint32_t>(function),
                                                   static_cast<std::uint32_t>(inputs.size())};
        device().submitAndWait([&](VkCommandBuffer commands) {
            program.bind(commands);
            vkCmdPushConstants(commands, program.pipelineLayout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(control),
                               control.data());
            vkCmdDispatch(commands, static_cast<std::uint32_t>((inputs.size() + 63) / 64), 1, 1);
        });
        return vk::downloadFromBufferAs<glm::vec4>(device(), out, 0, inputs.size());
    }
};

TEST_F(GpuDisplayShaders, TonemappingMatchesTheCpuMirror)
{
    std::vector<ProbeInput> inputs;
    for (const Tonemapper tonemapper : kTonemappers) {
        for (const float value : {0.0f, 0.002f, 0.05f, 0.3f, 1.0f, 2.5f, 11.0f, 300.0f}) {
            inputs.push_back({glm::vec4(value, 0.5f * value, 2.0f * value, 1.0f), DisplaySettings{0.0f, tonemapper}});
        }
    }
    const std::vector<glm::vec4> mapped = run(ProbeFunction::Tonemap, inputs);
    const std::vector<glm::vec4> encoded = run(ProbeFunction::EncodeSrgb, inputs);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const glm::vec3 colour(inputs[i].colour);
        const glm::vec3 expected = tonemap(inputs[i].settings.tonemapper, colour);
        const glm::vec3 expectedSrgb = encodeSrgb(colour);
        for (int channel = 0; channel < 3; ++channel) {
            EXPECT_NEAR(mapped[i][channel], expected[channel], 1e-5f)
                << tonemapperName(inputs[i].settings.tonemapper) << " " << colour.x;
            EXPECT_NEAR(encoded[i][channel], expectedSrgb[channel], 1e-5f) << colour[channel];
        }
    }
}

// The display pass's one transform: scene luminance (alpha 1) is exposed and
// tone-mapped, a display colour (alpha 0) passes clamped.
TEST_F(GpuDisplayShaders, TheDisplayTransformMatchesTheCpuMirror)
{
    std::vector<ProbeInput> inputs;
    for (const Tonemapper tonemapper : kTonemappers) {
        for (const float exposure : {-2.0f, 0.0f, 3.5f}) {
            for (const float alpha : {0.0f, 1.0f}) {
                for (const float value : {0.0f, 0.04f, 0.7f, 1.6f, 40.0f}) {
                    inputs.push_back(
                        {glm::vec4(value, 0.3f * value, 1.7f * value, alpha), DisplaySettings{exposure, tonemapper}});
                }
            }
        }
    }
    const std::vector<glm::vec4> mapped = run(ProbeFunction::Transform, inputs);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const glm::vec3 expected = displayColour(inputs[i].colour, inputs[i].settings);
        for (int channel = 0; channel < 3; ++channel) {
            EXPECT_NEAR(mapped[i][channel], expected[channel], 1e-5f) << "input " << i;
        }
        if (inputs[i].colour.a == 0.0f) {
            EXPECT_NEAR(mapped[i].r, std::min(inputs[i].colour.r, 1.0f), 1e-6f) << "a display colour only clamps";
        }
    }
}

}  // namespace
}  // namespace display
