#include "planet/gpu/GlobeTerrain.h"

#include "camera/Projection.h"
#include "planet/CubeSphere.h"
#include "planet/gpu/GlobeAtmosphere.h"
#include "planet/gpu/SeaLevelSky.h"
#include "vk/Device.h"
#include "vk/ShaderLibrary.h"

#include <glm/ext/vector_int4_sized.hpp>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string>

namespace planet::gpu {
namespace {

constexpr VkShaderStageFlags kCompute = VK_SHADER_STAGE_COMPUTE_BIT;
constexpr std::uint32_t kImageryBinding = 8;
constexpr std::uint32_t kNightLightsBinding = 9;
constexpr std::uint32_t kGeoidBinding = 10;
constexpr std::uint32_t kImageryAtlasBinding = 11;
constexpr std::uint32_t kImageryPageTableBinding = 12;
constexpr std::uint32_t kImageryRequestsBinding = 13;
constexpr std::array<vk::DescriptorBinding, 14> kDrawBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kCompute, 1},
    {3, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kCompute, 1},
    {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {6, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {7, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {kImageryBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kCompute,
     static_cast<std::uint32_t>(kMaxGlobeImageryLayers)},
    {kNightLightsBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kCompute, 1},
    {kGeoidBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {kImageryAtlasBinding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, kCompute, 1},
    {kImageryPageTableBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
    {kImageryRequestsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kCompute, 1},
}};

// GLOBE_DRAW_VISIBLE_COUNT_WORD of shaders/planet/GlobeDraw.glsl.
static_assert(offsetof(bisector::gpu::PoolCounters, visibleCount) == 9 * sizeof(std::uint32_t));

// std140 GlobeDrawFrame (shaders/planet/GlobeDraw.glsl).
struct DrawFrame {
    glm::mat4 viewProjection{1.0f};
    glm::vec4 cameraFromOrigin{0.0f};
    glm::vec4 cameraEcef{0.0f};
    glm::vec4 sunDirection{0.0f, 0.0f, 1.0f, 0.0f};
    glm::vec4 cameraAtmosphere{0.0f};
    glm::vec4 sunAtmosphere{0.0f, 0.0f, 1.0f, 0.0f};
    glm::uvec4 options{0u};      // x: the wireframe; y: the elevation's intervals; z: the imagery shown; w: shadows
    glm::i64vec4 cameraCube{0};  // the cube point under the camera, exact units
    glm::mat4 inverseViewProjection{1.0f};
    // Each imagery layer's west, south, east, north (degrees).
    std::array<glm::vec4, kMaxGlobeImageryLayers> imageryBounds{};
    // x: 1 shows the night lights; y: the contour interval in metres (0: none)
    glm::vec4 surfaceOptions{0.0f};
    // x: the streamed imagery layer + 1 (0: none); y: its levels; zw: its
    // finest level's texels
    glm::uvec4 imageryStream{0u};
};
static_assert(offsetof(DrawFrame, cameraCube) == 160);
static_assert(offsetof(DrawFrame, inverseViewProjection) == 192);
static_assert(offsetof(DrawFrame, imageryBounds) == 256);
static_assert(offsetof(DrawFrame, surfaceOptions) == 336);
static_assert(offsetof(DrawFrame, imageryStream) == 352);

// Takes the tiles' source out of `streaming`; its levels stay, for the criterion.
std::unique_ptr<tiles::gpu::TileStream> streamOf(vk::Device& device, std::optional<GlobeStreaming>& streaming)
{
    if (!streaming) {
        return nullptr;
    }
    return std::make_unique<tiles::gpu::TileStream>(device, std::move(streaming->source), streaming->framesInFlight);
}

std::optional<GlobeStreamLevels> levelsOf(const std::optional<GlobeStreaming>& streaming)
{
    if (!streaming) {
        return std::nullopt;
    }
    return streaming->levels;
}

bisector::PoolSettings poolSettingsOf(const GlobeSettings& settings)
{
    return {.capacity = settings.capacity, .maxDepth = settings.maxDepth, .rootDepth = 0};
}

}  // namespace

GlobeTerrain::GlobeTerrain(vk::Device& device, const vk::ShaderLibrary& shaders, const CubeElevation& elevation,
                           const GlobeSettings& settings, const SeaLevelSky& seaLevelSky,
                           std::optional<GlobeStreaming> streaming)
    : device_(&device),
      elevation_(&elevation),
      settings_(settings),
      reference_(cubeMesh(), poolSettingsOf(settings)),
      buffers_(device, settings.capacity),
      stream_(streamOf(device, streaming)),
      emptyAtlas_(stream_ ? nullptr : std::make_unique<tiles::gpu::TileAtlas>(device, std::nullopt, 0, 1, 1)),
      criterion_(device, elevation, reference_.mesh(), settings.capacity, stream_ ? stream_->atlas() : *emptyAtlas_,
                 levelsOf(streaming)),
      pipeline_(device, shaders, buffers_, reference_.layout(), criterion_.programs()),
      refresh_(pipeline_.makeKernel(shaders, GlobeCriterion::refreshProgram(), criterion_.setLayout())),
      drawArguments_(pipeline_.makeKernel(shaders, {"planet/GlobeDrawArguments.comp", {}}, VK_NULL_HANDLE)),
      drawSetLayout_(device, kDrawBindings),
      drawSetPool_(device, drawSetLayout_, 1),
      drawSet_(drawSetPool_.allocate(drawSetLayout_)),
      drawFrame_(device, sizeof(DrawFrame), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, vk::MemoryLocation::HostUpload),
      noImagery_(device, terrain::ImageryPixels{}),
      noImageryTiles_(device, std::nullopt, 0, 1, 1, tiles::gpu::TileTexels::Colours)
{
    buffers_.upload(reference_);
    const VkDeviceSize listBytes = VkDeviceSize{sizeof(std::uint32_t)} * settings.capacity;
    setImagery({});
    vk::DescriptorWriter()
        .storageBuffer(0, buffers_.lists(), listBytes * static_cast<std::uint32_t>(bisector::gpu::PoolList::Visible),
                       listBytes)
        .storageBuffer(1, criterion_.cache())
        .uniformBuffer(2, drawFrame_)
        .combinedImageSampler(3, seaLevelSky.table().view(), seaLevelSky.sampler().handle(), SeaLevelSky::kLayout)
        .storageBuffer(4, criterion_.exact())
        .storageBuffer(5, criterion_.shading())
        .storageBuffer(6, buffers_.counters())
        .storageBuffer(7, criterion_.elevation())
        .storageBuffer(kGeoidBinding, criterion_.geoid())
        .combinedImageSampler(kNightLightsBinding, noImagery_.view(), noImagery_.sampler(),
                              terrain::ImageryTexture::kLayout)
        .update(device, drawSet_);
}

void GlobeTerrain::setNightLights(const terrain::ImageryTexture* nightLights)
{
    const terrain::ImageryTexture& texture = nightLights != nullptr ? *nightLights : noImagery_;
    vk::DescriptorWriter()
        .combinedImageSampler(kNightLightsBinding, texture.view(), texture.sampler(), terrain::ImageryTexture::kLayout)
        .update(*device_, drawSet_);
    nightLights_ = nightLights;
}

void GlobeTerrain::setImagery(std::span<const GlobeImagery> layers)
{
    if (layers.size() > kMaxGlobeImageryLayers) {
        throw std::invalid_argument("the globe stacks at most " + std::to_string(kMaxGlobeImageryLayers) +
                                    " imagery layers, not " + std::to_string(layers.size()));
    }
    // The elements without a layer hold one transparent texel.
    vk::DescriptorWriter writer;
    const tiles::gpu::TileAtlas* tiles = &noImageryTiles_;
    for (std::size_t layer = 0; layer < kMaxGlobeImageryLayers; ++layer) {
        const terrain::ImageryTexture& texture = layer < layers.size() ? *layers[layer].texture : noImagery_;
        writer.atArrayElement(static_cast<std::uint32_t>(layer))
            .combinedImageSampler(kImageryBinding, texture.view(), texture.sampler(), terrain::ImageryTexture::kLayout);
        if (layer < layers.size() && layers[layer].stream != nullptr) {
            if (tiles != &noImageryTiles_) {
                throw std::invalid_argument("the globe streams one imagery layer at most");
            }
            tiles = &layers[layer].stream->atlas();
        }
    }
    writer.atArrayElement(0)
        .combinedImageSampler(kImageryAtlasBinding, tiles->view(), tiles->sampler(), tiles::gpu::TileAtlas::kLayout)
        .storageBuffer(kImageryPageTableBinding, tiles->pageTable())
        .storageBuffer(kImageryRequestsBinding, tiles->requests());
    writer.update(*device_, drawSet_);
    imagery_.assign(layers.begin(), layers.end());
}

GlobeTerrain::~GlobeTerrain() = default;

glm::dmat4 GlobeTerrain::projection(VkExtent2D viewport) const
{
    return glm::dmat4(
        camera::vulkanInfinitePerspective(static_cast<float>(settings_.verticalFovRadians),
                                          static_cast<float>(viewport.width) / static_cast<float>(viewport.height),
                                          static_cast<float>(settings_.nearMetres)));
}

std::uint64_t GlobeTerrain::recordUpdate(VkCommandBuffer commands, const GlobeView& view, VkExtent2D viewport,
                                         const glm::dvec3& sunDirection, vk::TimestampQueries* timer)
{
    if (!lastView_ || lastView_->positionEcef != view.positionEcef || lastView_->ecefToView != view.ecefToView ||
        lastViewport_.width != viewport.width || lastViewport_.height != viewport.height) {
        lastView_ = view;
        lastViewport_ = viewport;
        convergence_.noteChanged();
    }
    const GlobeLevelOfDetail lod = globeLevelOfDetailFor(
        view, settings_.verticalFovRadians, viewport.width, viewport.height, settings_.targetEdgePixels,
        settings_.nearMetres, *elevation_, settings_.seabedShownDownToMetres);
    criterion_.setLevelOfDetail(lod);
    const bisector::gpu::PoolFrame frame{.frame = frame_++,
                                         .maxDepth = settings_.maxDepth,
                                         .criterionArgument = 0,
                                         .criterionSet = criterion_.descriptorSet()};
    // New tiles change the heights of the vertices over them: every live
    // bisector's geometry is computed again, and the mesh may change.
    const std::uint64_t pageTableVersion = stream_ ? stream_->atlas().pageTableVersion() : 0;
    const bool tilesChanged = pageTableVersion != pageTableVersion_;
    pageTableVersion_ = pageTableVersion;
    if (tilesChanged) {
        convergence_.noteChanged();
    }
    const bool originMoved = !origin_ || glm::distance(*origin_, view.positionEcef) > settings_.originFollowMetres;
    if (originMoved) {
        origin_ = view.positionEcef;
        criterion_.setOrigin(*origin_);
    }
    if (originMoved || tilesChanged) {
        pipeline_.recordOverLiveList(commands, *refresh_, frame);
    }
    const std::uint64_t serial = convergence_.recordUpdate(pipeline_, commands, frame, timer);
    if (serial != 0) {
        bisector::gpu::PoolFrame argumentsFrame = frame;
        argumentsFrame.criterionSet = VK_NULL_HANDLE;  // the kernel has no set 1
        pipeline_.recordSingle(commands, *drawArguments_, argumentsFrame);
    }

    DrawFrame draw;
    const glm::dmat4 viewProjection = projection(viewport) * glm::dmat4(view.ecefToView);
    draw.viewProjection = glm::mat4(viewProjection);
    draw.inverseViewProjection = glm::mat4(glm::inverse(viewProjection));
    draw.cameraFromOrigin = glm::vec4(glm::vec3(view.positionEcef - *origin_), 0.0f);
    draw.cameraEcef = glm::vec4(glm::vec3(view.positionEcef), 0.0f);
    draw.sunDirection = glm::vec4(glm::vec3(glm::normalize(sunDirection)), 0.0f);
    draw.cameraAtmosphere = glm::vec4(glm::vec3(atmospherePointOf(view.positionEcef)),
                                      static_cast<float>(atmosphereAltitudeKm(view.positionEcef)));
    draw.sunAtmosphere = glm::vec4(glm::vec3(atmosphereDirectionOf(sunDirection)), 0.0f);
    draw.options.x = settings_.wireframe ? 1u : 0u;
    draw.options.y = elevation_->intervals();
    draw.options.z = settings_.showImagery ? static_cast<std::uint32_t>(imagery_.size()) : 0u;
    draw.options.w = settings_.shadows ? 1u : 0u;
    for (std::size_t layer = 0; layer < imagery_.size(); ++layer) {
        const dem::GeographicBounds& bounds = imagery_[layer].bounds;
        draw.imageryBounds[layer] = glm::vec4(glm::dvec4(bounds.west, bounds.south, bounds.east, bounds.north));
        if (const tiles::gpu::TileStream* stream = imagery_[layer].stream) {
            const tiles::TilePyramidLayout& layout = stream->layout();
            draw.imageryStream = glm::uvec4(static_cast<std::uint32_t>(layer) + 1u, layout.levelCount(),
                                            layout.columns(), layout.rows());
        }
    }
    draw.surfaceOptions.x = settings_.showImagery && nightLights_ != nullptr ? 1.0f : 0.0f;
    draw.surfaceOptions.y = static_cast<float>(settings_.contourIntervalMetres);
    draw.cameraCube = GlobeCriterion::exactCubePointOf(sphereToCube(view.positionEcef));
    std::memcpy(drawFrame_.mapped().data(), &draw, sizeof(draw));
    return serial;
}

void GlobeTerrain::noteCompletedUpdate(std::uint64_t serial, const bisector::gpu::PoolCounts& counts)
{
    convergence_.noteCompleted(serial, counts);
}

const vk::Buffer& GlobeTerrain::countsBuffer() const
{
    return buffers_.counters();
}

VkDeviceSize GlobeTerrain::visibleDispatchOffset()
{
    return bisector::gpu::kVisibleDispatchOffset;
}

VkDeviceSize GlobeTerrain::countsOffset()
{
    return bisector::gpu::kStatisticsOffset;
}

double GlobeTerrain::bytesPerBisector() const
{
    return static_cast<double>(buffers_.bytes() + criterion_.slotBytes()) / static_cast<double>(settings_.capacity);
}

}  // namespace planet::gpu
