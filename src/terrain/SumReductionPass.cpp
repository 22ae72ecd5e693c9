#include "terrain/SumReductionPass.h"

#include "terrain/GpuConcurrentBinaryTree.h"
#include "vk/Device.h"
#include "vk/ShaderCompiler.h"

#include <algorithm>
#include <array>
#include <span>

namespace terrain {

namespace {

// Levels folded by one workgroup (see the shaders): 256 threads read 8192
// bitfield bits (2^13) in the bitfield dispatch and 512 fields (2^9) in an
// upper dispatch.
constexpr int kBitfieldBlockBitsLog2 = 13;
constexpr int kUpperBlockFieldsLog2 = 9;

constexpr std::array<gpu::DescriptorBinding, 1> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

struct UpperConstants {
    std::uint32_t inputDepth;
};

constexpr VkAccessFlags2 kStorageReadWrite = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;

}  // namespace

std::vector<SumReductionDispatch> sumReductionSchedule(int maxDepth)
{
    std::vector<SumReductionDispatch> dispatches;
    const int bitfieldLevels = std::min(maxDepth, kBitfieldBlockBitsLog2);
    int depth = maxDepth - bitfieldLevels;
    dispatches.push_back(SumReductionDispatch{true, static_cast<std::uint32_t>(maxDepth),
                                              static_cast<std::uint32_t>(depth), 1u << depth});
    while (depth > 0) {
        const int levels = std::min(depth, kUpperBlockFieldsLog2);
        const int outputDepth = depth - levels;
        dispatches.push_back(SumReductionDispatch{false, static_cast<std::uint32_t>(depth),
                                                  static_cast<std::uint32_t>(outputDepth), 1u << outputDepth});
        depth = outputDepth;
    }
    return dispatches;
}

SumReductionPass::SumReductionPass(const gpu::Device& device, const gpu::ShaderCompiler& compiler,
                                   const GpuConcurrentBinaryTree& tree)
    : tree_(&tree),
      maxWorkgroupCountX_(device.limits().maxComputeWorkGroupCount[0]),
      schedule_(sumReductionSchedule(tree.maxDepth())),
      bitfieldKernel_(device, compiler.compileFile("cbt/SumReductionBitfield.comp", gpu::ShaderStage::Compute),
                      kBindings, 0),
      upperKernel_(device, compiler.compileFile("cbt/SumReductionUpper.comp", gpu::ShaderStage::Compute), kBindings,
                   sizeof(UpperConstants))
{
    for (const ComputeKernel* kernel : {&bitfieldKernel_, &upperKernel_}) {
        gpu::DescriptorWriter()
            .storageBuffer(0, tree.buffer(), tree.heapOffset(), tree.heapRange())
            .update(device, kernel->descriptorSet());
    }
}

void SumReductionPass::record(VkCommandBuffer commands) const
{
    bool first = true;
    for (const SumReductionDispatch& dispatch : schedule_) {
        if (!first) {
            tree_->barrier(commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageReadWrite,
                           VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageReadWrite);
        }
        first = false;
        const ComputeKernel& kernel = dispatch.fromBitfield ? bitfieldKernel_ : upperKernel_;
        kernel.bind(commands);
        if (!dispatch.fromBitfield) {
            const UpperConstants constants{dispatch.inputDepth};
            kernel.pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
        }
        const std::uint32_t groupsX = std::min(dispatch.workgroupCount, maxWorkgroupCountX_);
        const std::uint32_t groupsY = (dispatch.workgroupCount + groupsX - 1) / groupsX;
        vkCmdDispatch(commands, groupsX, groupsY, 1);
    }
}

}  // namespace terrain
