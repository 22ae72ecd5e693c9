#include "tiles/gpu/TileAtlas.h"

#include "vk/Barriers.h"
#include "vk/Device.h"
#include "vk/Error.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace tiles::gpu {

namespace {

VkFormat formatOf(TileTexels texels)
{
    return texels == TileTexels::Heights ? VK_FORMAT_R16_UNORM : VK_FORMAT_R8G8B8A8_SRGB;
}

std::size_t texelBytes(TileTexels texels)
{
    return texels == TileTexels::Heights ? sizeof(std::uint16_t) : 4;
}

// Bilinear within a layer, never across layers (array layers are not
// filtered together) nor past a layer's edge.
constexpr vk::SamplerDescription kColourTileSampler{VK_FILTER_LINEAR, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                                    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, 1.0f};
// Who reads the tiles: the criterion (compute) and the draw's shaders.
constexpr VkPipelineStageFlags2 kTileReaders = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT |
                                               VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT |
                                               VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
constexpr VkAccessFlags2 kStorageReadWrite = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
// vkCmdUpdateBuffer writes at most this many bytes at a time.
constexpr std::uint32_t kMaxUpdateBytes = 65536;

std::uint32_t layersFor(const vk::Device& device, const std::optional<tiles::TilePyramidLayout>& layout,
                        std::size_t budgetBytes, std::size_t tileBytes)
{
    if (!layout) {
        return 1;
    }
    const std::size_t byBudget = std::max<std::size_t>(budgetBytes / tileBytes, 1);
    const std::size_t byDevice = device.limits().maxImageArrayLayers;
    return static_cast<std::uint32_t>(std::min({byBudget, byDevice, std::size_t{layout->entryCount()}}));
}

}  // namespace

TileAtlas::TileAtlas(vk::Device& device, const std::optional<tiles::TilePyramidLayout>& layout, std::size_t budgetBytes,
                     std::uint32_t framesInFlight, std::uint32_t uploadsPerFrame, TileTexels texels)
    : device_(&device),
      layout_(layout),
      texels_(texels),
      storedSize_(layout ? layout->storedSize() : 1),
      tileBytes_(std::size_t{storedSize_} * storedSize_ * texelBytes(texels)),
      uploadsPerFrame_(std::max(uploadsPerFrame, 1u))
{
    const std::uint32_t layers = layersFor(device, layout, budgetBytes, tileBytes_);
    const std::uint32_t entries = layout ? layout->entryCount() : 1;
    atlas_ = vk::createDeviceLocalImageArray(
        device, formatOf(texels), VkExtent2D{storedSize_, storedSize_}, layers,
        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
    sampler_ = vk::Sampler(device, texels == TileTexels::Heights ? vk::kNearestTexelSampler : kColourTileSampler);
    pageTable_ = vk::Buffer(device, VkDeviceSize{entries} * sizeof(std::uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    // Only heights have statistics (the criterion's): colours keep one entry.
    const std::uint32_t statisticsEntries = texels == TileTexels::Heights ? entries : 1;
    tileStatistics_ = vk::Buffer(device, VkDeviceSize{statisticsEntries} * sizeof(TileStatistics),
                                 VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const VkDeviceSize requestBytes = VkDeviceSize{(entries + 31) / 32} * sizeof(std::uint32_t);
    requests_ = vk::Buffer(device, requestBytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    for (std::uint32_t slot = 0; slot < framesInFlight; ++slot) {
        staging_.emplace_back(device, VkDeviceSize{uploadsPerFrame_} * tileBytes_, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                              vk::MemoryLocation::HostUpload);
        readback_.emplace_back(device, requestBytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                               vk::MemoryLocation::HostReadback);
        std::memset(readback_.back().mapped().data(), 0, readback_.back().mapped().size());
    }
    staged_.resize(framesInFlight);
    entryLayers_.assign(entries, 0);
    entryStatistics_.assign(statisticsEntries, TileStatistics{});
    residentSince_.assign(entries, 0);
    layerEntries_.assign(layers, 0);
    layerLastUse_.assign(layers, 0);

    // Every layer readable from the start (the page table points at none),
    // an empty page table and no request.
    const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, layers};
    device.submitAndWait([&](VkCommandBuffer commands) {
        vk::imageBarrier(device, commands, atlas_.image.get(), range, VK_IMAGE_LAYOUT_UNDEFINED, kLayout,
                         VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE, kTileReaders, VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
        vkCmdFillBuffer(commands, pageTable_.handle(), 0, VK_WHOLE_SIZE, 0);
        vkCmdFillBuffer(commands, tileStatistics_.handle(), 0, VK_WHOLE_SIZE, 0);
        vkCmdFillBuffer(commands, requests_.handle(), 0, VK_WHOLE_SIZE, 0);
        vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          kTileReaders | VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                          kStorageReadWrite | VK_ACCESS_2_TRANSFER_WRITE_BIT);
    });
}

std::uint64_t TileAtlas::deviceBytes() const
{
    std::uint64_t bytes =
        std::uint64_t{layerCount()} * tileBytes_ + pageTable_.size() + tileStatistics_.size() + requests_.size();
    for (const vk::Buffer& buffer : staging_) {
        bytes += buffer.size();
    }
    for (const vk::Buffer& buffer : readback_) {
        bytes += buffer.size();
    }
    return bytes;
}

void TileAtlas::touch(std::uint32_t entry, std::uint64_t frame)
{
    const std::uint32_t layer = entryLayers_.at(entry);
    if (layer != 0) {
        layerLastUse_[layer - 1] = std::max(layerLastUse_[layer - 1], frame);
    }
}

bool TileAtlas::stagingFull(std::uint32_t frameSlot) const
{
    return staged_.at(frameSlot).size() >= uploadsPerFrame_;
}

bool TileAtlas::stage(const tiles::Tile& tile, std::uint32_t entry, std::uint32_t frameSlot, std::uint64_t frame)
{
    if (!layout_ || stagingFull(frameSlot) || tile.bytes() != tileBytes_ || entry >= entryLayers_.size()) {
        return false;
    }
    // The least recently used layer that this frame does not use; a free
    // one (last use 0) first.
    std::uint32_t chosen = std::numeric_limits<std::uint32_t>::max();
    std::uint64_t oldest = std::numeric_limits<std::uint64_t>::max();
    for (std::uint32_t layer = 0; layer < layerCount(); ++layer) {
        if (layerEntries_[layer] == 0) {
            chosen = layer;
            break;
        }
        if (layerLastUse_[layer] < frame && layerLastUse_[layer] < oldest) {
            oldest = layerLastUse_[layer];
            chosen = layer;
        }
    }
    if (chosen == std::numeric_limits<std::uint32_t>::max()) {
        return false;
    }
    if (const std::uint32_t previous = layerEntries_[chosen]; previous != 0) {
        entryLayers_[previous - 1] = 0;
        --residentCount_;
        ++evictions_;
        dirtyFirst_ = dirtyFirst_ == dirtyEnd_ ? previous - 1 : std::min(dirtyFirst_, previous - 1);
        dirtyEnd_ = std::max(dirtyEnd_, previous);
    }
    if (const std::uint32_t replaced = entryLayers_[entry]; replaced != 0) {
        // Already resident (staged twice): the old layer is free again.
        layerEntries_[replaced - 1] = 0;
        layerLastUse_[replaced - 1] = 0;
        --residentCount_;
    }
    std::vector<Staged>& staged = staged_[frameSlot];
    const VkDeviceSize offset = VkDeviceSize{staged.size()} * tileBytes_;
    std::memcpy(staging_[frameSlot].mapped().data() + offset, tile.texels(), tileBytes_);
    staged.push_back(Staged{chosen, offset});
    layerEntries_[chosen] = entry + 1;
    layerLastUse_[chosen] = frame;
    entryLayers_[entry] = chosen + 1;
    if (texels_ == TileTexels::Heights) {
        const tiles::TileKey key = layout_->keyOfEntry(entry);
        entryStatistics_[entry] =
            TileStatistics{std::uint32_t{tile.lowest} | (std::uint32_t{tile.highest} << 16), tile.meanHeight,
                           tile.meanSquaredHeight, static_cast<float>(layout_->shareSamples(key))};
    }
    residentSince_[entry] = frame;
    ++residentCount_;
    ++pageTableVersion_;
    dirtyFirst_ = dirtyFirst_ == dirtyEnd_ ? entry : std::min(dirtyFirst_, entry);
    dirtyEnd_ = std::max(dirtyEnd_, entry + 1);
    return true;
}

void TileAtlas::evict(std::uint32_t entry)
{
    const std::uint32_t layer = entryLayers_.at(entry);
    if (layer == 0) {
        return;
    }
    layerEntries_[layer - 1] = 0;
    layerLastUse_[layer - 1] = 0;
    entryLayers_[entry] = 0;
    --residentCount_;
    ++pageTableVersion_;
    dirtyFirst_ = dirtyFirst_ == dirtyEnd_ ? entry : std::min(dirtyFirst_, entry);
    dirtyEnd_ = std::max(dirtyEnd_, entry + 1);
}

void TileAtlas::recordUploads(VkCommandBuffer commands, std::uint32_t frameSlot)
{
    const vk::Device& device = *device_;
    std::vector<Staged>& staged = staged_.at(frameSlot);
    for (const Staged& upload : staged) {
        const VkImageSubresourceRange layer{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, upload.layer, 1};
        // Earlier frames' shaders may still read the layer's old tile.
        vk::imageBarrier(device, commands, atlas_.image.get(), layer, kLayout, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                         kTileReaders, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
        VkBufferImageCopy region{};
        region.bufferOffset = upload.offset;
        region.imageSubresource = VkImageSubresourceLayers{VK_IMAGE_ASPECT_COLOR_BIT, 0, upload.layer, 1};
        region.imageExtent = VkExtent3D{storedSize_, storedSize_, 1};
        vkCmdCopyBufferToImage(commands, staging_[frameSlot].handle(), atlas_.image.get(),
                               VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
        vk::imageBarrier(device, commands, atlas_.image.get(), layer, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, kLayout,
                         VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, kTileReaders,
                         VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
    }
    staged.clear();

    // The page table and the request bits: earlier frames' shaders read
    // (and set) them, and the read-back copied the bits.
    vk::memoryBarrier(device, commands, kTileReaders | VK_PIPELINE_STAGE_2_COPY_BIT,
                      kStorageReadWrite | VK_ACCESS_2_TRANSFER_READ_BIT, VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                      VK_ACCESS_2_TRANSFER_WRITE_BIT);
    for (std::uint32_t first = dirtyFirst_; first < dirtyEnd_;) {
        const std::uint32_t count =
            std::min<std::uint32_t>(dirtyEnd_ - first, kMaxUpdateBytes / sizeof(TileStatistics));
        vkCmdUpdateBuffer(commands, pageTable_.handle(), VkDeviceSize{first} * sizeof(std::uint32_t),
                          VkDeviceSize{count} * sizeof(std::uint32_t), entryLayers_.data() + first);
        if (texels_ == TileTexels::Heights) {
            vkCmdUpdateBuffer(commands, tileStatistics_.handle(), VkDeviceSize{first} * sizeof(TileStatistics),
                              VkDeviceSize{count} * sizeof(TileStatistics), entryStatistics_.data() + first);
        }
        first += count;
    }
    dirtyFirst_ = dirtyEnd_ = 0;
    vkCmdFillBuffer(commands, requests_.handle(), 0, VK_WHOLE_SIZE, 0);
    vk::memoryBarrier(device, commands, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, kTileReaders,
                      kStorageReadWrite);
}

void TileAtlas::recordRequestReadback(VkCommandBuffer commands, std::uint32_t frameSlot) const
{
    const vk::Device& device = *device_;
    const vk::Buffer& readback = readback_.at(frameSlot);
    vk::bufferBarrier(device, commands, requests_, kTileReaders, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    const VkBufferCopy region{0, 0, requests_.size()};
    vkCmdCopyBuffer(commands, requests_.handle(), readback.handle(), 1, &region);
    vk::bufferBarrier(device, commands, readback, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
}

std::vector<std::uint16_t> TileAtlas::readBackTile(std::uint32_t entry) const
{
    const std::vector<std::uint8_t> bytes = readBackTileBytes(entry);
    std::vector<std::uint16_t> samples(bytes.size() / sizeof(std::uint16_t));
    std::memcpy(samples.data(), bytes.data(), samples.size() * sizeof(std::uint16_t));
    return samples;
}

std::vector<std::uint8_t> TileAtlas::readBackTileBytes(std::uint32_t entry) const
{
    const std::uint32_t layer = entryLayers_.at(entry);
    if (layer == 0) {
        return {};
    }
    vk::Device& device = *device_;
    device.waitIdle();
    const vk::Buffer readback(device, tileBytes_, VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryLocation::HostReadback);
    const VkImageSubresourceRange range{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, layer - 1, 1};
    device.submitAndWait([&](VkCommandBuffer commands) {
        vk::imageBarrier(device, commands, atlas_.image.get(), range, kLayout, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                         kTileReaders, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
        VkBufferImageCopy region{};
        region.imageSubresource = VkImageSubresourceLayers{VK_IMAGE_ASPECT_COLOR_BIT, 0, layer - 1, 1};
        region.imageExtent = VkExtent3D{storedSize_, storedSize_, 1};
        vkCmdCopyImageToBuffer(commands, atlas_.image.get(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.handle(), 1,
                               &region);
        vk::imageBarrier(device, commands, atlas_.image.get(), range, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, kLayout,
                         VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE, kTileReaders,
                         VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
        vk::bufferBarrier(device, commands, readback, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    });
    std::vector<std::uint8_t> bytes(tileBytes_);
    std::memcpy(bytes.data(), readback.mapped().data(), tileBytes_);
    return bytes;
}

std::vector<std::uint32_t> TileAtlas::readBackPageTable() const
{
    return readBackWords(pageTable_);
}

std::vector<TileStatistics> TileAtlas::readBackTileStatistics() const
{
    const std::vector<std::uint32_t> words = readBackWords(tileStatistics_);
    std::vector<TileStatistics> statistics(words.size() * sizeof(std::uint32_t) / sizeof(TileStatistics));
    std::memcpy(static_cast<void*>(statistics.data()), words.data(), statistics.size() * sizeof(TileStatistics));
    return statistics;
}

std::vector<std::uint32_t> TileAtlas::readBackWords(const vk::Buffer& buffer) const
{
    vk::Device& device = *device_;
    device.waitIdle();
    const vk::Buffer readback(device, buffer.size(), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              vk::MemoryLocation::HostReadback);
    device.submitAndWait([&](VkCommandBuffer commands) {
        vk::bufferBarrier(device, commands, buffer, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT | kTileReaders,
                          VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
        const VkBufferCopy region{0, 0, buffer.size()};
        vkCmdCopyBuffer(commands, buffer.handle(), readback.handle(), 1, &region);
        vk::bufferBarrier(device, commands, readback, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    });
    std::vector<std::uint32_t> words(buffer.size() / sizeof(std::uint32_t));
    std::memcpy(words.data(), readback.mapped().data(), buffer.size());
    return words;
}

std::span<const std::uint32_t> TileAtlas::requestWords(std::uint32_t frameSlot) const
{
    const std::span<std::byte> bytes = readback_.at(frameSlot).mapped();
    return {reinterpret_cast<const std::uint32_t*>(bytes.data()), bytes.size() / sizeof(std::uint32_t)};
}

}  // namespace tiles::gpu
