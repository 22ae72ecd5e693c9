// The labels' side of the vector drape (vectordata::gpu::VectorDrapePass):
// their anchors, glyphs and font atlas on the GPU, and per frame slot the
// order they compete for a place in (earlier layers first, then nearer
// points) and the places LabelPlacement.comp gives them, with the indirect
// draw of their glyphs.
#pragma once

#include "vectordata/Drape.h"
#include "vk/Buffer.h"
#include "vk/Image.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <vector>

namespace vk {
class Device;
}  // namespace vk

namespace vectordata::gpu {

// The occupancy grid's 32-bit words in LabelPlacement.comp's shared memory.
inline constexpr std::uint32_t kLabelCellWords = 4000;

// The side in pixels of the smallest square cell, at least 4, whose grid
// over `viewport` fits kLabelCellWords words.
[[nodiscard]] std::uint32_t labelCellPixels(VkExtent2D viewport);

class DrapeLabels {
public:
    // `labels` may hold none: every resource then exists, empty.
    DrapeLabels(vk::Device& device, const DrapedLabels& labels, std::uint32_t framesInFlight);

    [[nodiscard]] std::uint32_t count() const { return static_cast<std::uint32_t>(anchors_.size()); }
    [[nodiscard]] const vk::Buffer& labels() const { return labels_; }
    [[nodiscard]] const vk::Buffer& glyphs() const { return glyphs_; }
    [[nodiscard]] const vk::Image& atlas() const { return atlas_; }
    [[nodiscard]] const vk::Sampler& sampler() const { return sampler_; }
    [[nodiscard]] const vk::Buffer& order(std::uint32_t slot) const { return orders_.at(slot); }
    [[nodiscard]] const vk::Buffer& placed(std::uint32_t slot) const { return placed_.at(slot); }

    // Writes the slot's order for a camera at `cameraPosition` (host write;
    // the slot's earlier frames have completed) and returns the uniform's
    // labelCells for `viewport`.
    glm::vec4 prepareFrame(std::uint32_t slot, const glm::dvec3& cameraPosition, VkExtent2D viewport) const;

private:
    std::vector<glm::dvec3> anchors_;
    std::vector<std::uint32_t> layers_;
    vk::Buffer labels_;
    vk::Buffer glyphs_;
    vk::Image atlas_;
    vk::Sampler sampler_;
    std::vector<vk::Buffer> orders_;
    std::vector<vk::Buffer> placed_;
};

}  // namespace vectordata::gpu
