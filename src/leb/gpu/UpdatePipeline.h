// The CBT update pipeline of paper §4.2 (Fig. 5), recorded without any
// read-back: dispatcher -> subdivision (indirect) -> sum reduction ->
// dispatcher again, so the indirect draw arguments describe the new tree.
#pragma once

#include "cbt/gpu/DispatcherPass.h"
#include "cbt/gpu/SumReductionPass.h"
#include "leb/LongestEdgeBisection.h"
#include "leb/gpu/SubdivisionPass.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <string>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
class TimestampQueries;
}  // namespace vk

namespace cbt::gpu {
class ConcurrentBinaryTree;
}  // namespace cbt::gpu

namespace leb::gpu {

class UpdatePipeline {
public:
    // The tree (and the criterion's set layout) must outlive the pipeline.
    UpdatePipeline(vk::Device& device, const vk::ShaderLibrary& shaders, const cbt::gpu::ConcurrentBinaryTree& tree,
                   const SubdivisionCriterion& criterion, leb::Domain domain);

    // Timestamp pass names record() writes when given a timer; create the
    // vk::TimestampQueries with (at least) these names.
    static const std::vector<std::string>& timestampPassNames();

    // Records one update: dispatcher, subdivision, sum reduction, and the
    // dispatcher again, so that the arguments describe the new tree. A
    // leading barrier orders it after earlier compute uses of the heap and
    // earlier indirect or compute uses of the arguments; a trailing one makes
    // the heap visible to compute reads and the arguments to indirect
    // commands and compute reads. Users of the tree in other stages (a
    // vertex shader) need barriers of their own, recorded by the caller. With
    // `timer` (whose slot the caller has begun) each pass is bracketed with
    // timestamps named as in timestampPassNames().
    void record(VkCommandBuffer commands, SubdivisionPhase phase, VkDescriptorSet criterionSet = VK_NULL_HANDLE,
                vk::TimestampQueries* timer = nullptr) const;

    // Only the dispatcher, with the same leading and trailing barriers: fills
    // the indirect arguments for a freshly uploaded tree.
    void recordDispatcherOnly(VkCommandBuffer commands) const;

    [[nodiscard]] const cbt::gpu::DispatcherPass& dispatcher() const { return dispatcher_; }
    [[nodiscard]] cbt::gpu::DispatcherPass& dispatcher() { return dispatcher_; }
    [[nodiscard]] const SubdivisionPass& subdivision() const { return subdivision_; }
    [[nodiscard]] const cbt::gpu::SumReductionPass& sumReduction() const { return sumReduction_; }
    // The dispatcher's arguments: cbt::gpu::IndirectArguments.
    [[nodiscard]] const vk::Buffer& indirectArguments() const { return dispatcher_.argumentsBuffer(); }

private:
    void recordLeadingBarriers(VkCommandBuffer commands) const;
    void recordTrailingBarriers(VkCommandBuffer commands) const;

    vk::Device* device_;
    const cbt::gpu::ConcurrentBinaryTree* tree_;
    cbt::gpu::DispatcherPass dispatcher_;
    SubdivisionPass subdivision_;
    cbt::gpu::SumReductionPass sumReduction_;
};

}  // namespace leb::gpu
