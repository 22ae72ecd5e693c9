// A concurrent binary tree on the GPU: the packed heap of a
// cbt::ConcurrentBinaryTree (same bytes, see shaders/cbt/ConcurrentBinaryTree.glsl)
// in a device-local storage buffer, optionally between two guard regions.
#pragma once

#include "cbt/ConcurrentBinaryTree.h"
#include "vk/Buffer.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace vk {
class Device;
}

namespace cbt::gpu {

// Bytes reserved before and after the heap in its buffer. The descriptor
// range covers the heap only, so a kernel that reads or writes past the heap
// shows up in the guards (tests fill them with a pattern and check it).
struct HeapGuardBytes {
    VkDeviceSize before = 0;
    VkDeviceSize after = 0;
};

class ConcurrentBinaryTree {
public:
    // An all-zero heap of max depth D (1..30); upload a tree before use.
    // `guard.before` is rounded up to minStorageBufferOffsetAlignment and
    // `guard.after` to 4 bytes. Throws std::invalid_argument for a depth out
    // of range, vk::Error when the heap exceeds maxStorageBufferRange.
    ConcurrentBinaryTree(vk::Device& device, int maxDepth, HeapGuardBytes guard = {});
    // The same, then upload(tree).
    ConcurrentBinaryTree(vk::Device& device, const cbt::ConcurrentBinaryTree& tree, HeapGuardBytes guard = {});

    [[nodiscard]] int maxDepth() const { return maxDepth_; }
    [[nodiscard]] const vk::Buffer& buffer() const { return buffer_; }
    // cbt::heapByteSize(D): the bytes of the tree.
    [[nodiscard]] VkDeviceSize heapByteSize() const { return heapByteSize_; }
    // Where the heap starts in buffer().
    [[nodiscard]] VkDeviceSize heapOffset() const { return heapOffset_; }
    // The descriptor range: the heap's bytes, rounded up to one 32-bit word
    // for D < 3 (whose heaps are 1 or 2 bytes; the padding stays zero).
    [[nodiscard]] VkDeviceSize heapRange() const { return heapRange_; }
    // The storage buffer descriptor of the heap: [heapOffset, +heapRange).
    [[nodiscard]] VkDescriptorBufferInfo descriptorInfo() const;

    // Copies the tree's bytes to the heap (its D must equal maxDepth()).
    void upload(const cbt::ConcurrentBinaryTree& tree);
    // Copies raw heap bytes (exactly heapByteSize() of them), e.g. a heap with
    // a stale or garbage reduction; nothing is validated.
    void uploadBytes(std::span<const std::byte> heapBytes);
    // The heap's heapByteSize() bytes.
    [[nodiscard]] std::vector<std::byte> downloadBytes() const;
    // The heap as a CPU tree (validated by cbt::ConcurrentBinaryTree::fromBytes).
    [[nodiscard]] cbt::ConcurrentBinaryTree download() const;

    // Sets every 32-bit word of both guard regions to `pattern`.
    void fillGuards(std::uint32_t pattern);
    // The guard regions' bytes, `before` then `after`.
    [[nodiscard]] std::vector<std::byte> downloadGuards() const;
    [[nodiscard]] VkDeviceSize guardBytesBefore() const { return heapOffset_; }
    [[nodiscard]] VkDeviceSize guardBytesAfter() const { return guardAfter_; }

    // A buffer memory barrier on the heap range.
    void barrier(VkCommandBuffer commands, VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                 VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess) const;

private:
    vk::Device* device_;
    int maxDepth_;
    VkDeviceSize heapByteSize_;
    VkDeviceSize heapOffset_;
    VkDeviceSize heapRange_;
    VkDeviceSize guardAfter_;
    vk::Buffer buffer_;
};

}  // namespace cbt::gpu
