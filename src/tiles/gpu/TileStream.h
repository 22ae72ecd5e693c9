// A streamed raster (an elevation model's heights or imagery's colours):
// what the draw's shaders asked for comes in from a tile reader on a
// background thread (tiles::TileLoader), through a CPU cache
// (tiles::TileCache, within the CPU budget) into the GPU atlas (TileAtlas,
// within the GPU budget), least recently used tiles evicted first at both
// ends. The pyramid's level layout.levelCount() is held whole in memory (the
// terrain's heightmap, the imagery's texture), always resident: a tile that
// is missing falls back to it (or to a resident level between), so a window frame never waits
// for a read. A headless run waits (waitForReads) so that its frames are
// deterministic.
//
// Per frame slot: beginFrame when the slot's last submission completed (it
// reads what that frame asked for), recordUploads before the draw and
// recordRequestReadback after it.
#pragma once

#include "tiles/TileCache.h"
#include "tiles/TileLoader.h"
#include "tiles/TilePyramid.h"
#include "tiles/gpu/TileAtlas.h"

#include <vulkan/vulkan.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace vk {
class Device;
}

namespace tiles::gpu {

// What a surface streams, and within which budgets.
struct TileStreamSource {
    tiles::TilePyramidLayout layout;
    tiles::TileReaderFactory readerFactory;  // called once, on the loader's thread
    std::size_t gpuBudgetBytes = std::size_t{1024} << 20;
    std::size_t cpuBudgetBytes = std::size_t{512} << 20;  // the tile cache's share of it
    std::uint32_t uploadsPerFrame = 16;                   // tiles copied to the atlas per frame at most
    float texelsPerPixel = 1.0f;                          // terrain_StreamLevelOfDetail
    TileTexels texels = TileTexels::Heights;              // what the reader's tiles hold
};

// What the overlay and --stats report.
struct TileStreamStatistics {
    std::uint32_t residentTiles = 0;  // in the GPU atlas
    std::uint64_t residentBytes = 0;
    std::uint32_t atlasLayers = 0;
    std::uint64_t gpuBytes = 0;     // the atlas and its buffers
    std::uint32_t cachedTiles = 0;  // in the CPU cache
    std::uint64_t cachedBytes = 0;
    std::uint32_t requestedTiles = 0;        // asked for by the last completed frame
    std::uint32_t missingTiles = 0;          // of those, not resident when it was drawn
    std::uint32_t finestRequestedLevel = 0;  // of those; the level count when none was
    std::uint64_t misses = 0;                // such tiles over all frames
    std::uint32_t pendingReads = 0;          // queued for the reader
    std::uint64_t tilesRead = 0;
    std::uint64_t bytesRead = 0;
    double readSeconds = 0.0;       // the reader's time spent reading
    std::uint64_t filledTiles = 0;  // read with samples filled from a coarser level
    std::uint64_t cacheEvictions = 0;
    std::uint64_t atlasEvictions = 0;  // resident tiles replaced in the GPU atlas
    bool loading = false;              // tiles the view asked for are on their way
};

class TileStream {
public:
    TileStream(vk::Device& device, TileStreamSource source, std::uint32_t framesInFlight);
    ~TileStream();
    TileStream(const TileStream&) = delete;
    TileStream& operator=(const TileStream&) = delete;

    [[nodiscard]] const tiles::TilePyramidLayout& layout() const { return layout_; }
    [[nodiscard]] const TileAtlas& atlas() const { return atlas_; }
    [[nodiscard]] float texelsPerPixel() const { return texelsPerPixel_; }

    // Reads the tiles the slot's last frame asked for (it completed), takes
    // the tiles read since, stages the resident-to-be and asks the reader
    // for the rest.
    void beginFrame(std::uint32_t frameSlot);
    void recordUploads(VkCommandBuffer commands, std::uint32_t frameSlot);
    void recordRequestReadback(VkCommandBuffer commands, std::uint32_t frameSlot);

    // Forgets every tile read with samples filled from the base (in the
    // reader, the CPU cache and the atlas), to be read again: for a base
    // replaced since (Terrain::replaceBaseHeightmap), once the reader fills
    // from the new one.
    void dropFilledTiles();

    // Blocks until the reader has read everything asked for, or `timeout`
    // passed (false). Throws std::runtime_error when the reader failed.
    bool waitForReads(std::chrono::milliseconds timeout);
    // Whether the last completed frame was drawn with every tile it asked
    // for resident, nothing is waiting to be staged and the reader is idle.
    [[nodiscard]] bool settled() const;
    // The height the finest resident tile holds at a level-0 position
    // (bilinear, clamped to the edges as the shaders sample it), read back
    // from the atlas (waits for the device): for tests and tools. Empty
    // where no tile is resident.
    struct ProbedHeight {
        std::uint32_t level = 0;
        double normalised = 0.0;  // 0..1 over the streaming range
    };
    [[nodiscard]] std::optional<ProbedHeight> probe(double levelZeroColumn, double levelZeroRow) const;

    // The samples of the tile of `entry` when the atlas holds it and the CPU
    // cache still has it (marked used there), else nullptr: for a CPU
    // estimate of what the GPU draws (the ground under a camera).
    [[nodiscard]] const std::uint16_t* residentSamples(std::uint32_t entry);

    // Warnings of the reader (damaged tiles, ...), each once.
    std::vector<std::string> takeWarnings();
    [[nodiscard]] TileStreamStatistics statistics() const;

private:
    void readRequests(std::uint32_t frameSlot);
    void serveWanted(std::uint32_t frameSlot);
    void addWithAncestors(std::uint32_t entry, std::vector<std::uint32_t>& needed, std::vector<bool>& listed);

    tiles::TilePyramidLayout layout_;
    float texelsPerPixel_;
    TileAtlas atlas_;
    tiles::TileCache cache_;
    std::unique_ptr<tiles::TileLoader> loader_;
    std::vector<std::uint64_t> slotFrames_;  // the frame each slot last recorded (0: none)
    std::uint64_t frame_ = 0;
    std::vector<std::uint32_t> wanted_;  // entries the last completed frame asked for
    std::uint32_t missingTiles_ = 0;
    std::uint64_t misses_ = 0;
    bool unservedWanted_ = false;      // wanted tiles neither resident nor staged this frame
    std::vector<bool> filledEntries_;  // the entry's resident tile has filled samples
};

}  // namespace tiles::gpu
