// GPU leaf decoding (heap indices and double-precision triangles) against
// the CPU, also through a dispatch spread over two dimensions.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "leb/PointRefinement.h"
#include "leb/gpu/LeafDecodePass.h"
#include "leb/gpu/UpdatePipeline.h"
#include "vk/BufferTransfer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace leb::gpu::test {
namespace {

using namespace cbt::gpu::test;

class LeafDecodeTest : public vk::test::GpuTest, public ::testing::WithParamInterface<leb::Domain> {
protected:
    // Runs the dispatcher, then the decode pass on its arguments.
    void decode(const UpdatePipeline& pipeline, const LeafDecodePass& pass)
    {
        device().submitAndWait([&](VkCommandBuffer commands) {
            pipeline.recordDispatcherOnly(commands);
            pass.record(commands, pipeline.indirectArguments());
        });
    }
};

TEST_P(LeafDecodeTest, EveryLeafMatchesTheCpuDecode)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const leb::Domain domain = GetParam();
    constexpr int kMaxDepth = 17;
    cbt::ConcurrentBinaryTree reference(kMaxDepth, domain == leb::Domain::Square ? 1 : 0);
    leb::refineAroundPoint(reference, leb::quantizePoint(glm::dvec2(0.61, 0.27)), domain, 2);
    // Two uniform conforming refinements: still adaptive, four times the leaves.
    for (int round = 0; round < 2; ++round) {
        reference.update(
            [domain](cbt::ConcurrentBinaryTree& cpu, leb::HeapIndex leaf) { leb::conformingSplit(cpu, leaf, domain); });
    }
    const std::vector<leb::LeafTriangle> expected = leb::leafTriangles(reference, domain);
    const auto leafCount = static_cast<std::uint32_t>(expected.size());
    ASSERT_GT(leafCount, 2u * cbt::gpu::kLeafKernelWorkgroupSize) << "enough leaves for several workgroups";

    cbt::gpu::ConcurrentBinaryTree tree(device(), reference, kTestGuards);
    tree.fillGuards(kGuardPattern);
    const UpdatePipeline pipeline(device(), shaders(), tree, uniformSubdivisionCriterion(), domain);
    const LeafDecodePass pass(device(), shaders(), tree, domain, leafCount, true);
    decode(pipeline, pass);

    const std::vector<leb::HeapIndex> heapIndices = pass.downloadHeapIndices(leafCount);
    const std::vector<leb::Triangle> triangles = pass.downloadTriangles(leafCount);
    ASSERT_EQ(heapIndices.size(), expected.size());
    std::uint32_t mismatches = 0;
    for (std::size_t leaf = 0; leaf < expected.size(); ++leaf) {
        const bool same = heapIndices[leaf] == expected[leaf].heapIndex &&
                          triangles[leaf].v[0] == expected[leaf].triangle.v[0] &&
                          triangles[leaf].v[1] == expected[leaf].triangle.v[1] &&
                          triangles[leaf].v[2] == expected[leaf].triangle.v[2];
        if (!same && mismatches++ < 5) {
            ADD_FAILURE() << "leaf " << leaf << ": GPU heap index " << heapIndices[leaf] << ", CPU "
                          << expected[leaf].heapIndex;
        }
    }
    EXPECT_EQ(mismatches, 0u);
    EXPECT_TRUE(guardsHold(tree, kGuardPattern));
}

INSTANTIATE_TEST_SUITE_P(Domains, LeafDecodeTest, ::testing::Values(leb::Domain::Square, leb::Domain::Triangle),
                         [](const ::testing::TestParamInfo<leb::Domain>& paramInfo) {
                             return std::string(paramInfo.param == leb::Domain::Square ? "Square" : "Triangle");
                         });

class DispatcherTest : public vk::test::GpuTest {};

// A decode spread over a 2-D dispatch still covers every leaf exactly once.
TEST_F(DispatcherTest, TwoDimensionalDispatchCoversEveryLeaf)
{
    const cbt::ConcurrentBinaryTree reference(12, 12);
    const std::uint32_t leafCount = reference.nodeCount();
    cbt::gpu::ConcurrentBinaryTree tree(device(), reference);
    UpdatePipeline pipeline(device(), shaders(), tree, uniformSubdivisionCriterion(), leb::Domain::Triangle);
    pipeline.dispatcher().setMaxWorkgroupCountX(3);
    const LeafDecodePass pass(device(), shaders(), tree, leb::Domain::Triangle, leafCount, false);
    vk::fillBuffer(device(), pass.heapIndexBuffer(), 0u);
    device().submitAndWait([&](VkCommandBuffer commands) {
        pipeline.recordDispatcherOnly(commands);
        pass.record(commands, pipeline.indirectArguments());
    });
    const cbt::gpu::IndirectArguments arguments = pipeline.dispatcher().download();
    EXPECT_EQ(arguments.dispatch.x, 3u);
    EXPECT_EQ(arguments.dispatch.y, 6u);  // 16 workgroups
    const std::vector<leb::HeapIndex> heapIndices = pass.downloadHeapIndices(leafCount);
    for (std::uint32_t leaf = 0; leaf < leafCount; ++leaf) {
        ASSERT_EQ(heapIndices[leaf], (1u << 12) + leaf) << "leaf " << leaf;
    }
}

}  // namespace
}  // namespace leb::gpu::test
