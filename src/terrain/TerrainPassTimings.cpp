#include "terrain/TerrainPassTimings.h"

#include "leb/gpu/UpdatePipeline.h"

namespace terrain {

std::vector<std::string> rendererTimestampPassNames()
{
    std::vector<std::string> names = leb::gpu::UpdatePipeline::timestampPassNames();
    names.emplace_back(kLeafDecodeTimestamp);
    names.emplace_back(kSkyTimestamp);
    names.emplace_back(kDrawTimestamp);
    return names;
}

PassTimings passTimingsOf(std::span<const vk::PassTime> times, double atmosphereMs)
{
    PassTimings timings;
    timings.atmosphereMs = atmosphereMs;
    for (const vk::PassTime& time : times) {
        if (time.name == "dispatcher" || time.name == "draw dispatcher") {
            timings.dispatcherMs += time.milliseconds;
        } else if (time.name == "subdivision") {
            timings.subdivisionMs = time.milliseconds;
        } else if (time.name == "sum reduction") {
            timings.sumReductionMs = time.milliseconds;
        } else if (time.name == kLeafDecodeTimestamp) {
            timings.leafDecodeMs = time.milliseconds;
        } else if (time.name == kDrawTimestamp) {
            timings.drawMs = time.milliseconds;
        } else if (time.name == kSkyTimestamp) {
            timings.atmosphereMs += time.milliseconds;
        }
    }
    return timings;
}

}  // namespace terrain
