// GPU pass timing with timestamp queries, without stalling: one query pool
// per frame in flight; a frame's times are read once the GPU has written
// them, and never before.
//
//   TimestampQueries timer(device, 2, {"update", "reduce"});
//   // frame f, after waiting on that frame slot's fence:
//   timer.begin(cmd, f);                 // resets the slot
//   timer.writeStart(cmd, 0); ...dispatch...; timer.writeEnd(cmd, 0);
//   timer.writeStart(cmd, 1); ...dispatch...; timer.writeEnd(cmd, 1);
//   // later (e.g. when slot f comes round again, before begin):
//   if (auto times = timer.collect(f)) { ... (*times)[i].milliseconds ... }
#pragma once

#include "vk/UniqueHandle.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vk {

class Device;

struct PassTime {
    uint32_t passIndex = 0;
    std::string name;
    double milliseconds = 0.0;
};

class TimestampQueries {
public:
    TimestampQueries() = default;
    TimestampQueries(const Device& device, uint32_t framesInFlight, std::vector<std::string> passNames);

    [[nodiscard]] uint32_t framesInFlight() const { return static_cast<uint32_t>(frames_.size()); }
    [[nodiscard]] const std::vector<std::string>& passNames() const { return passNames_; }
    // Index of a pass by name; throws vk::Error when there is none.
    [[nodiscard]] uint32_t passIndex(std::string_view name) const;

    // Starts recording frame slot `frame` into `commands`: resets the slot's
    // queries (on the host, vkResetQueryPool), so its earlier results are gone.
    // The slot's previous submission must have completed.
    void begin(VkCommandBuffer commands, uint32_t frame);
    // Timestamps around a pass of the frame slot last begun (start: top of
    // pipe after earlier commands were submitted; end: bottom of pipe).
    void writeStart(VkCommandBuffer commands, uint32_t passIndex);
    void writeEnd(VkCommandBuffer commands, uint32_t passIndex);

    // The durations of the passes recorded in slot `frame` (those with both
    // a start and an end, in pass order), once the GPU has written all of
    // them; std::nullopt while any is not yet available, and for a slot never
    // begun. Never blocks.
    [[nodiscard]] std::optional<std::vector<PassTime>> collect(uint32_t frame) const;

private:
    // The queries of one frame in flight.
    struct SlotQueries {
        UniqueQueryPool pool;
        std::vector<bool> started;
        std::vector<bool> ended;
        bool begun = false;
    };
    [[nodiscard]] SlotQueries& currentSlot();
    void checkPassIndex(uint32_t passIndex) const;

    VkDevice device_ = VK_NULL_HANDLE;
    double nanosecondsPerTick_ = 1.0;
    uint64_t validMask_ = ~uint64_t{0};
    std::vector<std::string> passNames_;
    std::vector<SlotQueries> frames_;
    uint32_t currentFrame_ = 0;
};

// Timestamps around one pass, when given a timer (whose frame slot the
// caller has begun): the start when constructed, the end when destroyed. The
// pass is looked up by name, and may throw, up front.
//
// The start timestamp is followed by an execution barrier, so the pass's
// commands run after it is written. Without it lavapipe under-reports
// compute passes: once a framebuffer has been bound (a draw of the previous
// frame), llvmpipe writes timestamps when it next flushes its rendering
// queue, and compute dispatches, which it runs at once, do not flush it; a
// pipeline barrier does. A start timestamp was thus written at the first
// barrier after the pass had begun (for a sum reduction, after its first and
// most costly dispatch). On GPUs the extra barrier waits for nothing: a
// barrier before each pass already did.
class TimedPass {
public:
    TimedPass(const Device& device, TimestampQueries* timer, VkCommandBuffer commands, std::string_view passName);
    ~TimedPass();
    TimedPass(const TimedPass&) = delete;
    TimedPass& operator=(const TimedPass&) = delete;

private:
    TimestampQueries* timer_;
    VkCommandBuffer commands_;
    uint32_t passIndex_ = 0;
};

}  // namespace vk
