// A GPU test fixture with one scene render harness over a synthetic
// 128 x 128 heightmap of hills (tests/scene), made on demand with the
// terrain settings a test needs and destroyed before the device.
#pragma once

#include "GpuTestEnvironment.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"
#include "vk/ShaderLibrary.h"

#include <optional>

namespace terrain::test {

class HillsTerrainTest : public vk::test::GpuTest {
protected:
    void TearDown() override
    {
        harness_.reset();
        GpuTest::TearDown();
    }

    scene::test::SceneRenderHarness& makeHarness(const TerrainSettings& settings = scene::test::testSettings())
    {
        harness_.emplace(device(), shaders_, scene::test::makeHillsHeightmap(128), settings);
        return *harness_;
    }

    vk::ShaderLibrary shaders_ = vk::test::projectShaders();
    std::optional<scene::test::SceneRenderHarness> harness_;
};

}  // namespace terrain::test
