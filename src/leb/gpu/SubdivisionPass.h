// The subdivision kernel (paper §4.2, shaders/leb/Subdivision.comp): one
// thread per leaf, launched indirectly, splits or merges leaves the
// criterion picks, with LEB's conforming split / merge.
#pragma once

#include "leb/LongestEdgeBisection.h"
#include "vk/ComputeKernel.h"
#include "vk/ShaderLibrary.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <string>
#include <vector>

namespace vk {
class Buffer;
class Device;
}  // namespace vk

namespace cbt::gpu {
class ConcurrentBinaryTree;
}  // namespace cbt::gpu

namespace leb::gpu {

// A pluggable split / merge criterion: the subdivision kernel compiled with
// it (a program that includes shaders/leb/Subdivision.glsl, then a GLSL file
// defining lebShouldSplit / lebShouldMerge; see the interface there), and
// the layout of its descriptor set 1 (VK_NULL_HANDLE when it has none).
struct SubdivisionCriterion {
    vk::ShaderProgram kernel;
    VkDescriptorSetLayout descriptorSetLayout = VK_NULL_HANDLE;
};

// shaders/leb/UniformSubdivision.comp: every leaf splits (split phase) or
// merges (merge phase); it has no descriptor set.
SubdivisionCriterion uniformSubdivisionCriterion();

// Split and merge passes alternate, frame by frame.
enum class SubdivisionPhase : std::uint32_t { Split = 0, Merge = 1 };

// The GLSL value of a domain (LEB_DOMAIN_* in shaders/leb/LongestEdgeBisection.glsl).
std::uint32_t glslDomain(leb::Domain domain);

class SubdivisionPass {
public:
    // The tree must outlive the pass.
    SubdivisionPass(const vk::Device& device, const vk::ShaderLibrary& shaders,
                    const cbt::gpu::ConcurrentBinaryTree& tree, const SubdivisionCriterion& criterion,
                    leb::Domain domain);

    [[nodiscard]] leb::Domain domain() const { return domain_; }
    [[nodiscard]] bool hasCriterionSet() const { return hasCriterionSet_; }

    // Records vkCmdDispatchIndirect on the dispatcher's arguments
    // (kDispatchArgumentsOffset of `indirectArguments`). `criterionSet` is
    // bound as set 1 when the criterion has a layout. Barriers are the
    // caller's: the kernel reads and atomically writes the heap.
    void record(VkCommandBuffer commands, const vk::Buffer& indirectArguments, SubdivisionPhase phase,
                VkDescriptorSet criterionSet = VK_NULL_HANDLE) const;

private:
    leb::Domain domain_;
    bool hasCriterionSet_;
    vk::ComputeKernel kernel_;
};

}  // namespace leb::gpu
