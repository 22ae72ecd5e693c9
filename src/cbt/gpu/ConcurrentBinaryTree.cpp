#include "cbt/gpu/ConcurrentBinaryTree.h"

#include "vk/Barriers.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <stdexcept>
#include <string>

namespace cbt::gpu {

namespace {

VkDeviceSize roundUp(VkDeviceSize value, VkDeviceSize multiple)
{
    return (value + multiple - 1) / multiple * multiple;
}

int checkedMaxDepth(int maxDepth)
{
    if (maxDepth < cbt::kMinMaxDepth || maxDepth > cbt::kMaxMaxDepth) {
        throw std::invalid_argument("cbt::gpu::ConcurrentBinaryTree: max depth " + std::to_string(maxDepth) +
                                    " is outside [" + std::to_string(cbt::kMinMaxDepth) + ", " +
                                    std::to_string(cbt::kMaxMaxDepth) + "]");
    }
    return maxDepth;
}

}  // namespace

ConcurrentBinaryTree::ConcurrentBinaryTree(vk::Device& device, int maxDepth, HeapGuardBytes guard)
    : device_(&device),
      maxDepth_(checkedMaxDepth(maxDepth)),
      heapByteSize_(cbt::heapByteSize(maxDepth)),
      heapOffset_(roundUp(guard.before, device.limits().minStorageBufferOffsetAlignment)),
      heapRange_(roundUp(heapByteSize_, 4)),
      guardAfter_(roundUp(guard.after, 4))
{
    if (heapRange_ > device.maxStorageBufferRange()) {
        throw vk::Error("cbt::gpu::ConcurrentBinaryTree: a heap of max depth " + std::to_string(maxDepth) + " (" +
                        std::to_string(heapRange_) + " bytes) exceeds the device's maxStorageBufferRange (" +
                        std::to_string(device.maxStorageBufferRange()) + " bytes)");
    }
    buffer_ = vk::Buffer(device, heapOffset_ + heapRange_ + guardAfter_, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    vk::fillBuffer(device, buffer_, 0u);
}

ConcurrentBinaryTree::ConcurrentBinaryTree(vk::Device& device, const cbt::ConcurrentBinaryTree& tree,
                                           HeapGuardBytes guard)
    : ConcurrentBinaryTree(device, tree.maxDepth(), guard)
{
    upload(tree);
}

VkDescriptorBufferInfo ConcurrentBinaryTree::descriptorInfo() const
{
    return buffer_.descriptorInfo(heapOffset_, heapRange_);
}

void ConcurrentBinaryTree::upload(const cbt::ConcurrentBinaryTree& tree)
{
    if (tree.maxDepth() != maxDepth_) {
        throw std::invalid_argument("cbt::gpu::ConcurrentBinaryTree::upload: the tree's max depth " +
                                    std::to_string(tree.maxDepth()) + " differs from the GPU heap's " +
                                    std::to_string(maxDepth_));
    }
    uploadBytes(tree.bytes());
}

void ConcurrentBinaryTree::uploadBytes(std::span<const std::byte> heapBytes)
{
    if (heapBytes.size() != heapByteSize_) {
        throw std::invalid_argument("cbt::gpu::ConcurrentBinaryTree::uploadBytes: got " +
                                    std::to_string(heapBytes.size()) + " bytes for a heap of " +
                                    std::to_string(heapByteSize_));
    }
    // Heaps of D < 3 are padded to one word; the padding is zero.
    std::vector<std::byte> padded(static_cast<std::size_t>(heapRange_), std::byte{0});
    std::copy(heapBytes.begin(), heapBytes.end(), padded.begin());
    vk::uploadToBuffer(*device_, buffer_, std::span<const std::byte>(padded), heapOffset_);
}

std::vector<std::byte> ConcurrentBinaryTree::downloadBytes() const
{
    return vk::downloadFromBuffer(*device_, buffer_, heapOffset_, heapByteSize_);
}

cbt::ConcurrentBinaryTree ConcurrentBinaryTree::download() const
{
    const std::vector<std::byte> bytes = downloadBytes();
    return cbt::ConcurrentBinaryTree::fromBytes(bytes);
}

void ConcurrentBinaryTree::fillGuards(std::uint32_t pattern)
{
    if (heapOffset_ > 0) {
        vk::fillBuffer(*device_, buffer_, pattern, 0, heapOffset_);
    }
    if (guardAfter_ > 0) {
        vk::fillBuffer(*device_, buffer_, pattern, heapOffset_ + heapRange_, guardAfter_);
    }
}

std::vector<std::byte> ConcurrentBinaryTree::downloadGuards() const
{
    std::vector<std::byte> guards = vk::downloadFromBuffer(*device_, buffer_, 0, heapOffset_);
    const std::vector<std::byte> after =
        vk::downloadFromBuffer(*device_, buffer_, heapOffset_ + heapRange_, guardAfter_);
    guards.insert(guards.end(), after.begin(), after.end());
    return guards;
}

void ConcurrentBinaryTree::barrier(VkCommandBuffer commands, VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                                   VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess) const
{
    vk::bufferBarrier(*device_, commands, buffer_, srcStage, srcAccess, dstStage, dstAccess, heapOffset_, heapRange_);
}

}  // namespace cbt::gpu
