// What a window run keeps of its frames, for the flat and the planet
// viewers alike: the clock between frames, the frames recorded, the --stats
// report's series, the overlay's history and its smoothed frame time.
#pragma once

#include "app/OverlayPanel.h"
#include "scene/FrameTimings.h"
#include "viewer/RunStatistics.h"

#include <chrono>
#include <cstdint>
#include <functional>

namespace app {

class WindowFrameRecord {
public:
    // `started`: the command's start (for firstFrameSeconds).
    explicit WindowFrameRecord(std::chrono::steady_clock::time_point started);

    // Seconds since the previous call (at most a tenth, so a stalled frame
    // does not throw the camera far), for the camera's motion.
    double tick();

    // The statistics a frame recorded in slot order found completed (the
    // frame kFramesInFlight before it; nothing before that many frames).
    void noteCompleted(const scene::FrameStatistics& completed);
    // After a frame was submitted: counts it; after the first,
    // `waitForFirstFrame` waits for it and the start-up time is noted;
    // after the others, the time since the previous tick is a frame time.
    void noteRecorded(const std::function<void()>& waitForFirstFrame);

    [[nodiscard]] std::uint64_t recordedFrames() const { return recordedFrames_; }
    [[nodiscard]] double smoothedFrameMilliseconds() const { return smoothedFrameMs_; }
    [[nodiscard]] const TimingHistory& history() const { return history_; }
    [[nodiscard]] viewer::RunStatistics& statistics() { return statistics_; }

private:
    std::chrono::steady_clock::time_point started_;
    std::chrono::steady_clock::time_point previous_;
    double lastMilliseconds_ = 0.0;
    std::uint64_t recordedFrames_ = 0;
    double smoothedFrameMs_ = 0.0;
    TimingHistory history_;
    viewer::RunStatistics statistics_;
};

}  // namespace app
