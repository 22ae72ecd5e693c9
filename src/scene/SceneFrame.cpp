#include "scene/SceneFrame.h"

#include "scene/SceneRendering.h"
#include "terrain/TerrainTessellation.h"
#include "tiles/gpu/TileStream.h"
#include "vk/Barriers.h"
#include "vk/Device.h"

#include <stdexcept>

namespace scene {

namespace {

constexpr VkPipelineStageFlags2 kCompute = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
// Where a surface's buffers are read for its pixels, on either path: the
// draw's indirect command and shaders, or the compute passes (the visibility
// pass's indirect dispatch among them).
constexpr VkPipelineStageFlags2 kPixelReaders = VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT |
                                                VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
                                                VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT | kCompute;
constexpr VkAccessFlags2 kPixelReads =
    VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_READ_BIT;
constexpr VkAccessFlags2 kStorageReadWrite = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;

}  // namespace

SceneFrame::SceneFrame(vk::Device& device, const vk::ShaderLibrary& shaders, const SceneOutput& output,
                       SceneShading shading, const std::vector<std::string>& timestampPasses)
    : device_(device),
      output_(output),
      shading_(shading),
      attachments_(sceneAttachmentsFor(device, output.samples, shading)),
      commandPool_(device),
      slots_(makeFrameSlots(device, commandPool_, output.framesInFlight)),
      displayPass_(device, shaders, output.displayFormat, output.framesInFlight),
      timer_(device, output.framesInFlight, timestampPasses)
{
    latest_.computeRaster = shading == SceneShading::Deferred;
}

FrameSlot& SceneFrame::slot(std::uint32_t slotIndex, const char* owner)
{
    return frameSlotAt(slots_, slotIndex, owner);
}

void SceneFrame::collect(std::uint32_t slotIndex, SceneSurface& surface)
{
    FrameSlot& frame = slots_.at(slotIndex);
    if (!frame.readbackPending) {
        return;
    }
    frame.readbackPending = false;
    surface.collect(slotIndex, frame, latest_);
    if (frame.pendingPick) {
        picked_ = pickedPointOf(frame.pickReadback, *frame.pendingPick, shading_, attachments_.depth);
        frame.pendingPick.reset();
    }
    if (const std::optional<std::vector<vk::PassTime>> times = timer_.collect(slotIndex)) {
        latest_.timings = passTimingsOf(*times, surface.atmosphereMilliseconds(slotIndex));
    }
}

void SceneFrame::recordUpdate(std::uint32_t slotIndex, SceneSurface& surface)
{
    FrameSlot& frame = slots_.at(slotIndex);
    const VkCommandBuffer commands = frame.commands;
    collect(slotIndex, surface);
    if (tiles::gpu::TileStream* stream = surface.stream()) {
        // The slot's last frame completed: what it asked for comes in.
        stream->beginFrame(slotIndex);
        latest_.stream = stream->statistics();
    }
    tiles::gpu::TileStream* imagery = surface.imageryStream();
    if (imagery != nullptr) {
        imagery->beginFrame(slotIndex);
        latest_.imageryStream = imagery->statistics();
    }
    surface.prepare(frame);
    timer_.begin(commands, slotIndex);
    // The pixels' passes of the frames before read what this frame's compute
    // passes rewrite (the tessellation, its draw lists and arguments).
    vk::memoryBarrier(device_, commands, kPixelReaders, kPixelReads, kCompute, kStorageReadWrite);
    if (imagery != nullptr) {
        imagery->recordUploads(commands, slotIndex);
    }
    surface.recordUpdate(commands, slotIndex, timer_);
    const vk::BufferRange counts = surface.counts();
    recordCountsReadback(device_, commands, *counts.buffer, counts.offset, counts.bytes, frame);
}

void SceneFrame::record(std::uint32_t slotIndex, VkExtent2D viewport, const display::DisplaySettings& display,
                        SceneSurface& surface)
{
    FrameSlot& frame = slots_.at(slotIndex);
    const VkCommandBuffer commands = frame.commands;
    ensureRenderTargets(device_, frame, viewport, output_, attachments_, shading_);
    recordUpdate(slotIndex, surface);
    surface.recordBeforePixels(commands, slotIndex);
    // What the compute passes wrote, for the draw's indirect command and
    // shaders, or for the compute passes that find and shade the pixels.
    vk::memoryBarrier(device_, commands, kCompute, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, kPixelReaders, kPixelReads);
    const RenderTargets& targets = *frame.targets;
    if (shading_ == SceneShading::Deferred) {
        beginDeferredShading(device_, commands, targets);
        {
            const vk::TimedPass time(device_, &timer_, commands, terrain::kDrawTimestamp);
            surface.recordVisibility(commands, slotIndex, targets.visibility(), viewport);
        }
        const vk::TimedPass time(device_, &timer_, commands, kShadeTimestamp);
        surface.recordShading(commands, slotIndex, targets.visibility(), targets.hdr());
    } else {
        beginSceneRendering(device_, commands, targets, output_);
        surface.recordDraw(commands, slotIndex, viewport, timer_);
        endSceneRendering(device_, commands, targets, output_);
    }
    if (tiles::gpu::TileStream* stream = surface.stream()) {
        // The tiles the update and the pixels asked for, for the host.
        stream->recordRequestReadback(commands, slotIndex);
    }
    if (tiles::gpu::TileStream* imagery = surface.imageryStream()) {
        imagery->recordRequestReadback(commands, slotIndex);
    }
    recordDisplayPass(device_, commands, targets, displayPass_, slotIndex, display, &timer_);
    if (vectors_ || measuredPath_) {
        const vectordata::gpu::DrapeTargets drapeTargets{
            &targets.color(), shading_ == SceneShading::Forward ? &targets.depth() : nullptr,
            shading_ == SceneShading::Deferred ? &targets.visibility() : nullptr,
            static_cast<std::uint32_t>(targets.samples())};
        const vk::TimedPass time(device_, &timer_, commands, kVectorsTimestamp);
        for (const std::unique_ptr<vectordata::gpu::VectorDrapePass>& pass :
             {std::cref(vectors_), std::cref(measuredPath_)}) {
            if (pass) {
                pass->record(commands, slotIndex, surface.drapeView(), drapeTargets);
            }
        }
    }
    if (pickRequest_) {
        const VkOffset2D pixel = *pickRequest_;
        pickRequest_.reset();
        const bool depthKept = shading_ == SceneShading::Deferred || output_.readableDepth;
        if (depthKept && pixel.x >= 0 && pixel.y >= 0 && static_cast<std::uint32_t>(pixel.x) < viewport.width &&
            static_cast<std::uint32_t>(pixel.y) < viewport.height) {
            recordPickReadback(device_, commands, targets, pixel, frame.pickReadback);
            frame.pendingPick = PendingPick{pixel, surface.drapeView()};
        } else {
            picked_ = PickedPoint{pixel, std::nullopt};
        }
    }
}

std::optional<PickedPoint> SceneFrame::takePicked()
{
    std::optional<PickedPoint> picked = picked_;
    picked_.reset();
    return picked;
}

void SceneFrame::setMeasuredPath(const vk::ShaderLibrary& shaders, const vectordata::DrapedLayers& path)
{
    // Frames in flight may still draw the old path.
    device_.waitIdle();
    measuredPath_.reset();
    if (path.empty() || (shading_ == SceneShading::Forward && !output_.readableDepth)) {
        return;
    }
    measuredPath_ = drapePassFor(shaders, path);
}

std::unique_ptr<vectordata::gpu::VectorDrapePass> SceneFrame::drapePassFor(const vk::ShaderLibrary& shaders,
                                                                           const vectordata::DrapedLayers& layers)
{
    return std::make_unique<vectordata::gpu::VectorDrapePass>(
        device_, shaders, output_.displayFormat, attachments_.depth,
        shading_ == SceneShading::Deferred ? vectordata::gpu::SceneDepthSource::VisibilityBuffer
                                           : vectordata::gpu::SceneDepthSource::DepthImage,
        framesInFlight(), layers);
}

void SceneFrame::setVectorLayers(const vk::ShaderLibrary& shaders, const vectordata::DrapedLayers& layers)
{
    if (layers.empty()) {
        vectors_.reset();
        return;
    }
    if (shading_ == SceneShading::Forward && !output_.readableDepth) {
        throw std::invalid_argument("vector layers need the scene's depth kept (SceneOutput::readableDepth)");
    }
    vectors_ = drapePassFor(shaders, layers);
}

void SceneFrame::setVectorLayerShown(std::size_t layer, bool shown)
{
    if (vectors_) {
        vectors_->setLayerShown(layer, shown);
    }
}

std::optional<std::string> SceneFrame::reloadVectorShaders()
{
    if (measuredPath_) {
        if (std::optional<std::string> error = measuredPath_->reloadShaders()) {
            return error;
        }
    }
    return vectors_ ? vectors_->reloadShaders() : std::nullopt;
}

}  // namespace scene
