// Timing GPU passes with timestamp queries, frame by frame, next to the
// floor they chase: a vkCmdCopyBuffer of the same number of bytes on the same
// device in the same command buffers.
#pragma once

#include "bench/BenchReport.h"
#include "bench/Timing.h"
#include "vk/Buffer.h"
#include "vk/TimestampQueries.h"

#include <vulkan/vulkan.h>

#include <functional>
#include <string>
#include <vector>

namespace vk {
class Device;
}

namespace bench {

// Two device-local buffers of `bytes` bytes and a copy between them.
class CopyFloor {
public:
    CopyFloor(vk::Device& device, VkDeviceSize bytes);

    [[nodiscard]] VkDeviceSize bytes() const { return bytes_; }
    // vkCmdCopyBuffer of bytes() bytes (source -> destination).
    void record(VkCommandBuffer commands) const;

private:
    VkDeviceSize bytes_;
    vk::Buffer source_;
    vk::Buffer destination_;
};

// Orders every earlier command before every later one (all commands, all
// memory reads and writes), so timestamps bracket one pass at a time.
void serializeAllCommands(const vk::Device& device, VkCommandBuffer commands);

// Records frame `frame` into `commands`; the timer's slot 0 is already begun.
using FrameRecorder = std::function<void(VkCommandBuffer commands, vk::TimestampQueries& timer, int frame)>;

// Milliseconds per pass (index as in the timer's pass names), one entry per
// frame that recorded the pass.
using PassSamples = std::vector<std::vector<double>>;

// Frames run untimed before the timed ones where the frames repeat one
// workload (gpu-reduce, gpu-decode): the first frame is the first to touch
// the copy's destination, and on a CPU driver that costs page faults (D = 27
// on lavapipe: a first copy of 30-40 ms against 6 ms in later frames).
inline constexpr int kWarmUpFrames = 3;

// Runs `warmUpFrames` + `frameCount` frames (numbered from 0), each in its
// own command buffer, submitted and waited for (a serializeAllCommands
// barrier starts each one), and appends the timer's pass times of the last
// `frameCount` to `samples` (resized to the timer's pass count).
// Throws vk::Error if a frame's timestamps are not available after its
// fence signalled.
void runTimedFrames(vk::Device& device, vk::TimestampQueries& timer, int frameCount, const FrameRecorder& recordFrame,
                    PassSamples& samples, int warmUpFrames = 0);

// Per-frame sums of the passes `passIndices` (frames where all of them ran).
std::vector<double> summedPassTimes(const PassSamples& samples, const std::vector<std::size_t>& passIndices);

// One row of a pass table: a name and its samples in milliseconds.
struct PassRow {
    std::string name;
    std::vector<double> milliseconds;
};

// A table with columns pass, median ms, min ms, max ms, frames, and
// "x copy" (median / floorMs).
ReportTable passTimeTable(std::string key, std::string title, const std::vector<PassRow>& rows, double floorMs);

}  // namespace bench
