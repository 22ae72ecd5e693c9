// The GLSL mirror of the heap's field writes (shaders/cbt/ConcurrentBinaryTree.glsl):
// plain and atomic writes of every field rebuild the CPU heap. The probe
// shader is in tests/cbt/gpu/shaders.
#include "PipelineTestSupport.h"

#include "GpuTestEnvironment.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "vk/BufferTransfer.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <span>
#include <vector>

namespace cbt::gpu::test {
namespace {

// The probe shader, compiled at build time (tests/cbt/gpu/CMakeLists.txt).
const vk::ShaderLibrary kProbes(CBT_GPU_TEST_SPIRV_DIR);

constexpr std::array<vk::DescriptorBinding, 2> kProbeBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

class GlslHeapWriteTest : public vk::test::GpuTest {};

// Every field of levels 0 .. D-1 written from a table of the CPU values over
// a garbage reduction, by one thread (plain writes) or by one thread per
// field at once (atomic writes), gives the CPU heap back, straddling fields
// and shared words included.
TEST_F(GlslHeapWriteTest, PlainAndAtomicFieldWritesRebuildTheHeap)
{
    const vk::ComputeKernel program(device(), kProbes.load("HeapWriteProbe.comp"), kProbeBindings,
                                    sizeof(std::uint32_t));
    for (const int maxDepth : {1, 3, 6, 11}) {
        const cbt::ConcurrentBinaryTree reference = randomBitfieldTree(maxDepth, 5u);
        const std::uint32_t fieldCount = 1u << maxDepth;
        std::vector<std::uint32_t> expected(fieldCount, 0u);
        for (std::uint32_t heapIndex = 1; heapIndex < fieldCount; ++heapIndex) {
            expected[heapIndex] = reference.heapRead(heapIndex);
        }
        const vk::Buffer expectedBuffer(device(), VkDeviceSize{fieldCount} * sizeof(std::uint32_t),
                                        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        vk::uploadToBuffer(device(), expectedBuffer, std::span<const std::uint32_t>(expected));
        for (const std::uint32_t mode : {0u, 1u}) {
            ConcurrentBinaryTree tree(device(), maxDepth, kTestGuards);
            tree.fillGuards(kGuardAllOnes);
            tree.uploadBytes(withGarbageReduction(reference, 9u + mode));
            vk::DescriptorWriter()
                .storageBuffer(0, tree.buffer(), tree.heapOffset(), tree.heapRange())
                .storageBuffer(1, expectedBuffer)
                .update(device(), program.descriptorSet());
            device().submitAndWait([&](VkCommandBuffer commands) {
                program.bind(commands);
                vkCmdPushConstants(commands, program.pipelineLayout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(mode),
                                   &mode);
                vkCmdDispatch(commands, (fieldCount + 63) / 64, 1, 1);
            });
            EXPECT_TRUE(sameBytes(tree.downloadBytes(), reference.bytes())) << "D = " << maxDepth << " mode " << mode;
            EXPECT_TRUE(guardsHold(tree, kGuardAllOnes));
        }
    }
}

}  // namespace
}  // namespace cbt::gpu::test
