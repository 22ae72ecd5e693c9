// What the window and the headless runs share: loading the inputs named on
// the command line, checking them against the device, and the terrain
// settings and run description they imply.
#pragma once

#include "camera/FrameView.h"
#include "dem/DemImagery.h"
#include "dem/DemLoader.h"
#include "dem/DemStreaming.h"
#include "heightmap/Heightmap.h"
#include "scene/FrameSlot.h"
#include "scene/RenderTargets.h"
#include "scene/SceneRenderer.h"
#include "scene/SceneSettings.h"
#include "terrain/ImageryTexture.h"
#include "tiles/gpu/TileStream.h"
#include "vectordata/Drape.h"
#include "viewer/CameraPose.h"
#include "viewer/CommandLine.h"
#include "viewer/FlyCamera.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/RunStatistics.h"
#include "viewer/TrackFollowing.h"
#include "viewer/VectorLayers.h"
#include "vk/Device.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace vk {
class Instance;
}  // namespace vk

namespace viewer {

// Two frames are recorded while the GPU works on the previous one.
inline constexpr uint32_t kFramesInFlight = 2;

// The depth convention of the viewer's projections and of the scene's depth
// test: reversed, for depth precision far from the camera.
inline constexpr camera::DepthConvention kDepthConvention = camera::DepthConvention::Reversed;

// Loads the heightmap named by the options, or the default asset: a PNG, or
// an elevation model through GDAL (with its real-world metres), within what
// a device of `limits` holds (viewerHeightmapLimits). Throws
// heightmap::HeightmapError (one line naming the file).
// A streamed DEM's coarse level is read as `baseTiming` says
// (dem::StreamedDemOptions): the window draws while a costly one is read.
dem::TerrainSource loadViewerTerrain(const ViewerOptions& options, const VkPhysicalDeviceLimits& limits,
                                     dem::StreamedBaseTiming baseTiming = dem::StreamedBaseTiming::Now);

// What a heightmap may be on a device of `limits`: no side beyond
// maxImageDimension2D, and no more texels than the height statistics' chains
// can hold within maxStorageBufferRange (nor than 2^28). An elevation model
// beyond them is read reduced (dem/DemReadScale.h).
heightmap::HeightmapLimits viewerHeightmapLimits(const VkPhysicalDeviceLimits& limits);

// The problems the load got around (dem::DemMetadata::warnings), one line
// each: "cbt-terrain: warning: elevation model 'FILE': ...".
void printTerrainWarnings(const dem::TerrainSource& terrain, std::ostream& err);
// The warnings a streamed DEM's reader gave since the last call (damaged or
// unreadable tiles), one "cbt-terrain: warning:" line each; nothing without
// a stream.
void printStreamWarnings(tiles::gpu::TileStream* stream, std::ostream& err);

// Tiles a streamed model's headless frames asked for, read at most this many
// per frame.
inline constexpr std::uint32_t kHeadlessUploadsPerFrame = 64;
// Frames past --frames a headless run renders at most while tiles stream in.
inline constexpr std::uint32_t kMaxStreamSettlingFrames = 256;
// --io-timeout as a duration: the longest wait for data.
std::chrono::milliseconds ioTimeout(const ViewerOptions& options);
// "elevation model 'NAME' timed out: WHAT took more than N s (--io-timeout)".
std::string timedOutMessage(const std::string& sourceName, const ViewerOptions& options, std::string_view what);
// The same of any `source` ("the streamed imagery").
std::string sourceTimedOutMessage(std::string_view source, const ViewerOptions& options, std::string_view what);
// Waits for the GPU to free a headless frame slot (its last submission);
// returns how long that took, in milliseconds: the part of the frame not
// spent on the CPU (RunStatistics::addFrameCpuTime).
double waitForFrameSlot(scene::FrameSlot& slot);
// After a headless run's frames, with streams (those of `streams` that are
// not null): calls `renderFrame(index)` for more frames of the last view,
// indices from `firstIndex`, until two in a row were drawn with every tile
// they asked for, at most kMaxStreamSettlingFrames, or until `renderFrame`
// returns false. Nothing without a stream.
void renderUntilTilesSettle(std::initializer_list<const tiles::gpu::TileStream*> streams, std::uint32_t firstIndex,
                            const std::function<bool(std::uint32_t index)>& renderFrame);

// The --imagery file warped onto `terrain` (--imagery-bands), or none
// without the flag. Throws heightmap::HeightmapError (one line naming the
// file), also when `terrain` is a PNG or has no georeferencing.
std::optional<dem::Imagery> loadViewerImagery(const ViewerOptions& options, const dem::TerrainSource& terrain);

// --imagery-bands as the imagery loader takes them.
dem::ImageryOptions viewerImageryOptions(const ViewerOptions& options);

// One line about the imagery for the console: file, texels (and where they
// lie on a grid of degrees), stretch.
std::string describeImagery(const dem::Imagery& imagery);

// The texels for the scene (none without imagery); they point into `imagery`,
// which must outlive them (hence no temporaries).
terrain::ImageryPixels imageryPixelsOf(const dem::Imagery& imagery);
terrain::ImageryPixels imageryPixelsOf(const std::optional<dem::Imagery>& imagery);
terrain::ImageryPixels imageryPixelsOf(std::optional<dem::Imagery>&& imagery) = delete;
terrain::ImageryPixels imageryPixelsOf(dem::Imagery&& imagery) = delete;

// One line about an elevation model for the console: size, height range,
// ground extent and where it comes from, filled no-data samples; empty for a
// PNG.
std::string describeTerrainSource(const dem::TerrainSource& source);

// Throws heightmap::HeightmapError naming the file when the map is larger than
// the device's maxImageDimension2D.
void checkHeightmapFitsDevice(const heightmap::Heightmap& heightmap, const vk::Device& device);

// Throws std::runtime_error naming the flag when the folder of --screenshot
// or --stats does not exist (checked before any frame is rendered).
void checkOutputFolders(const ViewerOptions& options);

// The Vulkan device the options select; a device selection error names the
// --device flag. Throws vk::Error.
vk::Device openViewerDevice(const vk::Instance& instance, const ViewerOptions& options, VkSurfaceKHR surface,
                            std::vector<const char*> extraExtensions);

// Throws vk::Error when the device lacks a feature the viewer needs
// (dynamic rendering).
void checkViewerDeviceFeatures(const vk::Device& device);

// The samples per pixel of a scene shaded `shading` (the globe's is
// Deferred: any of 1, 2, 4, 8 on any device): --msaa, else
// kDefaultMsaaSamples where the device supports it, else 1. Throws
// vk::Error naming --msaa and the counts the device supports when it lacks
// the one asked for.
VkSampleCountFlagBits sceneSamplesFor(const ViewerOptions& options, const vk::Device& device,
                                      scene::SceneShading shading = scene::SceneShading::Forward);

// How the flat terrain's pixels are found: --raster, else the device's
// default (scene::defaultRasterPath of its driver path).
scene::RasterPath rasterPathFor(const ViewerOptions& options, const vk::Device& device);

// `options` with --camera-geo turned into --camera and --time into --sun on
// `terrain` (unchanged without them), and a line for the user per flag
// saying what it became. Throws GeodeticPlacementError.
struct GeodeticPlacement {
    ViewerOptions options;
    std::vector<std::string> descriptions;
    std::vector<std::string> warnings;  // for "cbt-terrain: warning: " lines (farFromTheMapWarning)
};
GeodeticPlacement withGeodeticPlacement(const ViewerOptions& options, const dem::TerrainSource& terrain);

// Farther than this many times the map's larger side from its nearest edge,
// a camera sees the map as a few pixels at most.
inline constexpr double kFarFromTheMapSides = 10.0;
// A warning when `pose` (world metres) stands more than kFarFromTheMapSides
// times the map's larger side from the nearest edge of the map, which spans
// `extentMetres` (x by z) around the origin; none otherwise.
std::optional<std::string> farFromTheMapWarning(const CameraPose& pose, glm::vec2 extentMetres);

// Everything the flat terrain reads before its scene is made on a device
// of `limits`, in order: the output folders checked, the terrain loaded
// within the device's limits (described on `out`, its warnings on `err`), --camera-geo and --time placed on it (said on `out`),
// the imagery (described on `out`) and the camera path. Throws as the steps
// do.
struct ViewerInputs {
    ViewerOptions options;  // with --camera-geo and --time resolved
    dem::TerrainSource terrain;
    std::optional<dem::Imagery> imagery;
    std::vector<CameraPathFrame> path;
    // --time START/END: the sun of each of the path's frames.
    std::vector<atmosphere::SunPosition> pathSuns;
    // --vector: the layers laid on the terrain.
    VectorLayersLaid vectors;
};
ViewerInputs loadViewerInputs(const ViewerOptions& requested, const VkPhysicalDeviceLimits& limits, std::ostream& out,
                              std::ostream& err, dem::StreamedBaseTiming baseTiming = dem::StreamedBaseTiming::Now);

// --cpu-budget in bytes: a quarter for GDAL's blocks, the rest for tiles.
std::size_t cpuBudgetBytes(const ViewerOptions& options);
// --gpu-budget in bytes: the atlas of streamed tiles.
std::size_t gpuBudgetBytes(const ViewerOptions& options);
// A stream of `layout`'s tiles from `readerFactory`'s reader within
// --gpu-budget and the tiles' share of --cpu-budget, each divided evenly
// among the `sharedBy` streams of the run (the heights', the imagery's),
// `uploadsPerFrame` tiles copied a frame at most.
tiles::gpu::TileStreamSource budgetedStreamSource(const ViewerOptions& options, const tiles::TilePyramidLayout& layout,
                                                  tiles::TileReaderFactory readerFactory, std::uint32_t uploadsPerFrame,
                                                  std::uint32_t sharedBy = 1,
                                                  tiles::gpu::TileTexels texels = tiles::gpu::TileTexels::Heights);
// The streams of a run that share the budgets: the heights' when they
// stream, and `imagery`'s when it streams.
std::uint32_t streamsSharingTheBudgets(bool heightsStream, const dem::Imagery* imagery);
// The stream of streamed imagery's tiles (dem::ImageryStreaming), its
// share of the budgets as budgetedStreamSource gives it.
tiles::gpu::TileStreamSource imageryStreamSource(const ViewerOptions& options, const dem::ImageryStreaming& streaming,
                                                 std::uint32_t uploadsPerFrame, std::uint32_t sharedBy);
// Opens the DEM at `path` to stream its tiles (dem::openStreamedDem with
// `streamed`, in tiles of kStreamedTileSize), its coarse level read within
// `baseLimits` (a model without overviews averaging up to
// kMaxSamplesReadForStreamedBase samples for it), through GDAL's block cache
// within a quarter of --cpu-budget. Throws heightmap::HeightmapError.
dem::StreamedDem openViewerStreamedDem(const ViewerOptions& options, const std::filesystem::path& path,
                                       heightmap::HeightmapLimits baseLimits, dem::StreamedDemOptions streamed);
// openViewerStreamedDem (no limit on the coarse level but the device's) with
// the coarse level read before it returns: a file without overviews
// averages every sample for it, which may take minutes, and a line on `out`
// says so first ("cbt-terrain: `who`: PATH has no overviews: ...").
dem::StreamedDem openViewerStreamedDemWithItsBase(const ViewerOptions& options, const std::filesystem::path& path,
                                                  dem::StreamedDemOptions streamed, std::string_view who,
                                                  std::ostream& out);
// Whether the DEM at `path` streams its tiles under `options`: with --stream
// on, or (auto) when it is larger than `limits` hold in one texture.
bool streamsTiles(const ViewerOptions& options, const std::filesystem::path& path,
                  const heightmap::HeightmapLimits& limits);

// Largest side of the coarse heightmap of a streamed DEM.
inline constexpr std::uint32_t kStreamedBaseMaxDimension = 2048;
// Samples the coarse level of a streamed DEM without overviews may average
// at start-up (a 130,000-sample square).
inline constexpr std::uint64_t kMaxSamplesReadForStreamedBase = std::uint64_t{1} << 34;
// The default max depth of a streamed DEM on the heap at most.
inline constexpr int kMaxDefaultStreamedDepth = 28;
// Samples per side of a streamed tile.
inline constexpr std::uint32_t kStreamedTileSize = 256;
// What the scene streams for a terrain whose tiles are streamed, within the
// options' budgets (GDAL's block cache set to its share of --cpu-budget;
// shared with `imagery` when it streams); none otherwise.
std::optional<tiles::gpu::TileStreamSource> heightStreamSourceOf(const ViewerOptions& options,
                                                                 const dem::TerrainSource& terrain,
                                                                 std::uint32_t uploadsPerFrame,
                                                                 const dem::Imagery* imagery = nullptr);
// What the scene streams of the flat terrain's imagery when it streams
// (dem::ImageryStreaming), within its share of the budgets; none otherwise.
std::optional<tiles::gpu::TileStreamSource> flatImageryStreamSourceOf(const ViewerOptions& options,
                                                                      const dem::TerrainSource& terrain,
                                                                      const std::optional<dem::Imagery>& imagery,
                                                                      std::uint32_t uploadsPerFrame);

// The WGS 84 frame of a georeferenced terrain drawn with `settings` (which
// must outlive it), for reporting the camera; none without usable
// georeferencing.
std::unique_ptr<GeodeticFrame> geodeticFrameIfGeoreferenced(const heightmap::Heightmap& heightmap,
                                                            const std::optional<dem::DemMetadata>& dem,
                                                            const terrain::TerrainSettings& settings);
// `pose` in WGS 84 terms in `frame`; none without a frame or when PROJ can
// not transform the point (a camera far off the map).
std::optional<geodesy::GeodeticPose> geodeticPoseIn(const CameraPose& pose, const GeodeticFrame* frame);

// How --follow flies: its flags, --fps and the viewer's field of view.
TrackFollowSettings trackFollowSettingsOf(const ViewerOptions& options);

// The frames of --camera-path, of --camera-geo-path placed on `terrain`, or
// of --follow over it (with its notice on `out`); empty without any. A
// keyframed path is sampled at --fps. Throws text::ParseError,
// GeodeticPlacementError for a --camera-geo-path or --follow on a DEM that
// is not georeferenced, or TrackFollowError.
std::vector<CameraPathFrame> loadViewerCameraPathFrames(const ViewerOptions& options, const dem::TerrainSource& terrain,
                                                        std::ostream& out);

// The elevation of the water the flat terrain draws (--sea-level, or a DEM's
// sea at 0 m), or empty where it draws none.
[[nodiscard]] std::optional<double> drawnSeaLevelMetres(const terrain::TerrainSettings& settings);

// The terrain settings the options ask for (maxDepth: --depth, else
// terrain::defaultMaxDepthFor(heightmap)). With an elevation model's metadata
// (`dem`): the extent comes from its georeferencing unless --extent is given,
// and the depth along Z keeps its ground proportions either way; the height
// scale is its height range unless --height-scale is given (a vertical
// exaggeration), and the height offset puts sea level at y = 0.
scene::SceneSettings initialSceneSettings(const ViewerOptions& options, const heightmap::Heightmap& heightmap,
                                          const std::optional<dem::DemMetadata>& dem);

// Frames a headless run renders: --frames, else one per camera path pose,
// else kHeadlessDefaultFrames.
uint32_t headlessFrameCount(const ViewerOptions& options, size_t cameraPathPoses);

// Waits for the device to be idle when it goes out of scope, also when an
// exception unwinds. Declare it after the objects the GPU may still be
// using, so that it is destroyed (and waits) before them.
class DeviceIdleGuard {
public:
    explicit DeviceIdleGuard(const vk::Device& device) : device_(device.handle()) {}
    ~DeviceIdleGuard() { vkDeviceWaitIdle(device_); }
    DeviceIdleGuard(const DeviceIdleGuard&) = delete;
    DeviceIdleGuard& operator=(const DeviceIdleGuard&) = delete;

private:
    VkDevice device_;
};

// 0 when the instance recorded no validation message (or validation is
// off); otherwise prints the count to stderr (the messages themselves were
// printed as they came) and returns 1, the exit code of such a run.
int reportValidationMessages(const vk::Instance& instance);

// The run for --stats; `camera` is the last frame's (reported in WGS 84
// terms on a georeferenced DEM, with the DEM's size and reduction).
RunDescription describeRun(const ViewerOptions& options, const heightmap::Heightmap& heightmap,
                           const std::optional<dem::DemMetadata>& dem, const scene::SceneSettings& settings,
                           const CameraPose& camera, const vk::Device& device, VkExtent2D size, uint32_t frames);

}  // namespace viewer
