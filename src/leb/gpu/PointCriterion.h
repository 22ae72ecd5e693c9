// The C++ side of shaders/leb/PointCriterion.glsl: refine around a target
// point, the GPU mirror of leb::splitPassCriterion / leb::mergePassCriterion
// (the paper's Table 2 experiment). Owns the criterion's descriptor set 1: a
// host-visible uniform buffer holding the point.
#pragma once

#include "leb/gpu/SubdivisionPass.h"
#include "vk/Buffer.h"
#include "vk/Descriptors.h"

#include <glm/vec2.hpp>

namespace vk {
class Device;
}

namespace leb::gpu {

class PointCriterion {
public:
    // Throws vk::Error on a device without shaderFloat64.
    explicit PointCriterion(const vk::Device& device, glm::dvec2 target = glm::dvec2(0.5));

    // The criterion to build a SubdivisionPass / CbtUpdatePipeline with; the
    // PointCriterion must outlive them (they use its set layout).
    [[nodiscard]] SubdivisionCriterion criterion() const;
    [[nodiscard]] VkDescriptorSet descriptorSet() const { return set_; }

    [[nodiscard]] glm::dvec2 target() const { return target_; }
    // Writes the point to the uniform buffer: call only while no submitted
    // work that reads it is pending. Throws std::invalid_argument unless
    // target == leb::quantizePoint(target) (exactness, see PointRefinement.h).
    void setTarget(glm::dvec2 target);

private:
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool pool_;
    VkDescriptorSet set_ = VK_NULL_HANDLE;
    vk::Buffer uniforms_;
    glm::dvec2 target_{0.5};
};

}  // namespace leb::gpu
