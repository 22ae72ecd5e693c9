// What the terrain's two tessellations do alike (terrain::Terrain holds one):
// the 2020 concurrent binary tree (terrain::HeapTerrain) and the 2024
// bisector pool (terrain::PoolTerrain). Each records its frame's update and
// its draw, hands its draw's own set to the visibility path in compute
// (terrain::TerrainComputeRaster), says where its counts lie and what they
// mean, and rebuilds its pipelines.
#pragma once

#include "camera/FrameView.h"
#include "raster/gpu/VisibilityRasterPass.h"
#include "terrain/TerrainSettings.h"

#include <vulkan/vulkan.h>
#include <glm/vec2.hpp>

#include <cstddef>
#include <cstdint>
#include <span>

namespace vk {
class Buffer;
class TimestampQueries;
}  // namespace vk

namespace terrain {

// Timestamp passes the terrain writes when given a timer (after the update
// pipeline's own, leb::gpu::UpdatePipeline::timestampPassNames()).
inline constexpr const char* kLeafDecodeTimestamp = "leaf decode";
inline constexpr const char* kDrawTimestamp = "draw";

// What the terrain counts of its last completed frame (Terrain::countsFrom).
struct TerrainCounts {
    std::uint32_t leaves = 0;          // CBT leaves, or live bisectors of the pool
    std::uint32_t visible = 0;         // leaves the draw covers (the pool culls; the heap draws all)
    std::uint32_t deferredSplits = 0;  // pool: split requests waiting for free slots (a full pool)
};

class TerrainTessellation {
public:
    virtual ~TerrainTessellation() = default;
    TerrainTessellation() = default;
    TerrainTessellation(const TerrainTessellation&) = delete;
    TerrainTessellation& operator=(const TerrainTessellation&) = delete;

    [[nodiscard]] virtual TerrainBackend backend() const = 0;

    // Records the frame's update (outside any rendering) for `view`, under
    // `settings`, on a terrain `extentMetres` wide and deep; with `timer`
    // (its slot begun) each pass is bracketed with timestamps.
    virtual void recordUpdate(VkCommandBuffer commands, std::uint32_t frameSlot, const camera::FrameView& view,
                              const TerrainSettings& settings, glm::dvec2 extentMetres,
                              vk::TimestampQueries* timer) = 0;
    // Records the draw (inside rendering); `atmosphereSet` is bound as set 1.
    virtual void recordDraw(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                            VkDescriptorSet atmosphereSet) const = 0;

    // The draw's own set (set 0) and its layout, and how the visibility pass
    // in compute is dispatched over the draw's triangles for a view of
    // `extent` pixels.
    [[nodiscard]] virtual VkDescriptorSetLayout drawSetLayout() const = 0;
    [[nodiscard]] virtual VkDescriptorSet drawSet(std::uint32_t frameSlot) const = 0;
    [[nodiscard]] virtual raster::gpu::VisibilityDispatch visibilityDispatch(VkExtent2D extent) const = 0;

    [[nodiscard]] virtual vk::BufferRange countsSource() const = 0;
    [[nodiscard]] virtual TerrainCounts countsFrom(std::span<const std::byte> bytes) const = 0;
    // The counts read back from the frame last recorded in `frameSlot`, once
    // it completed.
    virtual void noteCompletedFrame(std::uint32_t /*frameSlot*/, std::span<const std::byte> /*counts*/) {}
    // The heightmap's samples were replaced.
    virtual void noteHeightsReplaced() {}

    // Settings that change the tessellation's own objects but not the
    // tessellation (the heap's leaf buffer, the pool's draw specialization);
    // waits for the device when it rebuilds one.
    virtual void applySettings(const TerrainSettings& settings) = 0;
    // Builds every kernel and the draw pipeline again; throws vk::Error and
    // keeps the old ones when one fails. Waits for the device.
    virtual void reloadShaders() = 0;

    // Bytes on the GPU; the pool's slots and bytes per slot (0 on the heap).
    [[nodiscard]] virtual std::uint64_t bytes() const = 0;
    [[nodiscard]] virtual std::uint32_t slotCapacity() const { return 0; }
    [[nodiscard]] virtual double slotBytes() const { return 0.0; }
};

}  // namespace terrain
