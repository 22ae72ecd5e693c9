// What the one frame (scene::SceneFrame) asks of the surface it draws, the
// flat terrain or the globe: the frame owns the pass order and the
// barriers between passes; a surface records its own passes (and the
// barriers inside them) when the frame calls for them.
#pragma once

#include "scene/FrameSlot.h"
#include "scene/FrameTimings.h"
#include "vectordata/gpu/VectorDrapePass.h"
#include "vk/Buffer.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <optional>

namespace tiles::gpu {
class TileStream;
}  // namespace tiles::gpu

namespace vk {
class Image;
class TimestampQueries;
}  // namespace vk

namespace scene {

class SceneSurface {
public:
    virtual ~SceneSurface() = default;

    // A streamed model's tiles, if the surface streams one.
    [[nodiscard]] virtual tiles::gpu::TileStream* stream() = 0;
    // Streamed imagery's tiles, if the surface drapes such imagery; the
    // frame takes them in, uploads them and reads back what the pixels
    // asked for.
    [[nodiscard]] virtual tiles::gpu::TileStream* imageryStream() { return nullptr; }

    // The results of the slot's last frame, now complete (`frame`'s counts
    // read back), into `latest`.
    virtual void collect(std::uint32_t slotIndex, const FrameSlot& frame, FrameStatistics& latest) = 0;
    // The per-frame atmosphere's time in the slot's last frame, ms (0 when it
    // has none).
    [[nodiscard]] virtual double atmosphereMilliseconds(std::uint32_t /*slotIndex*/) const { return 0.0; }

    // The frame's host writes (uniforms), before its commands.
    virtual void prepare(FrameSlot& /*frame*/) {}
    // The compute passes whose counts the frame reads back: tile uploads and
    // the tessellation's update, with the passes' timestamps.
    virtual void recordUpdate(VkCommandBuffer commands, std::uint32_t slotIndex, vk::TimestampQueries& timer) = 0;
    // Where the frame's counts lie, written by the compute stage, for the
    // read-back.
    [[nodiscard]] virtual vk::BufferRange counts() const = 0;
    // Compute passes after the update that the pixels read too (the flat
    // terrain's per-frame atmosphere).
    virtual void recordBeforePixels(VkCommandBuffer /*commands*/, std::uint32_t /*slotIndex*/) {}

    // The graphics path, inside the frame's rendering: the draw and the sky.
    virtual void recordDraw(VkCommandBuffer commands, std::uint32_t slotIndex, VkExtent2D viewport,
                            vk::TimestampQueries& timer) = 0;
    // The compute path: the surface's triangles into the visibility buffer,
    // then every pixel shaded from it into the HDR image.
    virtual void recordVisibility(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility,
                                  VkExtent2D viewport) = 0;
    virtual void recordShading(VkCommandBuffer commands, std::uint32_t slotIndex, const vk::Buffer& visibility,
                               const vk::Image& hdr) = 0;

    // The frame's camera in the surface's coordinates, for the vector layers
    // drawn over it (vectordata::gpu::VectorDrapePass).
    [[nodiscard]] virtual vectordata::gpu::DrapeView drapeView() const = 0;
};

}  // namespace scene
