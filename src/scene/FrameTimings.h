// What the scene reports about its frames: the GPU time of each pass of a
// frame (PassTimings, from the frame's timestamps), the terrain's leaf and
// triangle counts and the CBT's size (FrameStatistics).
#pragma once

#include "vk/TimestampQueries.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scene {

// GPU time of each pass of one completed frame, in milliseconds.
struct PassTimings {
    double dispatcherMs = 0.0;  // both dispatcher runs of the CBT update
    double subdivisionMs = 0.0;
    double sumReductionMs = 0.0;
    double leafDecodeMs = 0.0;  // heap index of each leaf, for the draw (0 while frozen)
    double drawMs = 0.0;        // the terrain's draw
    double atmosphereMs = 0.0;  // the atmosphere's per-frame tables + the sky pass
};

struct FrameStatistics {
    std::uint32_t leafCount = 0;         // CBT leaves of the last completed frame
    std::uint64_t triangleCount = 0;     // leaves * 2^uniformSubdivision
    std::uint64_t cbtBytes = 0;          // size of the CBT heap
    std::optional<PassTimings> timings;  // empty until a frame's queries are available
    // GPU time of the last computation of the atmosphere's static tables
    // (transmittance, multiple scattering), e.g. at start-up.
    std::optional<double> atmosphereTablesMs;
};

inline constexpr const char* kSkyTimestamp = "sky";

// The frame's timestamp passes: the terrain's (its update pipeline, the leaf
// decode, the draw) and the sky.
[[nodiscard]] std::vector<std::string> frameTimestampPassNames();

// One frame's PassTimings from its timestamp results; `atmosphereMs` (the
// atmosphere's per-frame tables) is added to the sky pass's time.
[[nodiscard]] PassTimings passTimingsOf(std::span<const vk::PassTime> times, double atmosphereMs);

}  // namespace scene
