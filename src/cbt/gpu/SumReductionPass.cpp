#include "cbt/gpu/SumReductionPass.h"

#include "cbt/HeapLayout.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"
#include "vk/Device.h"
#include "vk/ShaderLibrary.h"

#include <algorithm>
#include <array>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>

namespace cbt::gpu {

namespace {

// Levels folded by the bitfield dispatch (a block of 2^13 bitfield bits per
// workgroup of 256 threads, or per invocation of the serial kernel) and by
// an upper dispatch (512 = 2^9 fields per workgroup); see the shaders.
constexpr int kBitfieldBlockBitsLog2 = 13;
constexpr int kUpperBlockFieldsLog2 = 9;
// Invocations per workgroup of cbt/SumReductionBitfieldSerial.comp: one
// SIMD group of lavapipe (on 2 cores, 8 .. 32 measured alike, 64 slower).
// The SerialBlocks variant runs the upper dispatches with it too.
constexpr std::uint32_t kSerialLocalSize = 8;
// The serial kernel needs D >= 14 (its segments are then word-aligned). Below
// that the bitfield is one block of at most 8192 bits and both variants run
// the shared-memory kernel's single workgroup (on lavapipe it took 0.15 ms at
// D = 13, one invocation doing the block serially 0.38 ms).
constexpr int kSerialMinDepth = 14;

bool usesSerialBitfieldKernel(int maxDepth, SumReductionVariant variant)
{
    return variant == SumReductionVariant::SerialBlocks && maxDepth >= kSerialMinDepth;
}

// Levels D-13 .. D-10, which the serial kernel ORs its blocks' segments into
// (shaders/cbt/SumReductionBitfieldSerial.comp) and the pass clears first:
// from the start of level D-13 to the start of level D-9, bits
// [2^(D-9), 12 * 2^(D-9)), whole 32-bit words for D >= 14.
struct ByteRange {
    VkDeviceSize offset;
    VkDeviceSize size;
};

ByteRange serialClearedLevels(int maxDepth)
{
    const std::uint64_t firstBit = cbt::layout::levelStartBit(maxDepth, maxDepth - 13);
    const std::uint64_t endBit = cbt::layout::levelStartBit(maxDepth, maxDepth - 9);
    return ByteRange{firstBit / 8, (endBit - firstBit) / 8};
}

constexpr std::array<vk::DescriptorBinding, 1> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

struct UpperConstants {
    std::uint32_t inputDepth;
};

constexpr VkAccessFlags2 kStorageReadWrite = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;

struct ReferenceConstants {
    std::uint32_t depth;
};

constexpr std::uint32_t kReferenceLocalSize = 256;

std::unique_ptr<vk::ComputeKernel> makeReferenceKernel(const vk::Device& device, const vk::ShaderLibrary& shaders)
{
    return std::make_unique<vk::ComputeKernel>(device, shaders.load("cbt/SumReductionReference.comp"), kBindings,
                                               sizeof(ReferenceConstants));
}

std::unique_ptr<vk::ComputeKernel> makeBitfieldKernel(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                                      int maxDepth, SumReductionVariant variant)
{
    if (usesSerialBitfieldKernel(maxDepth, variant)) {
        const std::array<vk::ShaderMacro, 1> macros{
            {{"SUM_REDUCTION_SERIAL_LOCAL_SIZE", std::to_string(kSerialLocalSize)}}};
        return std::make_unique<vk::ComputeKernel>(device, shaders.load("cbt/SumReductionBitfieldSerial.comp", macros),
                                                   kBindings, 0);
    }
    return std::make_unique<vk::ComputeKernel>(device, shaders.load("cbt/SumReductionBitfield.comp"), kBindings, 0);
}

// The upper dispatches, in workgroups of 256 threads, or of one lavapipe SIMD
// group for SerialBlocks (see shaders/cbt/SumReductionUpper.comp).
std::unique_ptr<vk::ComputeKernel> makeUpperKernel(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                                   SumReductionVariant variant)
{
    std::vector<vk::ShaderMacro> macros;
    if (variant == SumReductionVariant::SerialBlocks) {
        macros.push_back({"SUM_REDUCTION_UPPER_LOCAL_SIZE", std::to_string(kSerialLocalSize)});
    }
    return std::make_unique<vk::ComputeKernel>(device, shaders.load("cbt/SumReductionUpper.comp", macros), kBindings,
                                               sizeof(UpperConstants));
}

}  // namespace

std::string_view sumReductionVariantName(SumReductionVariant variant)
{
    switch (variant) {
        case SumReductionVariant::Reference: return "reference";
        case SumReductionVariant::SharedMemoryTree: return "shared";
        case SumReductionVariant::SerialBlocks: return "serial";
    }
    return "unknown";
}

SumReductionVariant sumReductionVariantFor(vk::DriverPath path)
{
    return path == vk::DriverPath::CpuDriver ? SumReductionVariant::SerialBlocks
                                             : SumReductionVariant::SharedMemoryTree;
}

std::vector<SumReductionDispatch> sumReductionSchedule(int maxDepth)
{
    return sumReductionSchedule(maxDepth, SumReductionVariant::SharedMemoryTree);
}

std::vector<SumReductionDispatch> sumReductionSchedule(int maxDepth, SumReductionVariant variant)
{
    std::vector<SumReductionDispatch> dispatches;
    if (variant == SumReductionVariant::Reference) {
        for (int depth = maxDepth - 1; depth >= 0; --depth) {
            const std::uint32_t nodes = 1u << depth;
            dispatches.push_back(SumReductionDispatch{depth == maxDepth - 1, static_cast<std::uint32_t>(depth + 1),
                                                      static_cast<std::uint32_t>(depth),
                                                      (nodes + kReferenceLocalSize - 1) / kReferenceLocalSize});
        }
        return dispatches;
    }
    const int bitfieldLevels = std::min(maxDepth, kBitfieldBlockBitsLog2);
    int depth = maxDepth - bitfieldLevels;
    const std::uint32_t blockCount = 1u << depth;
    const std::uint32_t bitfieldWorkgroups = usesSerialBitfieldKernel(maxDepth, variant)
                                                 ? (blockCount + kSerialLocalSize - 1) / kSerialLocalSize
                                                 : blockCount;
    dispatches.push_back(SumReductionDispatch{true, static_cast<std::uint32_t>(maxDepth),
                                              static_cast<std::uint32_t>(depth), bitfieldWorkgroups});
    while (depth > 0) {
        const int levels = std::min(depth, kUpperBlockFieldsLog2);
        const int outputDepth = depth - levels;
        dispatches.push_back(SumReductionDispatch{false, static_cast<std::uint32_t>(depth),
                                                  static_cast<std::uint32_t>(outputDepth), 1u << outputDepth});
        depth = outputDepth;
    }
    return dispatches;
}

SumReductionPass::SumReductionPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                   const ConcurrentBinaryTree& tree)
    : SumReductionPass(device, shaders, tree, sumReductionVariantFor(device.driverPath()))
{
}

SumReductionPass::SumReductionPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                                   const ConcurrentBinaryTree& tree, SumReductionVariant variant)
    : tree_(&tree),
      variant_(variant),
      maxWorkgroupCountX_(device.limits().maxComputeWorkGroupCount[0]),
      schedule_(sumReductionSchedule(tree.maxDepth(), variant))
{
    if (variant == SumReductionVariant::Reference) {
        referenceKernel_ = makeReferenceKernel(device, shaders);
    } else {
        bitfieldKernel_ = makeBitfieldKernel(device, shaders, tree.maxDepth(), variant);
        upperKernel_ = makeUpperKernel(device, shaders, variant);
    }
    for (const vk::ComputeKernel* kernel : {referenceKernel_.get(), bitfieldKernel_.get(), upperKernel_.get()}) {
        if (kernel != nullptr) {
            vk::DescriptorWriter()
                .storageBuffer(0, tree.buffer(), tree.heapOffset(), tree.heapRange())
                .update(device, kernel->descriptorSet());
        }
    }
}

void SumReductionPass::record(VkCommandBuffer commands) const
{
    if (usesSerialBitfieldKernel(tree_->maxDepth(), variant_)) {
        tree_->barrier(commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageReadWrite,
                       VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
        const ByteRange cleared = serialClearedLevels(tree_->maxDepth());
        vkCmdFillBuffer(commands, tree_->buffer().handle(), tree_->heapOffset() + cleared.offset, cleared.size, 0);
        tree_->barrier(commands, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                       VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageReadWrite);
    }
    bool first = true;
    for (const SumReductionDispatch& dispatch : schedule_) {
        if (!first) {
            tree_->barrier(commands, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageReadWrite,
                           VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kStorageReadWrite);
        }
        first = false;
        if (variant_ == SumReductionVariant::Reference) {
            const ReferenceConstants constants{dispatch.outputDepth};
            referenceKernel_->bind(commands);
            referenceKernel_->pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
        } else if (dispatch.fromBitfield) {
            bitfieldKernel_->bind(commands);
        } else {
            const UpperConstants constants{dispatch.inputDepth};
            upperKernel_->bind(commands);
            upperKernel_->pushConstants(commands, std::as_bytes(std::span(&constants, 1)));
        }
        const std::uint32_t groupsX = std::min(dispatch.workgroupCount, maxWorkgroupCountX_);
        const std::uint32_t groupsY = (dispatch.workgroupCount + groupsX - 1) / groupsX;
        vkCmdDispatch(commands, groupsX, groupsY, 1);
    }
}

}  // namespace cbt::gpu
