// The terrain renderer's GPU timestamp passes: their names and the per-pass
// times of a frame (PassTimings) from the timestamps' results.
#pragma once

#include "terrain/TerrainRenderer.h"
#include "vk/TimestampQueries.h"

#include <span>
#include <string>
#include <vector>

namespace terrain {

inline constexpr const char* kDrawTimestamp = "draw";
inline constexpr const char* kSkyTimestamp = "sky";
inline constexpr const char* kLeafDecodeTimestamp = "leaf decode";

// The update pipeline's passes, then the leaf decode, the sky and the draw.
[[nodiscard]] std::vector<std::string> rendererTimestampPassNames();

// One frame's PassTimings from its timestamp results; `atmosphereMs` (the
// atmosphere's per-frame tables) is added to the sky pass's time.
[[nodiscard]] PassTimings passTimingsOf(std::span<const vk::PassTime> times, double atmosphereMs);

}  // namespace terrain
