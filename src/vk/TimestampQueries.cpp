#include "vk/TimestampQueries.h"

#include "vk/Barriers.h"

#include "vk/Device.h"
#include "vk/Error.h"

#include <algorithm>
#include <array>

namespace vk {

TimestampQueries::TimestampQueries(const Device& device, uint32_t framesInFlight, std::vector<std::string> passNames)
    : device_(device.handle()),
      nanosecondsPerTick_(static_cast<double>(device.timestampPeriod())),
      validMask_(device.timestampValidBits() >= 64 ? ~uint64_t{0} : (uint64_t{1} << device.timestampValidBits()) - 1),
      passNames_(std::move(passNames)),
      frames_(framesInFlight)
{
    if (framesInFlight == 0 || passNames_.empty()) {
        throw Error("vk::TimestampQueries: needs at least one frame in flight and one pass");
    }
    const auto queryCount = static_cast<uint32_t>(2 * passNames_.size());
    for (SlotQueries& slot : frames_) {
        VkQueryPoolCreateInfo info{};
        info.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO;
        info.queryType = VK_QUERY_TYPE_TIMESTAMP;
        info.queryCount = queryCount;
        VkQueryPool pool = VK_NULL_HANDLE;
        VK_CHECK(vkCreateQueryPool(device_, &info, nullptr, &pool));
        slot.pool = UniqueQueryPool(device_, pool);
        // Queries must be reset before their first use (also by collect()).
        vkResetQueryPool(device_, pool, 0, queryCount);
        slot.started.assign(passNames_.size(), false);
        slot.ended.assign(passNames_.size(), false);
    }
}

uint32_t TimestampQueries::passIndex(std::string_view name) const
{
    const auto found = std::find(passNames_.begin(), passNames_.end(), name);
    if (found == passNames_.end()) {
        throw Error("vk::TimestampQueries: no pass named \"" + std::string(name) + "\"");
    }
    return static_cast<uint32_t>(found - passNames_.begin());
}

void TimestampQueries::begin(VkCommandBuffer /*commands*/, uint32_t frame)
{
    if (frame >= frames_.size()) {
        throw Error("vk::TimestampQueries::begin: frame " + std::to_string(frame) + " of " +
                    std::to_string(frames_.size()));
    }
    currentFrame_ = frame;
    SlotQueries& slot = frames_[frame];
    // A host reset makes the old results unavailable at once, so collect()
    // cannot return them while this frame's commands are still pending.
    vkResetQueryPool(device_, slot.pool.get(), 0, static_cast<uint32_t>(2 * passNames_.size()));
    std::fill(slot.started.begin(), slot.started.end(), false);
    std::fill(slot.ended.begin(), slot.ended.end(), false);
    slot.begun = true;
}

TimestampQueries::SlotQueries& TimestampQueries::currentSlot()
{
    SlotQueries& slot = frames_.at(currentFrame_);
    if (!slot.begun) {
        throw Error("vk::TimestampQueries: writeStart/writeEnd before begin");
    }
    return slot;
}

void TimestampQueries::checkPassIndex(uint32_t passIndex) const
{
    if (passIndex >= passNames_.size()) {
        throw Error("vk::TimestampQueries: pass index " + std::to_string(passIndex) + " of " +
                    std::to_string(passNames_.size()));
    }
}

void TimestampQueries::writeStart(VkCommandBuffer commands, uint32_t passIndex)
{
    checkPassIndex(passIndex);
    SlotQueries& slot = currentSlot();
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, slot.pool.get(), 2 * passIndex);
    slot.started[passIndex] = true;
}

void TimestampQueries::writeEnd(VkCommandBuffer commands, uint32_t passIndex)
{
    checkPassIndex(passIndex);
    SlotQueries& slot = currentSlot();
    vkCmdWriteTimestamp(commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, slot.pool.get(), 2 * passIndex + 1);
    slot.ended[passIndex] = true;
}

std::optional<std::vector<PassTime>> TimestampQueries::collect(uint32_t frame) const
{
    if (frame >= frames_.size() || !frames_[frame].begun) {
        return std::nullopt;
    }
    const SlotQueries& slot = frames_[frame];
    std::vector<PassTime> times;
    for (uint32_t pass = 0; pass < passNames_.size(); ++pass) {
        if (!slot.started[pass] || !slot.ended[pass]) {
            continue;
        }
        // Two timestamps, each followed by its availability word.
        std::array<uint64_t, 4> values{};
        const VkResult result =
            vkGetQueryPoolResults(device_, slot.pool.get(), 2 * pass, 2, sizeof(values), values.data(),
                                  2 * sizeof(uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
        if (result == VK_NOT_READY || values[1] == 0 || values[3] == 0) {
            return std::nullopt;
        }
        checkResult(result, "vkGetQueryPoolResults");
        const uint64_t ticks = ((values[2] & validMask_) - (values[0] & validMask_)) & validMask_;
        times.push_back(PassTime{pass, passNames_[pass], static_cast<double>(ticks) * nanosecondsPerTick_ * 1e-6});
    }
    return times;
}

TimedPass::TimedPass(const Device& device, TimestampQueries* timer, VkCommandBuffer commands, std::string_view passName)
    : timer_(timer),
      commands_(commands)
{
    if (timer_ != nullptr) {
        passIndex_ = timer_->passIndex(passName);
        timer_->writeStart(commands_, passIndex_);
        memoryBarrier(device, commands_, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_NONE,
                      VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_NONE);
    }
}

TimedPass::~TimedPass()
{
    if (timer_ != nullptr) {
        timer_->writeEnd(commands_, passIndex_);
    }
}

}  // namespace vk
