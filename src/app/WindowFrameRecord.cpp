#include "app/WindowFrameRecord.h"

#include "viewer/ViewerSetup.h"

#include <algorithm>

namespace app {
namespace {

constexpr double kMaxFrameSeconds = 0.1;

}  // namespace

WindowFrameRecord::WindowFrameRecord(std::chrono::steady_clock::time_point started)
    : started_(started),
      previous_(std::chrono::steady_clock::now())
{
}

double WindowFrameRecord::tick()
{
    const auto now = std::chrono::steady_clock::now();
    const double seconds = std::chrono::duration<double>(now - previous_).count();
    lastMilliseconds_ = 1000.0 * seconds;
    previous_ = now;
    return std::min(seconds, kMaxFrameSeconds);
}

void WindowFrameRecord::noteCompleted(const scene::FrameStatistics& completed)
{
    if (recordedFrames_ < viewer::kFramesInFlight) {
        return;
    }
    statistics_.addFrameStatistics(completed);
    if (completed.timings) {
        history_.addPasses(*completed.timings);
    }
}

void WindowFrameRecord::noteRecorded(const std::function<void()>& waitForFirstFrame)
{
    ++recordedFrames_;
    if (recordedFrames_ == 1) {
        // Start-up: from the command to the first frame done.
        waitForFirstFrame();
        statistics_.setFirstFrameSeconds(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count());
        return;
    }
    statistics_.addFrameTime(lastMilliseconds_);
    history_.frame.add(static_cast<float>(lastMilliseconds_));
    smoothedFrameMs_ = smoothedFrameMs_ == 0.0 ? lastMilliseconds_ : 0.9 * smoothedFrameMs_ + 0.1 * lastMilliseconds_;
}

}  // namespace app
