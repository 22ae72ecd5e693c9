// One update of the bisector pool on the GPU, every pass a compute dispatch
// with indirect counts and no read-back (bisector::Pool::update is its CPU
// reference, pass for pass):
//   reset -> classify -> split -> allocate -> copy the links, bisect and relink -> merge
//   (decide, write) -> reduce the occupancy tree -> index (live list by the
//   occupancy words, link forwarding, and the visible list: from classify's
//   findings for the bisectors it ran over, from the criterion for those
//   split and merge created).
#pragma once

#include "bisector/gpu/PoolBuffers.h"
#include "cbt/gpu/SumReductionPass.h"
#include "vk/ComputeKernel.h"
#include "vk/ShaderLibrary.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace vk {
class Device;
class TimestampQueries;
}  // namespace vk

namespace bisector::gpu {

// What a use of the pool plugs in: the classify and index programs compiled
// with its criterion (they include shaders/bisector/PoolClassify.glsl and
// PoolIndex.glsl after a file defining bisector_Decide and
// bisector_IsVisible), the bisect and merge-write programs compiled with its
// geometry (PoolBisect.glsl and PoolMergeWrite.glsl after the geometry
// hooks), and the layout of the descriptor set 1 they share
// (VK_NULL_HANDLE for none).
struct PoolPrograms {
    vk::ShaderProgram classify;
    vk::ShaderProgram index;
    vk::ShaderProgram bisect;
    vk::ShaderProgram mergeWrite;
    VkDescriptorSetLayout criterionSetLayout = VK_NULL_HANDLE;
};

// The hashed criterion on keys alone (bisector::hashedCriterion), no geometry.
PoolPrograms hashedPoolPrograms();

// PoolPushConstants of BisectorPool.glsl.
struct PoolPushConstants {
    std::uint32_t capacity = 0;
    std::uint32_t linkRead = 0;
    std::uint32_t maxDepth = 0;
    std::uint32_t rootDepth = 0;
    std::uint32_t rootBits = 0;
    std::uint32_t frame = 0;
    std::uint32_t argument = 0;
};

struct PoolFrame {
    std::uint32_t frame = 0;              // the criterion's frame number
    int maxDepth = 0;                     // counted with the layout's root depth
    std::uint32_t criterionArgument = 0;  // pool.argument in classify and index (the hashed criterion's middle depth)
    VkDescriptorSet criterionSet = VK_NULL_HANDLE;
};

class PoolPipeline {
public:
    // The buffers must outlive the pipeline. `layout` is the CPU pool's key
    // layout (root bits and depth).
    PoolPipeline(vk::Device& device, const vk::ShaderLibrary& shaders, PoolBuffers& buffers, const KeyLayout& layout,
                 const PoolPrograms& programs);

    // Timestamp pass names record() writes when given a timer.
    static const std::vector<std::string>& timestampPassNames();

    // Records one update and flips the buffers' link copy. A leading barrier
    // orders it after earlier compute and indirect uses of the pool's
    // buffers; a trailing one makes them visible to compute, vertex and
    // indirect reads. `afterIndex` (kernels of makeKernel) run over the live
    // list once the lists are built, each after a barrier, within the index
    // pass's time: what a use derives from the lists (the terrain's draw
    // order).
    void record(VkCommandBuffer commands, const PoolFrame& frame, vk::TimestampQueries* timer = nullptr,
                std::span<const vk::ComputeKernel* const> afterIndex = {});

    [[nodiscard]] const cbt::gpu::SumReductionPass& sumReduction() const { return sumReduction_; }

    // A kernel on the pool's set (set 0) and the criterion's (set 1), for a
    // pass a use of the pool records around the update.
    [[nodiscard]] std::unique_ptr<vk::ComputeKernel> makeKernel(const vk::ShaderLibrary& shaders,
                                                                const vk::ShaderProgram& program,
                                                                VkDescriptorSetLayout criterionLayout) const;
    // Records such a kernel over the live list (indirect), or as one
    // invocation, with the frame's push constants and criterion set, and a
    // barrier after it. Between updates, the live list is the last update's.
    void recordOverLiveList(VkCommandBuffer commands, const vk::ComputeKernel& kernel, const PoolFrame& frame) const;
    void recordSingle(VkCommandBuffer commands, const vk::ComputeKernel& kernel, const PoolFrame& frame) const;

private:
    [[nodiscard]] PoolPushConstants pushConstantsFor(const PoolFrame& frame) const;
    void barrier(VkCommandBuffer commands) const;
    // Binds the kernel, the criterion's set when it has one and `criterionSet`
    // is given, and the push constants.
    void bind(VkCommandBuffer commands, const vk::ComputeKernel& kernel, const PoolPushConstants& constants,
              VkDescriptorSet criterionSet) const;
    void dispatch(VkCommandBuffer commands, const vk::ComputeKernel& kernel, const PoolPushConstants& constants,
                  PoolList indirectList, VkDescriptorSet criterionSet = VK_NULL_HANDLE) const;
    void dispatchOne(VkCommandBuffer commands, const vk::ComputeKernel& kernel, const PoolPushConstants& constants,
                     VkDescriptorSet criterionSet = VK_NULL_HANDLE) const;

    vk::Device* device_;
    PoolBuffers* buffers_;
    KeyLayout layout_;
    bool hasCriterionSet_;
    std::unique_ptr<vk::ComputeKernel> reset_;
    std::unique_ptr<vk::ComputeKernel> classify_;
    std::unique_ptr<vk::ComputeKernel> split_;
    std::unique_ptr<vk::ComputeKernel> allocate_;
    std::unique_ptr<vk::ComputeKernel> bisect_;
    std::unique_ptr<vk::ComputeKernel> mergeDecide_;
    std::unique_ptr<vk::ComputeKernel> mergeWrite_;
    std::unique_ptr<vk::ComputeKernel> liveList_;
    std::unique_ptr<vk::ComputeKernel> index_;
    std::unique_ptr<vk::ComputeKernel> indexCreated_;  // the index program with POOL_INDEX_CREATED
    cbt::gpu::SumReductionPass sumReduction_;
};

}  // namespace bisector::gpu
