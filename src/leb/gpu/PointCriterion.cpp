#include "leb/gpu/PointCriterion.h"

#include "leb/PointRefinement.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <array>
#include <cstring>
#include <stdexcept>

namespace leb::gpu {

namespace {

constexpr std::array<vk::DescriptorBinding, 1> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

// std140 block LebPointCriterionData { dvec2 target; }.
constexpr VkDeviceSize kUniformBytes = 2 * sizeof(double);

const vk::Device& deviceWithShaderFloat64(const vk::Device& device)
{
    if (!device.hasShaderFloat64()) {
        throw vk::Error(
            "refining around a point needs shaderFloat64 (its containment tests are exact in double "
            "precision), which " +
            device.info().name + " lacks");
    }
    return device;
}

}  // namespace

PointCriterion::PointCriterion(const vk::Device& device, glm::dvec2 target)
    : setLayout_(deviceWithShaderFloat64(device), kBindings),
      pool_(device, setLayout_, 1),
      set_(pool_.allocate(setLayout_)),
      uniforms_(device, kUniformBytes, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, vk::MemoryLocation::HostUpload)
{
    vk::DescriptorWriter().uniformBuffer(0, uniforms_).update(device, set_);
    setTarget(target);
}

SubdivisionCriterion PointCriterion::criterion() const
{
    return SubdivisionCriterion{{"leb/PointSubdivision.comp", {}}, setLayout_.handle()};
}

void PointCriterion::setTarget(glm::dvec2 target)
{
    if (leb::quantizePoint(target) != target) {
        throw std::invalid_argument(
            "PointCriterion: the target must be a multiple of 2^-20 in [0,1]^2 "
            "(use leb::quantizePoint)");
    }
    target_ = target;
    const std::array<double, 2> values{target.x, target.y};
    std::memcpy(uniforms_.mapped().data(), values.data(), sizeof(values));
}

}  // namespace leb::gpu
