// The per-leaf heap indices the terrain draw reads (terrain::Terrain
// decodes every leaf once per frame, after the CBT update, and the vertex
// shader reads instance i's heap index from that buffer): they must equal the
// CPU decode of the very tree the frame drew, after splits, after merges,
// while the subdivision is frozen and right after the tree is rebuilt.
#include "HillsTerrainTest.h"
#include "SceneRenderHarness.h"
#include "TerrainTestScene.h"
#include "cbt/ConcurrentBinaryTree.h"
#include "terrain/TerrainTree.h"
#include "vk/Device.h"

#include <gtest/gtest.h>

#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace terrain::test {
namespace {

using namespace scene::test;

// Close to the terrain (many leaves near the target).
camera::FrameView closeCamera()
{
    const glm::vec3 target(0.0f, 400.0f, -1000.0f);
    return lookAt(target + 1500.0f * glm::normalize(glm::vec3(0.0f, 2200.0f, 8500.0f)), target, kRgba8Target.size);
}

// Beyond the southern edge, looking south: no terrain in view.
camera::FrameView awayCamera()
{
    return lookAt(glm::vec3(0.0f, 3000.0f, 20000.0f), glm::vec3(0.0f, 3000.0f, 40000.0f), kRgba8Target.size);
}

// High above the centre, looking almost straight down: the whole square in
// view, the middle of the image well inside it.
camera::FrameView overheadCamera()
{
    return lookAt(glm::vec3(0.0f, 10000.0f, 1500.0f), glm::vec3(0.0f, 0.0f, 0.0f), kRgba8Target.size);
}

// The leaf count the draw uses and its heap indices must be the CPU decode
// (Alg. 1, src/cbt) of the downloaded heap, byte for byte. Returns the leaf count.
std::uint32_t expectLeafHeapIndicesMatchCpuDecode(const Terrain& renderer, const std::string& when)
{
    const TerrainTreeReadback readback = renderer.readBackTree();
    const cbt::ConcurrentBinaryTree tree = cbt::ConcurrentBinaryTree::fromBytes(readback.heapBytes);
    std::vector<std::uint32_t> expected(tree.nodeCount());
    for (std::uint32_t leaf = 0; leaf < expected.size(); ++leaf) {
        expected[leaf] = tree.decodeNode(leaf);
    }
    EXPECT_EQ(readback.drawLeafCount, tree.nodeCount()) << when;
    EXPECT_EQ(readback.leafHeapIndices.size(), expected.size()) << when;
    if (readback.leafHeapIndices.size() == expected.size()) {
        EXPECT_EQ(
            std::memcmp(readback.leafHeapIndices.data(), expected.data(), expected.size() * sizeof(std::uint32_t)), 0)
            << when;
        EXPECT_EQ(readback.leafHeapIndices, expected) << when;  // names the first leaf that differs
    }
    return tree.nodeCount();
}

// Whether every pixel of the middle third of the image (inside the square
// from overheadCamera) shows terrain.
bool middleIsTerrain(const RenderedImage& image)
{
    for (std::uint32_t y = image.height / 3; y < 2 * image.height / 3; ++y) {
        for (std::uint32_t x = image.width / 3; x < 2 * image.width / 3; ++x) {
            if (!image.isTerrain(std::size_t{y} * image.width + x)) {
                return false;
            }
        }
    }
    return true;
}

// On a flat terrain (height scale 0: the plane y = 0) every pixel whose
// centre's ray meets the square |x|, |z| < extent / 2 more than `margin`
// metres inside its edges shows terrain, and every one meeting the plane that
// far outside (or missing it) shows none: a leaf the draw skips or draws at
// the wrong place leaves a hole. Returns the count of wrong pixels.
std::size_t wronglyCoveredPixels(const RenderedImage& image, const camera::FrameView& view, float extentMetres)
{
    constexpr float kMarginMetres = 150.0f;  // about two pixels of overheadCamera()
    const float half = 0.5f * extentMetres;
    const glm::mat4 clipToWorld = glm::inverse(view.projection * view.view);
    std::size_t wrong = 0;
    for (std::uint32_t y = 0; y < image.height; ++y) {
        for (std::uint32_t x = 0; x < image.width; ++x) {
            const glm::vec2 ndc(2.0f * (float(x) + 0.5f) / float(image.width) - 1.0f,
                                2.0f * (float(y) + 0.5f) / float(image.height) - 1.0f);
            const glm::vec4 nearPoint = clipToWorld * glm::vec4(ndc, 0.0f, 1.0f);
            const glm::vec4 farPoint = clipToWorld * glm::vec4(ndc, 1.0f, 1.0f);
            const glm::vec3 from = glm::vec3(nearPoint) / nearPoint.w;
            const glm::vec3 direction = glm::vec3(farPoint) / farPoint.w - from;
            bool inside = false;
            bool outside = true;
            if (direction.y < 0.0f) {
                const glm::vec3 hit = from - direction * (from.y / direction.y);
                const float reach = std::max(std::abs(hit.x), std::abs(hit.z));
                inside = reach < half - kMarginMetres;
                outside = reach > half + kMarginMetres;
            }
            const bool terrain = image.isTerrain(std::size_t{y} * image.width + x);
            wrong += (inside && !terrain) || (outside && terrain) ? 1u : 0u;
        }
    }
    return wrong;
}

class TerrainLeafHeapIndexTest : public HillsTerrainTest {};

TEST_F(TerrainLeafHeapIndexTest, EqualCpuDecodeOfTheDrawnTreeAfterSplitsAndMerges)
{
    SceneRenderHarness& harness = makeHarness();
    const Terrain& renderer = harness.scene().terrain();
    EXPECT_EQ(expectLeafHeapIndicesMatchCpuDecode(renderer, "before any frame"), 2u);

    std::uint32_t previous = 2;
    std::uint32_t grownFrames = 0;
    for (int frame = 0; frame < 12; ++frame) {
        harness.renderFrame(overheadCamera());
        const std::uint32_t leaves =
            expectLeafHeapIndicesMatchCpuDecode(renderer, "overhead, frame " + std::to_string(frame));
        grownFrames += leaves > previous ? 1u : 0u;
        previous = leaves;
    }
    EXPECT_GE(grownFrames, 5u) << "the overhead camera splits every other frame";
    harness.converge(overheadCamera());
    previous = expectLeafHeapIndicesMatchCpuDecode(renderer, "overhead, converged");
    EXPECT_GT(previous, 1000u);

    // Turned away, the tree merges: fewer leaves than the buffer holds from
    // the frames before, so indices left from those would show.
    std::uint32_t shrunkFrames = 0;
    for (int frame = 0; frame < 6; ++frame) {
        harness.renderFrame(awayCamera());
        const std::uint32_t leaves =
            expectLeafHeapIndicesMatchCpuDecode(renderer, "turned away, frame " + std::to_string(frame));
        shrunkFrames += leaves < previous ? 1u : 0u;
        previous = leaves;
    }
    EXPECT_GE(shrunkFrames, 3u) << "turned away, the tree merges every other frame";
}

TEST_F(TerrainLeafHeapIndexTest, FlatSquareIsCoveredWithoutHolesAsTheTreeSplitsAndMerges)
{
    TerrainSettings settings = testSettings();
    settings.heightScaleMetres = 0.0f;
    SceneRenderHarness& harness = makeHarness(settings);
    const camera::FrameView overhead = overheadCamera();
    std::size_t pixelsInside = 0;
    for (int frame = 0; frame < 16; ++frame) {  // splits from the square's two triangles, a level per two frames
        harness.renderFrame(overhead);
        const RenderedImage image = harness.readBack();
        EXPECT_EQ(wronglyCoveredPixels(image, overhead, settings.extentMetres), 0u) << "splitting, frame " << frame;
        pixelsInside = static_cast<std::size_t>(
            std::count_if(image.depth.begin(), image.depth.end(), [](float depth) { return depth < 1.0f; }));
    }
    EXPECT_GT(pixelsInside, std::size_t{kRgba8Target.size.width} * kRgba8Target.size.height / 4)
        << "the square fills much of the image";
    EXPECT_GT(harness.leafCount(), 200u);

    harness.converge(closeCamera());
    const std::uint32_t fine = harness.leafCount();
    for (int frame = 0; frame < 6; ++frame) {  // merges most of what the close camera split
        harness.renderFrame(overhead);
        const RenderedImage image = harness.readBack();
        saveForInspection(image, "leaf-heap-indices-flat-" + std::to_string(frame));
        EXPECT_EQ(wronglyCoveredPixels(image, overhead, settings.extentMetres), 0u) << "merging, frame " << frame;
    }
    EXPECT_LT(harness.leafCount(), fine) << "the overhead camera merges the close camera's leaves";
}

TEST_F(TerrainLeafHeapIndexTest, FrozenSubdivisionDrawsTheTreeOfTheLastUpdate)
{
    TerrainSettings settings = testSettings();
    SceneRenderHarness& harness = makeHarness(settings);
    harness.converge(closeCamera());
    harness.renderFrame(overheadCamera());  // changes the tree: merges
    const RenderedImage updated = harness.readBack();
    const TerrainTreeReadback before = harness.scene().terrain().readBackTree();

    settings.freezeSubdivision = true;
    harness.applyTerrainSettings(settings);
    harness.renderFrame(overheadCamera());
    harness.renderFrame(overheadCamera());  // both frame slots
    const RenderedImage frozen = harness.readBack();
    saveForInspection(frozen, "leaf-heap-indices-frozen");

    const TerrainTreeReadback after = harness.scene().terrain().readBackTree();
    EXPECT_EQ(after.heapBytes, before.heapBytes) << "a frozen update leaves the tree";
    EXPECT_EQ(after.leafHeapIndices, before.leafHeapIndices);
    expectLeafHeapIndicesMatchCpuDecode(harness.scene().terrain(), "frozen");
    EXPECT_TRUE(middleIsTerrain(frozen));
    EXPECT_EQ(frozen.colour, updated.colour) << "the same tree from the same view: the same image";
    EXPECT_EQ(frozen.depth, updated.depth);
}

TEST_F(TerrainLeafHeapIndexTest, RebuiltTreeIsDrawnWithoutAnyUpdate)
{
    TerrainSettings settings = testSettings();
    SceneRenderHarness& harness = makeHarness(settings);
    harness.converge(closeCamera());
    settings.maxDepth = 14;
    settings.freezeSubdivision = true;  // the new tree's leaves are only decoded when it is built
    harness.applyTerrainSettings(settings);
    harness.renderFrame(overheadCamera());

    const TerrainTreeReadback readback = harness.scene().terrain().readBackTree();
    EXPECT_EQ(readback.drawLeafCount, 2u);
    EXPECT_EQ(readback.leafHeapIndices, (std::vector<std::uint32_t>{2u, 3u})) << "the square's two triangles";
    const RenderedImage image = harness.readBack();
    saveForInspection(image, "leaf-heap-indices-rebuilt");
    EXPECT_TRUE(middleIsTerrain(image)) << "the two triangles cover the square";
}

TEST_F(TerrainLeafHeapIndexTest, LeavesBeyondTheBufferAreDecodedByTheVertexShader)
{
    // The same frames drawn with the buffer holding every leaf and holding
    // only the first 16: the vertex shader decodes the rest from the heap, so
    // the images must be identical.
    constexpr std::uint32_t kSmallCapacity = 16;
    SceneRenderHarness& whole = makeHarness();
    TerrainSettings capped = testSettings();
    capped.drawLeafCapacity = kSmallCapacity;
    SceneRenderHarness partial(device(), shaders_, makeHillsHeightmap(128), capped);
    for (int frame = 0; frame < 12; ++frame) {  // the tree grows a level per two frames
        whole.renderFrame(overheadCamera());
        partial.renderFrame(overheadCamera());
    }
    whole.converge(overheadCamera());
    partial.converge(overheadCamera());
    ASSERT_GT(partial.leafCount(), 4 * kSmallCapacity) << "most leaves are beyond the small buffer";
    EXPECT_EQ(partial.leafCount(), whole.leafCount());

    const TerrainTreeReadback readback = partial.scene().terrain().readBackTree();
    const cbt::ConcurrentBinaryTree tree = cbt::ConcurrentBinaryTree::fromBytes(readback.heapBytes);
    ASSERT_EQ(readback.leafHeapIndices.size(), kSmallCapacity) << "the buffer holds the first 16 leaves";
    for (std::uint32_t leaf = 0; leaf < kSmallCapacity; ++leaf) {
        EXPECT_EQ(readback.leafHeapIndices[leaf], tree.decodeNode(leaf)) << "leaf " << leaf;
    }

    const RenderedImage wholeImage = whole.readBack();
    const RenderedImage partialImage = partial.readBack();
    saveForInspection(partialImage, "leaf-heap-indices-small-buffer");
    EXPECT_TRUE(middleIsTerrain(partialImage));
    EXPECT_EQ(partialImage.colour, wholeImage.colour);
    EXPECT_EQ(partialImage.depth, wholeImage.depth);

    // Growing the buffer at run time keeps the same tree and the same image.
    capped.drawLeafCapacity = testSettings().drawLeafCapacity;
    partial.applyTerrainSettings(capped);
    EXPECT_EQ(partial.scene().terrain().readBackTree().leafHeapIndices.size(), partial.leafCount());
    partial.renderFrame(overheadCamera());
    whole.renderFrame(overheadCamera());
    EXPECT_EQ(partial.readBack().colour, whole.readBack().colour);
}

TEST_F(TerrainLeafHeapIndexTest, ZeroDrawLeafCapacityIsRefused)
{
    SceneRenderHarness& harness = makeHarness();
    TerrainSettings settings = testSettings();
    settings.drawLeafCapacity = 0;
    EXPECT_THROW(harness.applyTerrainSettings(settings), std::invalid_argument);
    EXPECT_EQ(harness.terrainSettings().drawLeafCapacity, testSettings().drawLeafCapacity);
}

}  // namespace
}  // namespace terrain::test
