// What the scene reports about its frames: the GPU time of each pass of a
// frame (PassTimings, from the frame's timestamps), the terrain's leaf and
// triangle counts and the CBT's size (FrameStatistics).
#pragma once

#include "vk/TimestampQueries.h"

#include "tiles/gpu/TileStream.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace scene {

// The update passes of the bisector pool backend (0 on the heap backend).
struct PoolPassTimings {
    double classifyMs = 0.0;
    double splitMs = 0.0;
    double allocateMs = 0.0;
    double bisectMs = 0.0;
    double mergeMs = 0.0;
    double reduceMs = 0.0;  // the occupancy tree's sum reduction
    double indexMs = 0.0;   // live and visible lists
    // Whether the frame ran the pool's update: not while frozen, nor once
    // the mesh has converged under a still view (PoolTerrain::recordUpdate).
    bool updated = false;

    [[nodiscard]] double totalMs() const
    {
        return classifyMs + splitMs + allocateMs + bisectMs + mergeMs + reduceMs + indexMs;
    }
};

// GPU time of each pass of one completed frame, in milliseconds.
struct PassTimings {
    double dispatcherMs = 0.0;  // both dispatcher runs of the CBT update
    double subdivisionMs = 0.0;
    double sumReductionMs = 0.0;
    double leafDecodeMs = 0.0;  // heap index of each leaf, for the draw (0 while frozen)
    PoolPassTimings pool{};     // the pool backend's update
    double drawMs = 0.0;        // the terrain's draw
    double atmosphereMs = 0.0;  // the atmosphere's per-frame tables + the sky pass
    double shadeMs = 0.0;       // deferred shading of the draw's pixels (the globe: surface, air and sky)
    double displayMs = 0.0;     // the display pass: exposure, tone curve, sRGB
    double vectorsMs = 0.0;     // the --vector layers (0 without)
};

struct FrameStatistics {
    // How the frame found the terrain's pixels (scene::RasterPath): its draw
    // through the graphics pipeline, or rasterized and shaded in compute.
    bool computeRaster = false;
    std::uint32_t leafCount = 0;         // CBT leaves (live bisectors of the pool) of the last completed frame
    std::uint32_t visibleCount = 0;      // leaves the draw covered (the pool culls; the heap draws every leaf)
    std::uint32_t deferredSplits = 0;    // pool: split requests waiting for free slots (the pool is full)
    std::uint64_t triangleCount = 0;     // visible leaves * 2^uniformSubdivision
    std::uint64_t cbtBytes = 0;          // size of the tessellation on the GPU: the CBT heap or the pool
    std::uint32_t poolCapacity = 0;      // pool: bisector slots (0 on the heap backend)
    double bytesPerBisector = 0.0;       // pool: bytes per slot
    std::optional<PassTimings> timings;  // empty until a frame's queries are available
    // GPU time of the last computation of the atmosphere's static tables
    // (transmittance, multiple scattering), e.g. at start-up.
    std::optional<double> atmosphereTablesMs;
    // A streamed elevation model's tiles (tiles::gpu::TileStream), as the
    // frame being recorded found them.
    std::optional<tiles::gpu::TileStreamStatistics> stream;
    // Streamed imagery's tiles, likewise.
    std::optional<tiles::gpu::TileStreamStatistics> imageryStream;
};

inline constexpr const char* kSkyTimestamp = "sky";
inline constexpr const char* kShadeTimestamp = "shade";
inline constexpr const char* kDisplayTimestamp = "display";
// The --vector layers over the display colour (labels' places included).
inline constexpr const char* kVectorsTimestamp = "vectors";

// The frame's timestamp passes: the terrain's (its update pipeline, the leaf
// decode, the draw), the sky and the display pass.
[[nodiscard]] std::vector<std::string> frameTimestampPassNames();

// One frame's PassTimings from its timestamp results; `atmosphereMs` (the
// atmosphere's per-frame tables) is added to the sky pass's time.
[[nodiscard]] PassTimings passTimingsOf(std::span<const vk::PassTime> times, double atmosphereMs);

}  // namespace scene
