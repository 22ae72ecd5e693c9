#include "scene/FrameTimings.h"

#include "leb/gpu/UpdatePipeline.h"
#include "terrain/PoolTerrain.h"
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
    const std::vector<std::string>& pool = terrain::PoolTerrain::timestampPassNames();
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
        } else if (time.name == pool[0]) {
            timings.pool.classifyMs = time.milliseconds;
            timings.pool.updated = true;
        } else if (time.name == pool[1]) {
            timings.pool.splitMs = time.milliseconds;
            timings.pool.updated = true;
        } else if (time.name == pool[2]) {
            timings.pool.allocateMs = time.milliseconds;
            timings.pool.updated = true;
        } else if (time.name == pool[3]) {
            timings.pool.bisectMs = time.milliseconds;
            timings.pool.updated = true;
        } else if (time.name == pool[4]) {
            timings.pool.mergeMs = time.milliseconds;
            timings.pool.updated = true;
        } else if (time.name == pool[5]) {
            timings.pool.reduceMs = time.milliseconds;
            timings.pool.updated = true;
        } else if (time.name == pool[6]) {
            timings.pool.indexMs = time.milliseconds;
            timings.pool.updated = true;
        } else if (time.name == terrain::kDrawTimestamp) {
            timings.drawMs = time.milliseconds;
        } else if (time.name == kSkyTimestamp) {
            timings.atmosphereMs += time.milliseconds;
        }
    }
    return timings;
}

}  // namespace scene
