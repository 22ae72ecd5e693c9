#include "scene/FrameTimings.h"

#include "leb/gpu/UpdatePipeline.h"
#include "terrain/Terrain.h"

namespace scene {

std::vector<std::string> frameTimestampPassNames()
{
    std::vector<std::string> names = terrain::Terrain::timestampPassNames();
    names.emplace_back(kSkyTimestamp);
    return names;
}

PassTimings passTimingsOf(std::span<const vk::PassTime> times, double atmosphereMs)
{
    const std::vector<std::string>& update = leb::gpu::UpdatePipeline::timestampPassNames();
    PassTimings timings;
    timings.atmosphereMs = atmosphereMs;
    for (const vk::PassTime& time : times) {
        if (time.name == update[0] || time.name == update[3]) {
            timings.dispatcherMs += time.milliseconds;
        } else if (time.name == update[1]) {
            timings.subdivisionMs = time.milliseconds;
        } else if (time.name == update[2]) {
            timings.sumReductionMs = time.milliseconds;
        } else if (time.name == terrain::kLeafDecodeTimestamp) {
            timings.leafDecodeMs = time.milliseconds;
        } else if (time.name == terrain::kDrawTimestamp) {
            timings.drawMs = time.milliseconds;
        } else if (time.name == kSkyTimestamp) {
            timings.atmosphereMs += time.milliseconds;
        }
    }
    return timings;
}

}  // namespace scene
