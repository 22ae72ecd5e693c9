// The one owner of a frame's pass order, for the flat terrain and the globe
// alike (scene::SceneRenderer and scene::GlobeSceneRenderer hold one): the
// frame slots, their render targets, the timestamps and the display pass.
// recordFrame records, into the slot's command buffer:
//
//   barrier: the pixels' passes of earlier frames -> this frame's compute writes
//   tile uploads, the surface's update (compute)        SceneSurface::recordUpdate
//   counts read-back (copy)
//   passes the pixels read besides (the flat terrain's atmosphere)
//   barrier: compute writes -> indirect commands, vertex, fragment and compute reads
//   graphics: rendering into HDR colour + depth: the surface's draw and the sky
//   or compute: the visibility pass, then the shading (SceneShading::Deferred)
//   tile requests read-back (copy)
//   display pass: exposure, tone curve, sRGB into the display colour
//   vector layers over the display colour, behind the surface's depth
//
// A pass records the barriers inside it; the frame records those between
// passes.
#pragma once

#include "display/DisplayPass.h"
#include "scene/FrameSlot.h"
#include "scene/FrameTimings.h"
#include "scene/RenderTargets.h"
#include "scene/SceneRenderer.h"
#include "scene/SceneSurface.h"
#include "vectordata/gpu/VectorDrapePass.h"
#include "vk/Commands.h"
#include "vk/GraphicsPipeline.h"
#include "vk/TimestampQueries.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
}  // namespace vk

namespace scene {

class SceneFrame {
public:
    // `shading`: Forward for the graphics path, Deferred for the compute one.
    // `timestampPasses`: the passes the surface and the frame time
    // (kDrawTimestamp, kShadeTimestamp and kDisplayTimestamp among them).
    // Throws vk::Error when the device can not render output.samples.
    SceneFrame(vk::Device& device, const vk::ShaderLibrary& shaders, const SceneOutput& output, SceneShading shading,
               const std::vector<std::string>& timestampPasses);

    [[nodiscard]] std::uint32_t framesInFlight() const { return static_cast<std::uint32_t>(slots_.size()); }
    // Slot `slotIndex`; throws std::out_of_range naming `owner` beyond them.
    [[nodiscard]] FrameSlot& slot(std::uint32_t slotIndex, const char* owner);
    [[nodiscard]] std::vector<FrameSlot>& slots() { return slots_; }
    [[nodiscard]] const SceneOutput& output() const { return output_; }
    [[nodiscard]] SceneShading shading() const { return shading_; }
    [[nodiscard]] const vk::AttachmentFormats& attachments() const { return attachments_; }
    [[nodiscard]] display::DisplayPass& displayPass() { return displayPass_; }
    [[nodiscard]] vk::TimestampQueries& timer() { return timer_; }
    // The statistics of the most recent frame whose results were read.
    [[nodiscard]] FrameStatistics& latest() { return latest_; }
    [[nodiscard]] const FrameStatistics& latest() const { return latest_; }

    // Records one frame of `surface` at `viewport` into the slot's command
    // buffer, which the caller has begun and will end and submit, in the
    // order above; the display colour ends in TRANSFER_SRC_OPTIMAL.
    void record(std::uint32_t slotIndex, VkExtent2D viewport, const display::DisplaySettings& display,
                SceneSurface& surface);
    // The vector layers drawn over every frame from now on (none when
    // `layers` is empty). Throws vk::Error when the device can not read
    // the scene's depth for them, and std::invalid_argument for a forward
    // frame whose output does not keep its depth (SceneOutput::readableDepth).
    void setVectorLayers(const vk::ShaderLibrary& shaders, const vectordata::DrapedLayers& layers);
    [[nodiscard]] const vectordata::gpu::VectorDrapePass* vectorLayers() const { return vectors_.get(); }
    // The path measured in the window, drawn over the vector layers from the
    // next frame on (none when empty). Waits for the device.
    void setMeasuredPath(const vk::ShaderLibrary& shaders, const vectordata::DrapedLayers& path);
    // Shows or hides the vector layer numbered `layer` from the next frame on.
    void setVectorLayerShown(std::size_t layer, bool shown);
    // The vector layers' pipeline built again; on an error keeps the old one
    // and returns the one-line error.
    std::optional<std::string> reloadVectorShaders();

    // Reads back the point of the surface under `pixel` in the next frame
    // recorded (a window's click); takePicked gives it once that frame has
    // completed. The forward path needs its depth kept
    // (SceneOutput::readableDepth); without it the pick finds nothing.
    void requestPick(VkOffset2D pixel) { pickRequest_ = pixel; }
    [[nodiscard]] std::optional<PickedPoint> takePicked();

    // The part of such a frame before the pixels: the slot's last results
    // read (collect), the barrier, the update and the counts' read-back (for
    // tools that converge the tessellation without drawing it).
    void recordUpdate(std::uint32_t slotIndex, SceneSurface& surface);

private:
    // Reads the results of the slot's last frame (complete: its fence was
    // waited) into latest(), once.
    void collect(std::uint32_t slotIndex, SceneSurface& surface);
    // A drape pass of `layers` over this frame's targets, reading its depth
    // where the frame's shading keeps it.
    [[nodiscard]] std::unique_ptr<vectordata::gpu::VectorDrapePass> drapePassFor(
        const vk::ShaderLibrary& shaders, const vectordata::DrapedLayers& layers);

    vk::Device& device_;
    SceneOutput output_;
    SceneShading shading_;
    vk::AttachmentFormats attachments_;
    vk::CommandPool commandPool_;
    std::vector<FrameSlot> slots_;
    display::DisplayPass displayPass_;
    vk::TimestampQueries timer_;
    FrameStatistics latest_;
    std::unique_ptr<vectordata::gpu::VectorDrapePass> vectors_;
    std::unique_ptr<vectordata::gpu::VectorDrapePass> measuredPath_;
    std::optional<VkOffset2D> pickRequest_;
    std::optional<PickedPoint> picked_;
};

}  // namespace scene
