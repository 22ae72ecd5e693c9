// A GPU test fixture with one terrain render harness over a synthetic
// 128 x 128 heightmap of hills (tests/support), made on demand with the
// settings a test needs and destroyed before the device.
#pragma once

#include "GpuTestEnvironment.h"
#include "TerrainRenderHarness.h"
#include "TerrainTestScene.h"
#include "vk/ShaderCompiler.h"

#include <optional>

namespace terrain::test {

class HillsTerrainTest : public vk::test::GpuTest {
protected:
    void TearDown() override
    {
        harness_.reset();
        GpuTest::TearDown();
    }

    TerrainRenderHarness& makeHarness(const TerrainSettings& settings = testSettings())
    {
        harness_.emplace(device(), compiler_, makeHillsHeightmap(128), settings);
        return *harness_;
    }

    vk::ShaderCompiler compiler_;
    std::optional<TerrainRenderHarness> harness_;
};

}  // namespace terrain::test
