// The terrain on the bisector pool (TerrainBackend::Pool): a pool over the
// unit square's quad refined by the terrain's level-of-detail criterion on
// the GPU (bisector::gpu::PoolPipeline with shaders/terrain/PoolTerrain*),
// a geometry cache of displaced positions per bisector, and one indirect
// draw of the visible bisectors (terrain/PoolTerrainDraw.vert with the
// heap's fragment shader). Positions are relative to an origin that follows
// the camera in steps of 1/64 of the map, and drawn relative to the camera,
// so precision holds to the deepest level. terrain::Terrain owns it.
#pragma once

#include "bisector/Pool.h"
#include "bisector/gpu/PoolBuffers.h"
#include "bisector/gpu/PoolConvergence.h"
#include "bisector/gpu/PoolPipeline.h"
#include "camera/FrameView.h"
#include "terrain/TerrainDrawPipeline.h"
#include "terrain/TerrainSettings.h"
#include "terrain/TerrainTessellation.h"
#include "vk/Buffer.h"
#include "vk/Descriptors.h"
#include "vk/GraphicsPipeline.h"

#include <vulkan/vulkan.h>
#include <glm/gtc/type_precision.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace vk {
class Device;
class ShaderLibrary;
class TimestampQueries;
}  // namespace vk

namespace tiles::gpu {
class TileAtlas;
}  // namespace tiles::gpu

namespace terrain {

class HeightStatistics;
class HeightmapTexture;
class SunShadowMap;
class SeaMaskTexture;
class ImageryTexture;
class PoolTerrainDrawPass;

// PoolTerrainFrame of shaders/terrain/PoolTerrainFrame.glsl (std430).
struct PoolTerrainFrame {
    glm::mat4 viewProjectionFromCamera{1.0f};
    std::array<glm::vec4, 6> frustumPlanesFromCamera{};
    glm::vec4 cameraFromOrigin{0.0f};
    glm::i64vec2 originUnits{0};
    std::uint32_t backFaceCulling = 0;
    float focalPixels = 0.0f;
    float nearMetres = 0.0f;
    std::uint32_t padding = 0;
};
static_assert(offsetof(PoolTerrainFrame, originUnits) == 176);
static_assert(sizeof(PoolTerrainFrame) == 208);

// The origin cell of a camera and the frame data for it: `cameraUnitSquare`
// is the camera's (u, v) in the unit square (any value), `extent` the map's
// width and depth in metres. The origin is the camera's cell corner on the
// 1/64 grid of the unit square.
PoolTerrainFrame poolTerrainFrameFor(const camera::FrameView& view, glm::dvec2 cameraUnitSquare,
                                     glm::dvec2 extentMetres, bool backFaceCulling);

// The per-bisector geometry as the draw reads it (PoolTerrain::readBackGeometry):
// per slot, 3 exact unit-square vertices in units of 2^-34, and the cache's
// 4 vec4 (vertex i = (position from the origin, u) at [4 s + i]; (v0, v1,
// v2, facts) at [4 s + 3]). Meaningful for live slots only.
struct PoolGeometryReadback {
    std::vector<glm::i64vec2> exact;
    std::vector<glm::vec4> cache;
    double unitsPerSquare = 0.0;          // 2^34: exact / unitsPerSquare is the unit-square position
    std::vector<std::uint32_t> drawList;  // the slots the draw reads, in its order (the visible count of them)
};

class PoolTerrain final : public TerrainTessellation {
public:
    // The buffers, the draw's inputs and the statistics must outlive the
    // pool terrain. Throws vk::Error, in one line, when the pool's buffers exceed
    // the device's maxStorageBufferRange (naming the largest size that fits).
    PoolTerrain(vk::Device& device, const vk::ShaderLibrary& shaders, const TerrainDrawInputs& inputs,
                const HeightStatistics& statistics, std::span<const vk::Buffer* const> frameUniforms,
                const TerrainSettings& settings, VkDescriptorSetLayout atmosphereLayout,
                const vk::AttachmentFormats& attachments, camera::DepthConvention depth);
    ~PoolTerrain() override;

    [[nodiscard]] TerrainBackend backend() const override { return TerrainBackend::Pool; }

    // Records the frame's update: the frame data of `frameSlot`, the geometry
    // cache of every bisector when the origin, the heights or the resident
    // tiles changed (after the frame's tile uploads), the
    // pool's update and the draw's arguments. The update is left out while
    // frozen, and while the mesh has converged under the same view and
    // settings: once an update with them has completed without a change, the
    // criterion, a function of the mesh, the view and the settings alone,
    // would change nothing again (noteCompletedUpdate tells it).
    void recordUpdate(VkCommandBuffer commands, std::uint32_t frameSlot, const camera::FrameView& view,
                      const TerrainSettings& settings, glm::dvec2 extentMetres, vk::TimestampQueries* timer) override;
    void recordDraw(VkCommandBuffer commands, std::uint32_t frameSlot, VkExtent2D viewport,
                    VkDescriptorSet atmosphereSet) const override;
    [[nodiscard]] VkDescriptorSetLayout drawSetLayout() const override;
    [[nodiscard]] VkDescriptorSet drawSet(std::uint32_t frameSlot) const override;
    // The draw's arguments come with a dispatch over its triangles.
    [[nodiscard]] raster::gpu::VisibilityDispatch visibilityDispatch(VkExtent2D extent) const override;
    // The draw's program is specialized for whole bisectors or for uniform
    // subdivision; a change between the two waits for the device.
    void applySettings(const TerrainSettings& settings) override;
    // The heightmap's samples (and its statistics) were replaced: the next
    // update refreshes every bisector's geometry cache and runs, as for new
    // inputs.
    void noteHeightsReplaced() override
    {
        cacheValid_ = false;
        lastInputs_.reset();
    }

    // Live, visible, deferred and changed counts of the last update, four
    // uints side by side in this buffer at this offset (written by the
    // compute stage).
    [[nodiscard]] const vk::Buffer& countsBuffer() const;
    [[nodiscard]] static VkDeviceSize countsOffset();
    [[nodiscard]] vk::BufferRange countsSource() const override;
    [[nodiscard]] TerrainCounts countsFrom(std::span<const std::byte> bytes) const override;
    void noteCompletedFrame(std::uint32_t frameSlot, std::span<const std::byte> counts) override;
    // The counts of the frame last recorded in `frameSlot`, once it completed.
    void noteCompletedUpdate(std::uint32_t frameSlot, const bisector::gpu::PoolCounts& counts);
    // Updates recorded so far, and those left out because the mesh had converged.
    [[nodiscard]] std::uint32_t updatesRecorded() const noexcept { return updates_; }
    [[nodiscard]] std::uint64_t updatesSkipped() const noexcept { return convergence_.skippedUpdates(); }

    [[nodiscard]] std::uint32_t slotCapacity() const override { return capacity_; }
    // Bytes per bisector slot of every buffer the pool terrain keeps per slot.
    [[nodiscard]] double slotBytes() const override;
    [[nodiscard]] std::uint64_t bytes() const override;

    // Builds every kernel and the draw pipeline again; throws vk::Error and
    // keeps the old ones when one fails. Waits for the device.
    void reloadShaders() override;

    // Waits for the device and reads the pool back (keys, links, occupancy).
    [[nodiscard]] bisector::PoolState readBack() const;
    // Waits for the device and reads the exact vertices and the geometry cache back.
    [[nodiscard]] PoolGeometryReadback readBackGeometry() const;
    [[nodiscard]] const bisector::KeyLayout& layout() const { return cpuPool_.layout(); }
    [[nodiscard]] const bisector::HalfedgeMesh& mesh() const { return cpuPool_.mesh(); }

    // The pool's update passes, for the frame's timestamp queries.
    [[nodiscard]] static const std::vector<std::string>& timestampPassNames();

private:
    struct Kernels;
    [[nodiscard]] std::unique_ptr<Kernels> buildKernels();
    void uploadRoots();

    vk::Device* device_;
    const vk::ShaderLibrary* shaders_;
    const tiles::gpu::TileAtlas* atlas_;
    std::uint32_t capacity_;
    bisector::Pool cpuPool_;  // the roots, uploaded at the start
    bisector::gpu::PoolBuffers buffers_;
    vk::Buffer exact_;
    vk::Buffer cache_;
    vk::Buffer drawList_;   // the visible bisectors, nearest first (the draw's list)
    vk::Buffer drawBands_;  // the draw order's bands, cleared after each update
    std::vector<vk::Buffer> frames_;
    vk::DescriptorSetLayout setLayout_;
    vk::DescriptorPool setPool_;
    std::vector<VkDescriptorSet> sets_;
    std::unique_ptr<Kernels> kernels_;
    std::unique_ptr<PoolTerrainDrawPass> draw_;
    // What the criterion reads besides the mesh.
    struct UpdateInputs {
        camera::FrameView view;
        std::array<float, 5> settings{};  // target pixels, flatness, height scale, height offset, depth
        glm::dvec2 extentMetres{0.0};
        int maxDepth = 0;
        int uniformSubdivision = 0;
        [[nodiscard]] bool operator==(const UpdateInputs& other) const;
    };
    std::optional<UpdateInputs> lastInputs_;
    bisector::gpu::PoolConvergence convergence_;
    std::vector<std::uint64_t> slotSerial_;  // per frame slot: its update's serial (0: none)
    std::uint32_t updates_ = 0;
    bool cacheValid_ = false;
    glm::i64vec2 cachedOrigin_{0};
    std::array<float, 4> cachedHeights_{};  // the settings the cache was computed with
    std::uint64_t cachedPageTable_ = 0;     // and the atlas's page table (tiles::gpu::TileAtlas::pageTableVersion)
};

}  // namespace terrain
