#include "terrain/TerrainTree.h"

#include "cbt/ConcurrentBinaryTree.h"
#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <algorithm>
#include <map>
#include <span>
#include <string>

namespace terrain {

namespace {

VkDeviceSize largestDeviceLocalHeap(const vk::Device& device)
{
    const VkPhysicalDeviceMemoryProperties& memory = device.memoryProperties();
    VkDeviceSize largest = 0;
    for (std::uint32_t i = 0; i < memory.memoryHeapCount; ++i) {
        if ((memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) != 0) {
            largest = std::max(largest, memory.memoryHeaps[i].size);
        }
    }
    return largest;
}

bool maxDepthFits(const vk::Device& device, int maxDepth)
{
    const VkDeviceSize bytes = cbt::heapByteSize(maxDepth);
    return bytes <= device.maxStorageBufferRange() && bytes <= largestDeviceLocalHeap(device) / 4;
}

// Writes the header (1 << D) and the bitfield bits of heaps 2 and 3 (the
// square's two triangles) into the zeroed heap; the reduction does the rest.
void uploadSquareAtDepthOne(vk::Device& device, const cbt::gpu::ConcurrentBinaryTree& heap)
{
    const auto maxDepth = static_cast<std::uint32_t>(heap.maxDepth());
    std::map<std::uint64_t, std::uint32_t> words;
    words[0] = 1u << maxDepth;
    for (const std::uint64_t heapIndex : {2u, 3u}) {
        // Bitfield bit of heap index k at depth 1: 2^(D+1) + k * 2^(D-1).
        const std::uint64_t bit = (std::uint64_t{2} << maxDepth) + (heapIndex << (maxDepth - 1));
        words[bit / 32] |= 1u << (bit % 32);
    }
    for (const auto& [wordIndex, value] : words) {
        const std::uint32_t word = value;
        vk::uploadToBuffer(device, heap.buffer(), std::as_bytes(std::span(&word, 1)),
                           heap.heapOffset() + wordIndex * sizeof(std::uint32_t));
    }
}

}  // namespace

int largestFittingMaxDepth(const vk::Device& device)
{
    int depth = cbt::kMinMaxDepth;
    while (depth < cbt::kMaxMaxDepth && maxDepthFits(device, depth + 1)) {
        ++depth;
    }
    return depth;
}

void requireMaxDepthFits(const vk::Device& device, int maxDepth)
{
    if (maxDepth >= cbt::kMinMaxDepth && maxDepth <= cbt::kMaxMaxDepth && maxDepthFits(device, maxDepth)) {
        return;
    }
    throw vk::Error("CBT max depth " + std::to_string(maxDepth) + " does not fit this device (1.." +
                    std::to_string(cbt::kMaxMaxDepth) +
                    ", heap within maxStorageBufferRange and device memory); "
                    "the largest depth that fits is " +
                    std::to_string(largestFittingMaxDepth(device)));
}

TerrainTree::TerrainTree(vk::Device& device, const vk::ShaderLibrary& shaders, int maxDepth,
                         const leb::gpu::SubdivisionCriterion& criterion)
    : device_(&device)
{
    requireMaxDepthFits(device, maxDepth);
    heap_ = std::make_unique<cbt::gpu::ConcurrentBinaryTree>(device, maxDepth);
    update_ = std::make_unique<leb::gpu::UpdatePipeline>(device, shaders, *heap_, criterion, leb::Domain::Square);
    uploadSquareAtDepthOne(device, *heap_);
    device.submitAndWait([&](VkCommandBuffer commands) {
        heap_->barrier(commands, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                       VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                       VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
        update_->sumReduction().record(commands);
        update_->recordDispatcherOnly(commands);
    });
}

std::unique_ptr<leb::gpu::UpdatePipeline> TerrainTree::compileUpdatePipeline(
    const vk::ShaderLibrary& shaders, const leb::gpu::SubdivisionCriterion& criterion) const
{
    return std::make_unique<leb::gpu::UpdatePipeline>(*device_, shaders, *heap_, criterion, leb::Domain::Square);
}

void TerrainTree::replaceUpdatePipeline(std::unique_ptr<leb::gpu::UpdatePipeline> update)
{
    update_ = std::move(update);
}

}  // namespace terrain
