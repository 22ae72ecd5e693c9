#include "vectordata/gpu/DrapeLabels.h"

#include "vk/BufferTransfer.h"
#include "vk/Device.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <span>

namespace vectordata::gpu {

namespace {

// A placed label (PlacedLabel of VectorDrape.glsl), after the indirect
// draw's four words.
constexpr VkDeviceSize kPlacedLabelBytes = 16;
constexpr VkDeviceSize kIndirectDrawBytes = 16;

template <typename T>
vk::Buffer storageOf(vk::Device& device, const std::vector<T>& values)
{
    vk::Buffer buffer(device, std::max<VkDeviceSize>(values.size() * sizeof(T), sizeof(T)),
                      VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    if (!values.empty()) {
        vk::uploadToBuffer(device, buffer, std::span<const T>(values));
    }
    return buffer;
}

// The labels' atlas, or one empty texel without labels (every binding of
// the drape's set holds a resource).
vk::Image atlasOf(vk::Device& device, const DrapedLabels& labels)
{
    const bool empty = labels.atlas.empty();
    const std::vector<std::uint8_t> none(2, 0);
    vk::Image atlas(
        device, vk::ImageDescription{
                    VK_FORMAT_R8G8_UNORM, empty ? VkExtent2D{1, 1} : VkExtent2D{labels.atlasWidth, labels.atlasHeight},
                    1, VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, VK_IMAGE_ASPECT_COLOR_BIT});
    vk::uploadImageMip0(device, atlas, std::as_bytes(std::span(empty ? none : labels.atlas)));
    return atlas;
}

}  // namespace

std::uint32_t labelCellPixels(VkExtent2D viewport)
{
    std::uint32_t cell = 4;
    while (((viewport.width + cell - 1) / cell) * ((viewport.height + cell - 1) / cell) > kLabelCellWords * 32u) {
        ++cell;
    }
    return cell;
}

DrapeLabels::DrapeLabels(vk::Device& device, const DrapedLabels& labels, std::uint32_t framesInFlight)
    : anchors_(labels.anchors),
      labels_(storageOf(device, labels.labels)),
      glyphs_(storageOf(device, labels.glyphs)),
      atlas_(atlasOf(device, labels)),
      sampler_(device, vk::kNearestTexelSampler)
{
    for (const DrapedLabel& label : labels.labels) {
        layers_.push_back(label.layer);
    }
    for (std::uint32_t slot = 0; slot < framesInFlight; ++slot) {
        orders_.emplace_back(device, std::max<std::size_t>(anchors_.size(), 1) * sizeof(std::uint32_t),
                             VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryLocation::HostUpload);
        placed_.emplace_back(device, kIndirectDrawBytes + anchors_.size() * kPlacedLabelBytes,
                             VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
    }
}

glm::vec4 DrapeLabels::prepareFrame(std::uint32_t slot, const glm::dvec3& cameraPosition, VkExtent2D viewport) const
{
    std::vector<double> distances(anchors_.size());
    for (std::size_t i = 0; i < anchors_.size(); ++i) {
        distances[i] = glm::length(anchors_[i] - cameraPosition);
    }
    std::vector<std::uint32_t> order(anchors_.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return layers_[a] != layers_[b] ? layers_[a] < layers_[b] : distances[a] < distances[b];
    });
    std::memcpy(orders_.at(slot).mapped().data(), order.data(), order.size() * sizeof(std::uint32_t));
    const std::uint32_t cell = labelCellPixels(viewport);
    return {static_cast<float>(cell), static_cast<float>((viewport.width + cell - 1) / cell),
            static_cast<float>((viewport.height + cell - 1) / cell), static_cast<float>(anchors_.size())};
}

}  // namespace vectordata::gpu
