// The C++ side of shaders/planet/GlobeCriterion.glsl: the globe's level of
// detail for the bisector pool on the GPU (bisector::gpu::PoolPipeline), the
// mirror of planet::globeDecision. Owns the criterion's descriptor set 1:
// the elevation on the cube and the roots' exact vertices (device-local,
// uploaded once), and the frame's GlobeLevelOfDetail (host-visible).
#pragma once

#include "bisector/HalfedgeMesh.h"
#include "bisector/gpu/PoolPipeline.h"
#include "planet/CubeElevation.h"
#include "planet/GlobeCriterion.h"
#include "vk/Buffer.h"
#include "vk/Descriptors.h"

namespace vk {
class Device;
}

namespace planet::gpu {

class GlobeCriterion {
public:
    // `mesh` is the pool's base mesh (planet::cubeMesh). Throws vk::Error
    // when the device lacks shaderFloat64.
    GlobeCriterion(vk::Device& device, const CubeElevation& elevation, const bisector::HalfedgeMesh& mesh);

    // The programs to build a PoolPipeline with (which must not outlive this).
    [[nodiscard]] bisector::gpu::PoolPrograms programs() const;
    [[nodiscard]] VkDescriptorSet descriptorSet() const { return set_; }

    // Call only while no submitted work that reads it is pending.
    void setLevelOfDetail(const GlobeLevelOfDetail& lod);

private:
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool pool_;
    VkDescriptorSet set_ = VK_NULL_HANDLE;
    vk::Buffer elevation_;
    vk::Buffer roots_;
    vk::Buffer levelOfDetail_;
    std::uint32_t intervals_ = 0;
};

}  // namespace planet::gpu
