// Shared GoogleTest fixture for tests that use the GPU: a Vulkan instance
// with the validation layer (synchronization validation on) and a device.
// TearDown fails the test if the layer reported any WARNING or ERROR, and
// prints what it reported.
//
// The device is chosen by the environment variable CBT_TEST_DEVICE (a
// selector for vk::choosePhysicalDevice) or, when unset, the best one.
#pragma once

#include "vk/ComputeKernel.h"
#include "vk/Descriptors.h"
#include "vk/Device.h"
#include "vk/Instance.h"
#include "vk/Pipeline.h"
#include "vk/ShaderCompiler.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace vk::test {

// The project's shaders as the build compiled them (CBT_SPIRV_DIR), able to
// switch to the GLSL sources (the source tree's shaders/).
ShaderLibrary projectShaders();
// The source tree's shaders/ folder.
std::filesystem::path shaderSourceDirectory();

// The selector from CBT_TEST_DEVICE ("" when unset).
std::string testDeviceSelector();

// Fails the current test (EXPECT) listing `messages` when there are any.
void expectNoValidationMessages(const std::vector<std::string>& messages);

// True when one of `messages` contains `fragment`.
bool containsMessage(const std::vector<std::string>& messages, std::string_view fragment);

// Skips the current test, saying why, on a device without shaderFloat64 (the
// double-precision mirrors and the point criterion need it).
#define CBT_SKIP_WITHOUT_SHADER_FLOAT64(device)                                                 \
    if (!(device).hasShaderFloat64()) {                                                         \
        GTEST_SKIP() << (device).info().name << " has no shaderFloat64, which this test needs"; \
    }

class GpuTest : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;

    [[nodiscard]] Instance& instance() { return *instance_; }
    [[nodiscard]] Device& device() { return *device_; }
    // The project's build-time SPIR-V (projectShaders()).
    [[nodiscard]] ShaderLibrary& shaders() { return *shaders_; }
    // Compiles GLSL at run time, includes resolved in the source tree's shaders/.
    [[nodiscard]] const ShaderCompiler& shaderCompiler() { return *compiler_; }

private:
    std::optional<Instance> instance_;
    std::optional<Device> device_;
    std::optional<ShaderLibrary> shaders_;
    std::optional<ShaderCompiler> compiler_;
};

}  // namespace vk::test
