// The GPU side of a streamed raster: of an elevation model
// (terrain/StreamedHeights.glsl, planet/CubeStreamedElevation.glsl), an
// R16_UNORM 2D array image with one height tile per layer; of imagery
// (surface/StreamedImagery.glsl), an R8G8B8A8_SRGB one. Beside it, the page table
// that maps each tile of the pyramid (tiles::TilePyramidLayout entry) to its
// layer, and the request bits the draw's shaders set for the tiles they ask
// for, read back once the frame completed. Layers are reused least recently
// used first. A terrain without streaming binds an atlas made without a
// layout: one empty layer and a page table of one absent entry.
//
// Per frame, in the frame's command buffer: stage() tiles, then
// recordUploads() before the draw (copies, page table, cleared requests, with
// the barriers from earlier frames' draws), and recordRequestReadback() after
// the draw.
#pragma once

#include "tiles/TilePyramid.h"
#include "vk/Buffer.h"
#include "vk/Image.h"

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace vk {
class Device;
}

namespace tiles::gpu {

// What the criterion knows of a resident tile's share (the tileSize x
// tileSize samples without the apron, clipped to the level), laid out as
// terrain_TileStatistics in terrain/StreamedStatistics.glsl.
struct TileStatistics {
    std::uint32_t bounds = 0;        // Tile::lowest in the low 16 bits, highest in the high 16
    float meanHeight = 0.0F;         // Tile::meanHeight
    float meanSquaredHeight = 0.0F;  // Tile::meanSquaredHeight
    float samples = 0.0F;            // samples of the share, the weight of its moments

    bool operator==(const TileStatistics&) const = default;
};
static_assert(sizeof(TileStatistics) == 16);

// What a tile's texels are (tiles::Tile): heights, read back exactly with
// texelFetch through a nearest sampler; or colours, filtered bilinearly
// within a layer through a linear sampler.
enum class TileTexels { Heights, Colours };

class TileAtlas {
public:
    // Layers: as many tiles as `budgetBytes` holds, at most the device's
    // maxImageArrayLayers and the pyramid's tile count. `uploadsPerFrame`
    // tiles can be staged per frame slot.
    TileAtlas(vk::Device& device, const std::optional<tiles::TilePyramidLayout>& layout, std::size_t budgetBytes,
              std::uint32_t framesInFlight, std::uint32_t uploadsPerFrame, TileTexels texels = TileTexels::Heights);

    static constexpr VkImageLayout kLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    // Whether it holds a streamed model's tiles (not the empty atlas the
    // draws bind when nothing streams).
    [[nodiscard]] bool streams() const { return layout_.has_value(); }
    [[nodiscard]] VkImageView view() const { return atlas_.view.get(); }
    [[nodiscard]] VkSampler sampler() const { return sampler_.handle(); }
    [[nodiscard]] const vk::Buffer& pageTable() const { return pageTable_; }
    [[nodiscard]] const vk::Buffer& requests() const { return requests_; }
    // Per page-table entry, the statistics of its tile's share that the
    // level-of-detail criterion reads (TileStatistics, 16 bytes);
    // meaningful where the page table says resident. Heights only: an
    // atlas of colours holds one empty entry.
    [[nodiscard]] const vk::Buffer& tileStatistics() const { return tileStatistics_; }

    [[nodiscard]] std::uint32_t layerCount() const { return static_cast<std::uint32_t>(layerEntries_.size()); }
    [[nodiscard]] std::size_t tileBytes() const { return tileBytes_; }
    [[nodiscard]] std::uint32_t residentCount() const { return residentCount_; }
    // Counts the page table's changes: a new value once a tile was staged
    // (and, with it, one evicted), for what caches heights from the tiles.
    [[nodiscard]] std::uint64_t pageTableVersion() const { return pageTableVersion_; }
    // Resident tiles replaced by others since construction.
    [[nodiscard]] std::uint64_t evictions() const { return evictions_; }
    [[nodiscard]] std::uint64_t residentBytes() const { return std::uint64_t{residentCount_} * tileBytes_; }
    // Bytes of the atlas image, the page table, the requests and staging.
    [[nodiscard]] std::uint64_t deviceBytes() const;

    [[nodiscard]] bool resident(std::uint32_t entry) const { return entryLayers_.at(entry) != 0; }
    // The frame whose draw first saw the tile resident (its upload's frame).
    [[nodiscard]] std::uint64_t residentSince(std::uint32_t entry) const { return residentSince_.at(entry); }
    // Marks a resident tile as used by `frame`: the last to be reused.
    void touch(std::uint32_t entry, std::uint64_t frame);

    // Stages `tile` (entry `entry`) for the upload of `frameSlot`, recorded
    // for `frame`, into the least recently used layer not used by `frame`.
    // False when the slot's staging is full or every layer is used by `frame`.
    bool stage(const tiles::Tile& tile, std::uint32_t entry, std::uint32_t frameSlot, std::uint64_t frame);
    [[nodiscard]] bool stagingFull(std::uint32_t frameSlot) const;
    // Makes the tile of `entry` not resident (nothing when it is not): its
    // layer is free again, the page table says so from the next upload on.
    void evict(std::uint32_t entry);

    // Records the staged copies, the page table's changes and the cleared
    // request bits, ordered after earlier frames' draws and before this
    // frame's vertex and fragment shaders.
    void recordUploads(VkCommandBuffer commands, std::uint32_t frameSlot);
    // Records the copy of the request bits to the slot's read-back, after
    // the frame's draw.
    void recordRequestReadback(VkCommandBuffer commands, std::uint32_t frameSlot) const;
    // The request bits of the slot's last frame, once it completed.
    [[nodiscard]] std::span<const std::uint32_t> requestWords(std::uint32_t frameSlot) const;

    // For tests and tools; both wait for the device first. The samples of
    // the resident height tile of `entry` (empty when it is not resident),
    // the texels' bytes of any tile, and the page table as the GPU holds it.
    [[nodiscard]] std::vector<std::uint16_t> readBackTile(std::uint32_t entry) const;
    [[nodiscard]] std::vector<std::uint8_t> readBackTileBytes(std::uint32_t entry) const;
    [[nodiscard]] std::vector<std::uint32_t> readBackPageTable() const;
    [[nodiscard]] std::vector<TileStatistics> readBackTileStatistics() const;

private:
    [[nodiscard]] std::vector<std::uint32_t> readBackWords(const vk::Buffer& buffer) const;

    struct Staged {
        std::uint32_t layer = 0;
        VkDeviceSize offset = 0;
    };

    vk::Device* device_;
    std::optional<tiles::TilePyramidLayout> layout_;
    TileTexels texels_ = TileTexels::Heights;
    std::uint32_t storedSize_ = 1;
    std::size_t tileBytes_ = 2;
    std::uint32_t uploadsPerFrame_ = 1;
    vk::DeviceLocalImage atlas_;
    vk::Sampler sampler_;
    vk::Buffer pageTable_;
    vk::Buffer tileStatistics_;
    vk::Buffer requests_;
    std::vector<vk::Buffer> staging_;   // per frame slot
    std::vector<vk::Buffer> readback_;  // per frame slot
    std::vector<std::vector<Staged>> staged_;
    std::vector<std::uint32_t> entryLayers_;       // the page table's contents: layer + 1, 0 absent
    std::vector<TileStatistics> entryStatistics_;  // tileStatistics_'s contents
    std::vector<std::uint64_t> residentSince_;
    std::vector<std::uint32_t> layerEntries_;  // entry + 1, 0 free
    std::vector<std::uint64_t> layerLastUse_;
    std::uint32_t residentCount_ = 0;
    std::uint64_t evictions_ = 0;
    std::uint64_t pageTableVersion_ = 0;
    std::uint32_t dirtyFirst_ = 0;  // entries [dirtyFirst_, dirtyEnd_) of the page table and statistics changed
    std::uint32_t dirtyEnd_ = 0;
};

}  // namespace tiles::gpu
