#include "viewer/RunStatistics.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace viewer {

namespace {

void writeSummary(std::ostringstream& json, const SampleSeries& series)
{
    const std::optional<SeriesSummary> summary = series.summary();
    if (!summary) {
        json << "null";
        return;
    }
    json << "{\"median\": " << summary->median << ", \"min\": " << summary->minimum << ", \"max\": " << summary->maximum
         << ", \"count\": " << summary->count << "}";
}

}  // namespace

std::optional<SeriesSummary> SampleSeries::summary() const
{
    if (samples_.empty()) {
        return std::nullopt;
    }
    std::vector<double> sorted = samples_;
    std::sort(sorted.begin(), sorted.end());
    const size_t middle = sorted.size() / 2;
    SeriesSummary summary;
    summary.median = sorted.size() % 2 == 1 ? sorted[middle] : 0.5 * (sorted[middle - 1] + sorted[middle]);
    summary.minimum = sorted.front();
    summary.maximum = sorted.back();
    summary.count = sorted.size();
    return summary;
}

void RunStatistics::addFrameTime(double milliseconds)
{
    frameTimes_.add(milliseconds);
}

void RunStatistics::addFrameCpuTime(double milliseconds)
{
    frameCpuTimes_.add(milliseconds);
}

void RunStatistics::setPeakResidentMemory(std::optional<std::uint64_t> bytes)
{
    if (bytes) {
        peakResidentMemory_ = static_cast<double>(*bytes) / (1024.0 * 1024.0);
    }
}

void RunStatistics::addResidentMemory(double mebibytes)
{
    residentMemory_.add(mebibytes);
}

void RunStatistics::addFrameStatistics(const scene::FrameStatistics& statistics)
{
    if (statistics.timings) {
        const scene::PassTimings& timings = *statistics.timings;
        dispatcher_.add(timings.dispatcherMs);
        subdivision_.add(timings.subdivisionMs);
        sumReduction_.add(timings.sumReductionMs);
        leafDecode_.add(timings.leafDecodeMs);
        draw_.add(timings.drawMs);
        atmosphere_.add(timings.atmosphereMs);
        shade_.add(timings.shadeMs);
        display_.add(timings.displayMs);
        vectors_.add(timings.vectorsMs);
        const scene::PoolPassTimings& pool = timings.pool;
        const double poolMs[] = {pool.classifyMs, pool.splitMs,  pool.allocateMs, pool.bisectMs,
                                 pool.mergeMs,    pool.reduceMs, pool.indexMs};
        if (pool.updated) {
            for (std::size_t pass = 0; pass < poolPasses_.size(); ++pass) {
                poolPasses_[pass].add(poolMs[pass]);
            }
        }
        total_.add(timings.dispatcherMs + timings.subdivisionMs + timings.sumReductionMs + timings.leafDecodeMs +
                   pool.totalMs() + timings.drawMs + timings.atmosphereMs + timings.shadeMs + timings.displayMs +
                   timings.vectorsMs);
    }
    leafCounts_.add(static_cast<double>(statistics.leafCount));
    visibleCounts_.add(static_cast<double>(statistics.visibleCount));
    latest_ = statistics;
}

std::string RunStatistics::toJson(const RunDescription& description) const
{
    std::ostringstream json;
    json << std::setprecision(9);
    json << "{\n";
    json << "  \"device\": \"" << jsonEscaped(description.deviceName) << "\",\n";
    json << "  \"heightmap\": \"" << jsonEscaped(description.heightmapPath) << "\",\n";
    json << "  \"width\": " << description.width << ",\n";
    json << "  \"height\": " << description.height << ",\n";
    json << "  \"frames\": " << description.frames << ",\n";
    json << "  \"maxDepth\": " << description.maxDepth << ",\n";
    json << "  \"uniformSubdivision\": " << description.uniformSubdivision << ",\n";
    json << "  \"targetEdgePixels\": " << description.targetEdgePixels << ",\n";
    json << "  \"shading\": \"" << jsonEscaped(description.shading) << "\",\n";
    json << "  \"wireframe\": " << (description.wireframe ? "true" : "false") << ",\n";
    if (!description.globe) {
        json << "  \"terrain\": {\"extentMetres\": " << description.extentMetres
             << ", \"depthMetres\": " << description.depthMetres
             << ", \"heightScaleMetres\": " << description.heightScaleMetres
             << ", \"heightOffsetMetres\": " << description.heightOffsetMetres << "},\n";
    }
    if (firstFrameSeconds_) {
        json << "  \"firstFrameSeconds\": " << *firstFrameSeconds_ << ",\n";
    }
    json << "  \"frameTimeMs\": ";
    writeSummary(json, frameTimes_);
    json << ",\n  \"frameCpuMs\": ";
    writeSummary(json, frameCpuTimes_);
    json << ",\n  \"gpuTimesMs\": {";
    if (description.backend == "pool") {
        static constexpr const char* kPoolPasses[] = {"classify", "split",  "allocate", "bisect",
                                                      "merge",    "reduce", "index"};
        for (std::size_t pass = 0; pass < poolPasses_.size(); ++pass) {
            json << (pass == 0 ? "\n    \"" : ",\n    \"") << kPoolPasses[pass] << "\": ";
            writeSummary(json, poolPasses_[pass]);
        }
    } else {
        json << "\n    \"dispatcher\": ";
        writeSummary(json, dispatcher_);
        json << ",\n    \"subdivision\": ";
        writeSummary(json, subdivision_);
        json << ",\n    \"sumReduction\": ";
        writeSummary(json, sumReduction_);
        json << ",\n    \"leafDecode\": ";
        writeSummary(json, leafDecode_);
    }
    json << ",\n    \"draw\": ";
    writeSummary(json, draw_);
    json << ",\n    \"atmosphere\": ";
    writeSummary(json, atmosphere_);
    json << ",\n    \"shade\": ";
    writeSummary(json, shade_);
    json << ",\n    \"display\": ";
    writeSummary(json, display_);
    json << ",\n    \"vectors\": ";
    writeSummary(json, vectors_);
    json << ",\n    \"total\": ";
    writeSummary(json, total_);
    json << "\n  },\n";
    json << "  \"timedFrames\": " << dispatcher_.samples().size() << ",\n";
    json << "  \"backend\": \"" << jsonEscaped(description.backend) << "\",\n";
    json << "  \"raster\": \"" << jsonEscaped(description.raster) << "\",\n";
    if (const std::optional<RunDescription::DemSize>& dem = description.dem) {
        json << "  \"dem\": {\"fileColumns\": " << dem->fileColumns << ", \"fileRows\": " << dem->fileRows
             << ", \"reduction\": " << dem->reduction << "},\n";
    }
    if (const std::optional<geodesy::GeodeticPose>& geo = description.cameraGeo) {
        json << std::setprecision(12) << "  \"cameraGeo\": {\"latitude\": " << geo->latitudeDegrees
             << ", \"longitude\": " << geo->longitudeDegrees << ", \"height\": " << geo->heightMetres
             << ", \"heading\": " << geo->headingDegrees << ", \"pitch\": " << geo->pitchDegrees << "},\n"
             << std::setprecision(9);
    }
    if (const std::optional<RunDescription::Globe>& globe = description.globe) {
        json << "  \"planet\": {\"groundHeight\": " << globe->groundHeightMetres
             << ", \"seaLevel\": " << globe->seaLevelMetres << ", \"heightAboveSea\": " << globe->heightAboveSeaMetres
             << ", \"altitudeAboveGround\": " << globe->altitudeAboveGroundMetres
             << ", \"gridIntervals\": " << globe->gridIntervals << ", \"elevationBytes\": " << globe->elevationBytes
             << "},\n";
    }
    for (const auto& [name, statistics] :
         {std::pair{"stream", &stream_}, std::pair{"imageryStream", &imageryStream_}}) {
        if (!*statistics) {
            continue;
        }
        const tiles::gpu::TileStreamStatistics& stream = **statistics;
        json << "  \"" << name << "\": {\"residentTiles\": " << stream.residentTiles
             << ", \"residentBytes\": " << stream.residentBytes << ", \"atlasLayers\": " << stream.atlasLayers
             << ", \"gpuBytes\": " << stream.gpuBytes << ", \"cachedTiles\": " << stream.cachedTiles
             << ", \"cachedBytes\": " << stream.cachedBytes << ", \"requestedTiles\": " << stream.requestedTiles
             << ", \"missingTiles\": " << stream.missingTiles
             << ", \"finestRequestedLevel\": " << stream.finestRequestedLevel << ", \"misses\": " << stream.misses
             << ", \"tilesRead\": " << stream.tilesRead << ", \"bytesRead\": " << stream.bytesRead
             << ", \"readSeconds\": " << stream.readSeconds << ", \"filledTiles\": " << stream.filledTiles
             << ", \"cacheEvictions\": " << stream.cacheEvictions << ", \"atlasEvictions\": " << stream.atlasEvictions
             << "},\n";
    }
    if (coarseLevelRead_) {
        json << "  \"coarseLevel\": {\"readSeconds\": " << coarseLevelRead_->readSeconds
             << ", \"framesDrawnBefore\": " << coarseLevelRead_->framesDrawnBefore << "},\n";
    }
    if (groundBelowCamera_) {
        json << std::setprecision(12) << "  \"groundBelowCamera\": {\"level\": " << groundBelowCamera_->level
             << ", \"heightMetres\": " << groundBelowCamera_->heightMetres << "},\n"
             << std::setprecision(9);
    }
    if (description.backend == "pool" && latest_) {
        json << "  \"pool\": {\"capacity\": " << latest_->poolCapacity
             << ", \"bytesPerBisector\": " << latest_->bytesPerBisector
             << ", \"visibleBisectors\": " << latest_->visibleCount
             << ", \"deferredSplits\": " << latest_->deferredSplits
             << ", \"updatedFrames\": " << poolPasses_.front().samples().size()
             << ", \"convergedFrames\": " << total_.samples().size() - poolPasses_.front().samples().size();
        if (deepestPoolLevel_) {
            json << ", \"deepestLevel\": " << *deepestPoolLevel_;
        }
        json << "},\n";
    }
    json << "  \"leafCount\": ";
    if (const std::optional<SeriesSummary> leaves = leafCounts_.summary()) {
        json << "{\"last\": " << static_cast<uint64_t>(leafCounts_.samples().back())
             << ", \"min\": " << static_cast<uint64_t>(leaves->minimum)
             << ", \"max\": " << static_cast<uint64_t>(leaves->maximum) << "},\n";
    } else {
        json << "null,\n";
    }
    json << "  \"leafCountHistory\": [";
    for (size_t i = 0; i < leafCounts_.samples().size(); ++i) {
        json << (i == 0 ? "" : ", ") << static_cast<uint64_t>(leafCounts_.samples()[i]);
    }
    json << "],\n";
    json << "  \"triangleCount\": " << (latest_ ? latest_->triangleCount : 0) << ",\n";
    json << "  \"cbtBytes\": " << (latest_ ? latest_->cbtBytes : 0) << ",\n";
    json << "  \"atmosphereTablesMs\": ";
    if (latest_ && latest_->atmosphereTablesMs) {
        json << *latest_->atmosphereTablesMs << ",\n";
    } else {
        json << "null,\n";
    }
    json << "  \"peakResidentMemoryMiB\": ";
    if (peakResidentMemory_) {
        json << *peakResidentMemory_;
    } else {
        json << "null";
    }
    json << ",\n  \"residentMemoryMiB\": ";
    writeSummary(json, residentMemory_);
    json << ",\n  \"residentMemoryHistoryMiB\": [";
    for (size_t i = 0; i < residentMemory_.samples().size(); ++i) {
        json << (i == 0 ? "" : ", ") << residentMemory_.samples()[i];
    }
    json << "]\n";
    json << "}\n";
    return json.str();
}

std::string jsonEscaped(const std::string& text)
{
    std::string escaped;
    escaped.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '"': escaped += "\\\""; break;
            case '\\': escaped += "\\\\"; break;
            case '\n': escaped += "\\n"; break;
            case '\r': escaped += "\\r"; break;
            case '\t': escaped += "\\t"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char code[8];
                    std::snprintf(code, sizeof(code), "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
                    escaped += code;
                } else {
                    escaped += c;
                }
        }
    }
    return escaped;
}

void writeTextFile(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) {
        throw std::runtime_error(path.string() + ": cannot write: " + std::strerror(errno));
    }
    file << text;
    file.close();
    if (!file) {
        throw std::runtime_error(path.string() + ": cannot write: I/O error");
    }
}

}  // namespace viewer
