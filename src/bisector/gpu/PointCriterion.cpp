#include "bisector/gpu/PointCriterion.h"

#include "bisector/PointRefinement.h"
#include "vk/Device.h"

#include <array>
#include <cstdint>
#include <cstring>

namespace bisector::gpu {
namespace {

constexpr std::array<vk::DescriptorBinding, 1> kBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

}  // namespace

PointCriterion::PointCriterion(const vk::Device& device, glm::dvec2 target)
    : setLayout_(device, kBindings),
      pool_(device, setLayout_, 1),
      set_(pool_.allocate(setLayout_)),
      point_(device, 2 * sizeof(std::int64_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryLocation::HostUpload)
{
    vk::DescriptorWriter().storageBuffer(0, point_).update(device, set_);
    setTarget(target);
}

PoolPrograms PointCriterion::programs() const
{
    return {{"bisector/PoolClassifyPoint.comp", {}},
            {"bisector/PoolIndexPoint.comp", {}},
            {"bisector/PoolBisectTopology.comp", {}},
            {"bisector/PoolMergeWriteTopology.comp", {}},
            setLayout_.handle()};
}

void PointCriterion::setTarget(glm::dvec2 target)
{
    target_ = roundToPointGrid(target);
    const std::array<std::int64_t, 2> units{static_cast<std::int64_t>(target_.x * 0x1p60),
                                            static_cast<std::int64_t>(target_.y * 0x1p60)};
    std::memcpy(point_.mapped().data(), units.data(), sizeof(units));
}

}  // namespace bisector::gpu
