// The C++ side of shaders/bisector/PointCriterion.glsl: refinement around a
// point on the unit square's pool, the GPU mirror of bisector::pointDecision.
// Owns the criterion's descriptor set 1: a host-visible buffer holding the
// point in 64-bit integers (units of 2^-60).
#pragma once

#include "bisector/gpu/PoolPipeline.h"
#include "vk/Buffer.h"
#include "vk/Descriptors.h"

#include <glm/vec2.hpp>

namespace vk {
class Device;
}

namespace bisector::gpu {

class PointCriterion {
public:
    explicit PointCriterion(const vk::Device& device, glm::dvec2 target = glm::dvec2(0.5));

    // The programs to build a PoolPipeline with (which must not outlive this).
    [[nodiscard]] PoolPrograms programs() const;
    [[nodiscard]] VkDescriptorSet descriptorSet() const { return set_; }

    // The point as the GPU tests it: bisector::roundToPointGrid of the one given.
    [[nodiscard]] glm::dvec2 target() const { return target_; }
    // Call only while no submitted work that reads the point is pending.
    void setTarget(glm::dvec2 target);

private:
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool pool_;
    VkDescriptorSet set_ = VK_NULL_HANDLE;
    vk::Buffer point_;
    glm::dvec2 target_{0.5};
};

}  // namespace bisector::gpu
