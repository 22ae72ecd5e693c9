#include "scene/FrameTimings.h"

#include "leb/gpu/UpdatePipeline.h"
#include "terrain/PoolTerrain.h"
#include "terrain/Terrain.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace scene {

std::vector<std::string> frameTimestampPassNames()
{
    std::vector<std::string> names = terrain::Terrain::timestampPassNames();
    names.emplace_back(kSkyTimestamp);
    names.emplace_back(kShadeTimestamp);
    names.emplace_back(kDisplayTimestamp);
    names.emplace_back(kVectorsTimestamp);
    return names;
}

PassTimings passTimingsOf(std::span<const vk::PassTime> times, double atmosphereMs)
{
    const std::vector<std::string>& update = leb::gpu::UpdatePipeline::timestampPassNames();
    const std::vector<std::string>& pool = terrain::PoolTerrain::timestampPassNames();
    // The pool's passes in the order of its timestamp names.
    constexpr std::array<double PoolPassTimings::*, 7> kPoolFields{
        &PoolPassTimings::classifyMs, &PoolPassTimings::splitMs, &PoolPassTimings::allocateMs,
        &PoolPassTimings::bisectMs,   &PoolPassTimings::mergeMs, &PoolPassTimings::reduceMs,
        &PoolPassTimings::indexMs};
    PassTimings timings;
    timings.atmosphereMs = atmosphereMs;
    for (const vk::PassTime& time : times) {
        const auto poolPass = std::find(pool.begin(), pool.end(), time.name);
        if (poolPass != pool.end()) {
            timings.pool.*kPoolFields.at(static_cast<std::size_t>(poolPass - pool.begin())) = time.milliseconds;
            timings.pool.updated = true;
        } else if (time.name == update[0] || time.name == update[3]) {
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
        } else if (time.name == kShadeTimestamp) {
            timings.shadeMs = time.milliseconds;
        } else if (time.name == kDisplayTimestamp) {
            timings.displayMs = time.milliseconds;
        } else if (time.name == kVectorsTimestamp) {
            timings.vectorsMs = time.milliseconds;
        }
    }
    return timings;
}

}  // namespace scene
