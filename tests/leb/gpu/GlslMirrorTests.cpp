// The GLSL mirrors (shaders/cbt/ConcurrentBinaryTree.glsl,
// shaders/leb/LongestEdgeBisection.glsl) answer like the CPU for the queries
// the pipeline kernels do not exercise on their own; the probe shader is in
// tests/leb/gpu/shaders.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "leb/PointRefinement.h"
#include "leb/gpu/SubdivisionPass.h"
#include "vk/BufferTransfer.h"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <string>
#include <vector>

namespace leb::gpu::test {
namespace {

using namespace cbt::gpu::test;

// The probe shaders, compiled at build time (tests/leb/gpu/CMakeLists.txt).
const vk::ShaderLibrary kProbes(LEB_GPU_TEST_SPIRV_DIR);

// std430 layout of LeafProbe in GlslMirrorProbe.comp (96 bytes).
struct LeafProbe {
    std::uint32_t heapIndex;
    std::uint32_t leafIndex;
    std::uint32_t flags;
    std::uint32_t nodeCount;
    std::array<std::uint32_t, 4> sameDepth;
    std::array<std::uint32_t, 4> trueNeighbors;
    std::array<glm::dvec2, 3> vertices;
};
static_assert(sizeof(LeafProbe) == 96);

constexpr std::array<vk::DescriptorBinding, 2> kProbeBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

std::array<std::uint32_t, 4> asArray(const leb::Neighbors& n)
{
    return {n.left, n.right, n.edge, n.node};
}

class GlslMirrorTest : public vk::test::GpuTest, public ::testing::WithParamInterface<leb::Domain> {};

TEST_P(GlslMirrorTest, LeafQueriesMatchTheCpu)
{
    CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    const leb::Domain domain = GetParam();
    constexpr int kMaxDepth = 13;
    cbt::ConcurrentBinaryTree reference(kMaxDepth, domain == leb::Domain::Square ? 1 : 0);
    leb::refineAroundPoint(reference, leb::quantizePoint(glm::dvec2(0.37, 0.41)), domain, 1);
    const std::uint32_t leafCount = reference.nodeCount();

    const cbt::gpu::ConcurrentBinaryTree tree(device(), reference);
    const vk::Buffer probes(device(), VkDeviceSize{leafCount} * sizeof(LeafProbe), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const vk::ComputeKernel program(device(), kProbes.load("GlslMirrorProbe.comp"), kProbeBindings,
                                    sizeof(std::uint32_t));
    vk::DescriptorWriter()
        .storageBuffer(0, tree.buffer(), tree.heapOffset(), tree.heapRange())
        .storageBuffer(1, probes)
        .update(device(), program.descriptorSet());
    const std::uint32_t domainValue = glslDomain(domain);
    device().submitAndWait([&](VkCommandBuffer commands) {
        program.bind(commands);
        vkCmdPushConstants(commands, program.pipelineLayout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(domainValue),
                           &domainValue);
        vkCmdDispatch(commands, (leafCount + 63) / 64, 1, 1);
    });
    const std::vector<LeafProbe> results = vk::downloadFromBufferAs<LeafProbe>(device(), probes, 0, leafCount);

    for (std::uint32_t leaf = 0; leaf < leafCount; ++leaf) {
        const LeafProbe& probe = results[leaf];
        const leb::HeapIndex heapIndex = reference.decodeNode(leaf);
        ASSERT_EQ(probe.heapIndex, heapIndex) << "leaf " << leaf;
        EXPECT_EQ(probe.leafIndex, reference.encodeNode(heapIndex)) << "leaf " << leaf;
        EXPECT_EQ(probe.leafIndex, leaf);
        const std::uint32_t flags = (reference.isLeaf(heapIndex) ? 1u : 0u) | (reference.isCeil(heapIndex) ? 2u : 0u);
        EXPECT_EQ(probe.flags, flags) << "leaf " << leaf;
        EXPECT_EQ(probe.nodeCount, leafCount);
        EXPECT_EQ(probe.sameDepth, asArray(leb::sameDepthNeighbors(heapIndex, domain))) << "leaf " << leaf;
        EXPECT_EQ(probe.trueNeighbors, asArray(leb::trueNeighbors(reference, heapIndex, domain))) << "leaf " << leaf;
        const leb::Triangle triangle = leb::decodeTriangle(heapIndex, domain);
        for (std::size_t vertex = 0; vertex < 3; ++vertex) {
            EXPECT_EQ(probe.vertices[vertex], triangle.v[vertex]) << "leaf " << leaf << " vertex " << vertex;
        }
    }
    EXPECT_GT(leafCount, 40u);
}

INSTANTIATE_TEST_SUITE_P(Domains, GlslMirrorTest, ::testing::Values(leb::Domain::Square, leb::Domain::Triangle),
                         [](const ::testing::TestParamInfo<leb::Domain>& paramInfo) {
                             return std::string(paramInfo.param == leb::Domain::Square ? "Square" : "Triangle");
                         });

}  // namespace
}  // namespace leb::gpu::test
