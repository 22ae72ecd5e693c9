#include "bench/GpuFrameTimer.h"

#include "vk/Barriers.h"
#include "vk/BufferTransfer.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <algorithm>
#include <utility>

namespace bench {

namespace {

constexpr std::uint32_t kCopySourcePattern = 0x5A5A5A5Au;

}  // namespace

CopyFloor::CopyFloor(vk::Device& device, VkDeviceSize bytes)
    : bytes_(bytes),
      source_(device, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT),
      destination_(device, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT)
{
    vk::fillBuffer(device, source_, kCopySourcePattern);
}

void CopyFloor::record(VkCommandBuffer commands) const
{
    const VkBufferCopy region{0, 0, bytes_};
    vkCmdCopyBuffer(commands, source_.handle(), destination_.handle(), 1, &region);
}

void serializeAllCommands(const vk::Device& device, VkCommandBuffer commands)
{
    vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                      VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                      VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
}

void runTimedFrames(vk::Device& device, vk::TimestampQueries& timer, int frameCount, const FrameRecorder& recordFrame,
                    PassSamples& samples, int warmUpFrames)
{
    samples.resize(timer.passNames().size());
    for (int frame = 0; frame < warmUpFrames + frameCount; ++frame) {
        device.submitAndWait([&](VkCommandBuffer commands) {
            timer.begin(commands, 0);
            serializeAllCommands(device, commands);
            recordFrame(commands, timer, frame);
        });
        const auto times = timer.collect(0);
        if (!times) {
            throw vk::Error("timestamps of a finished frame are not available");
        }
        if (frame < warmUpFrames) {
            continue;
        }
        for (const vk::PassTime& time : *times) {
            samples.at(time.passIndex).push_back(time.milliseconds);
        }
    }
}

std::vector<double> summedPassTimes(const PassSamples& samples, const std::vector<std::size_t>& passIndices)
{
    std::size_t frameCount = passIndices.empty() ? 0 : samples.at(passIndices.front()).size();
    for (const std::size_t pass : passIndices) {
        frameCount = std::min(frameCount, samples.at(pass).size());
    }
    std::vector<double> sums(frameCount, 0.0);
    for (const std::size_t pass : passIndices) {
        for (std::size_t frame = 0; frame < frameCount; ++frame) {
            sums[frame] += samples[pass][frame];
        }
    }
    return sums;
}

ReportTable passTimeTable(std::string key, std::string title, const std::vector<PassRow>& rows, double floorMs)
{
    ReportTable table;
    table.key = std::move(key);
    table.title = std::move(title);
    table.columnKeys = {"pass", "median_ms", "min_ms", "max_ms", "frames", "ratio_to_copy"};
    table.columnLabels = {"pass", "median ms", "min ms", "max ms", "frames", "x copy"};
    for (const PassRow& row : rows) {
        if (row.milliseconds.empty()) {
            continue;
        }
        const SampleSummary summary = summarize(row.milliseconds);
        table.rows.push_back({row.name, summary.median, summary.minimum, summary.maximum,
                              static_cast<std::int64_t>(summary.count), summary.median / floorMs});
    }
    return table;
}

}  // namespace bench
