// What a run measured, frame by frame, and its JSON report (--stats).
#pragma once

#include "scene/FrameTimings.h"
#include "viewer/GeodeticCamera.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace viewer {

struct SeriesSummary {
    double median = 0.0;  // the mean of the two middle samples for an even count
    double minimum = 0.0;
    double maximum = 0.0;
    size_t count = 0;
};

// A list of samples and its median / min / max.
class SampleSeries {
public:
    void add(double sample) { samples_.push_back(sample); }
    [[nodiscard]] bool empty() const { return samples_.empty(); }
    [[nodiscard]] const std::vector<double>& samples() const { return samples_; }
    // std::nullopt when empty.
    [[nodiscard]] std::optional<SeriesSummary> summary() const;

private:
    std::vector<double> samples_;
};

// Facts about the run that the report repeats.
struct RunDescription {
    std::string deviceName;
    std::string heightmapPath;
    uint32_t width = 0;
    uint32_t height = 0;
    uint32_t frames = 0;
    int maxDepth = 0;
    int uniformSubdivision = 0;
    float targetEdgePixels = 0.0f;
    std::string shading;
    bool wireframe = false;
    // The terrain's world size (terrain::TerrainSettings): from the command
    // line, a DEM's georeferencing and heights, or the defaults.
    float extentMetres = 0.0f;
    float depthMetres = 0.0f;
    float heightScaleMetres = 0.0f;
    float heightOffsetMetres = 0.0f;
    std::string backend = "heap";     // "heap" or "pool"
    std::string raster = "graphics";  // scene::rasterPathName: how the terrain's pixels were found
    // The last frame's camera in WGS 84 terms (GeodeticCamera.h), on a
    // georeferenced terrain; the same numbers --camera-geo takes.
    std::optional<geodesy::GeodeticPose> cameraGeo;
    // An elevation model's own size and the power-of-two reduction it was read
    // at to fit the device (dem/DemReadScale.h); empty for a PNG.
    struct DemSize {
        std::uint32_t fileColumns = 0;
        std::uint32_t fileRows = 0;
        std::uint32_t reduction = 1;
    };
    std::optional<DemSize> dem;
    // Planet mode (--planet): the ground under the camera (above sea
    // level), sea level there (the geoid, above the ellipsoid), how high the
    // camera is above sea level and above the ground, the cube grid's
    // intervals a face side and the bytes of the elevation on the GPU.
    struct Globe {
        double groundHeightMetres = 0.0;
        double seaLevelMetres = 0.0;
        double heightAboveSeaMetres = 0.0;
        double altitudeAboveGroundMetres = 0.0;
        std::uint32_t gridIntervals = 0;
        std::uint64_t elevationBytes = 0;
    };
    std::optional<Globe> globe;
};

// A streamed DEM's coarse level read in the background (viewer/BackgroundCoarseLevel.h).
struct CoarseLevelRead {
    double readSeconds = 0.0;             // from the read's start to the coarse level in the scene
    std::uint64_t framesDrawnBefore = 0;  // frames drawn on the placeholder meanwhile
};

class RunStatistics {
public:
    // CPU wall time of one frame, in milliseconds.
    void addFrameTime(double milliseconds);
    // The part of a frame's wall time not spent waiting for the GPU to free
    // its slot ("frameCpuMs", headless runs): when the frame time exceeds
    // the GPU's, this says whether the CPU is the bound.
    void addFrameCpuTime(double milliseconds);
    // Seconds from the command to its first frame done ("firstFrameSeconds").
    void setFirstFrameSeconds(double seconds) { firstFrameSeconds_ = seconds; }
    // The renderer's statistics of one completed frame (each completed frame
    // once): pass timings when present, and the leaf count.
    void addFrameStatistics(const scene::FrameStatistics& statistics);
    // The height of a streamed DEM's resident tiles straight below the
    // camera at the end of the run, and the level it came from (the
    // "groundBelowCamera" object).
    struct GroundProbe {
        std::uint32_t level = 0;
        double heightMetres = 0.0;
    };
    void setGroundBelowCamera(const GroundProbe& probe) { groundBelowCamera_ = probe; }
    // The deepest level of the pool's bisectors as the run left them (the
    // "pool" object's "deepestLevel"; the square is depth 0).
    void setDeepestPoolLevel(int level) { deepestPoolLevel_ = level; }
    // A streamed DEM's tiles as the run left them (the "stream" object).
    void setStreamStatistics(const tiles::gpu::TileStreamStatistics& stream) { stream_ = stream; }
    [[nodiscard]] const std::optional<tiles::gpu::TileStreamStatistics>& stream() const { return stream_; }
    // Streamed imagery's tiles ("imageryStream", as "stream").
    void setImageryStreamStatistics(const tiles::gpu::TileStreamStatistics& stream) { imageryStream_ = stream; }
    [[nodiscard]] const std::optional<tiles::gpu::TileStreamStatistics>& imageryStream() const
    {
        return imageryStream_;
    }
    // A streamed DEM's coarse level read in the background (the
    // "coarseLevel" object: "readSeconds", "framesDrawnBefore", 0 headless).
    void setCoarseLevelRead(const CoarseLevelRead& read) { coarseLevelRead_ = read; }
    // The process's resident memory after one frame, in MiB.
    void addResidentMemory(double mebibytes);
    // The most the process held resident over the run, start-up included
    // ("peakResidentMemoryMiB"; null when unknown).
    void setPeakResidentMemory(std::optional<std::uint64_t> bytes);

    [[nodiscard]] const SampleSeries& frameTimes() const { return frameTimes_; }
    [[nodiscard]] const SampleSeries& frameCpuTimes() const { return frameCpuTimes_; }
    [[nodiscard]] const SampleSeries& dispatcherTimes() const { return dispatcher_; }
    [[nodiscard]] const SampleSeries& subdivisionTimes() const { return subdivision_; }
    [[nodiscard]] const SampleSeries& sumReductionTimes() const { return sumReduction_; }
    [[nodiscard]] const SampleSeries& leafDecodeTimes() const { return leafDecode_; }
    [[nodiscard]] const SampleSeries& drawTimes() const { return draw_; }
    [[nodiscard]] const SampleSeries& atmosphereTimes() const { return atmosphere_; }
    [[nodiscard]] const SampleSeries& shadeTimes() const { return shade_; }
    [[nodiscard]] const SampleSeries& displayTimes() const { return display_; }
    [[nodiscard]] const SampleSeries& leafCounts() const { return leafCounts_; }
    [[nodiscard]] const SampleSeries& visibleCounts() const { return visibleCounts_; }
    [[nodiscard]] const SampleSeries& residentMemory() const { return residentMemory_; }
    [[nodiscard]] const std::optional<scene::FrameStatistics>& latest() const { return latest_; }

    // The --stats report: the description, frame times, per-pass GPU times
    // (median/min/max/count in ms; "leafDecode" is the heap index of each
    // leaf, decoded once per frame for the draw; "atmosphere" is the atmosphere's
    // per-frame tables + the sky pass; "shade" the deferred shading of the
    // draw's pixels, the globe's surface, air and sky; "display" the display
    // pass: exposure, tone curve, sRGB; "vectors" the --vector layers, 0
    // without), leaf counts (last/min/max and the
    // per-frame history), triangle count, CBT bytes, the GPU time of the
    // atmosphere's static tables (atmosphereTablesMs, null when unknown) and
    // the resident memory in MiB (residentMemoryMiB median/min/max/count and
    // residentMemoryHistoryMiB, one sample per frame). On the pool backend
    // the update's passes are classify, split, allocate, bisect, merge,
    // reduce and index instead of the heap's dispatcher, subdivision, sum
    // reduction and leaf decode, "leafCount" counts live bisectors, and
    // "pool" gives the capacity, bytes per bisector, visible bisectors, the
    // split requests a full pool made wait, and how many timed frames ran the
    // update (updatedFrames; the pool passes' times are theirs) and how many
    // left it out (convergedFrames: frozen, or converged under a still view).
    [[nodiscard]] std::string toJson(const RunDescription& description) const;

private:
    SampleSeries frameTimes_;
    SampleSeries frameCpuTimes_;
    SampleSeries dispatcher_;
    SampleSeries subdivision_;
    SampleSeries sumReduction_;
    SampleSeries leafDecode_;
    SampleSeries draw_;
    SampleSeries atmosphere_;
    SampleSeries shade_;
    SampleSeries display_;
    SampleSeries vectors_;
    SampleSeries total_;
    SampleSeries leafCounts_;
    SampleSeries visibleCounts_;
    std::vector<SampleSeries> poolPasses_ = std::vector<SampleSeries>(7);  // classify .. index
    SampleSeries residentMemory_;
    std::optional<scene::FrameStatistics> latest_;
    std::optional<tiles::gpu::TileStreamStatistics> stream_;
    std::optional<tiles::gpu::TileStreamStatistics> imageryStream_;
    std::optional<GroundProbe> groundBelowCamera_;
    std::optional<int> deepestPoolLevel_;
    std::optional<CoarseLevelRead> coarseLevelRead_;
    std::optional<double> peakResidentMemory_;
    std::optional<double> firstFrameSeconds_;
};

// `text` with JSON string escapes, without the surrounding quotes.
std::string jsonEscaped(const std::string& text);

// Writes `text` to `path` (replacing it). Throws std::runtime_error
// ("PATH: cannot write: reason") on failure.
void writeTextFile(const std::filesystem::path& path, const std::string& text);

}  // namespace viewer
