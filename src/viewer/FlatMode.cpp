#include "viewer/FlatMode.h"

#include "scene/SceneRenderer.h"
#include "terrain/TerrainLeaves.h"
#include "terrain/TerrainUniforms.h"
#include "tiles/gpu/TileStream.h"
#include "viewer/BackgroundCoarseLevel.h"
#include "viewer/FlyCamera.h"
#include "vk/Device.h"

#include <algorithm>
#include <iostream>
#include <sstream>

namespace viewer {

namespace {

constexpr float kLookDegreesPerPixel = 0.15f;

scene::SceneOutput flatSceneOutput(const ViewerOptions& options, const vk::Device& device, const ModeOutput& output)
{
    scene::SceneOutput sceneOutput{output.displayFormat, kDepthConvention, kFramesInFlight};
    sceneOutput.samples = sceneSamplesFor(options, device);
    sceneOutput.raster = rasterPathFor(options, device);
    // The vector layers and the window's clicks read the scene's depth; a
    // headless run without layers stores none.
    sceneOutput.readableDepth = !options.headless || !options.vectorLayers.empty();
    return sceneOutput;
}

// `device` after the checks that must pass before the scene is built.
vk::Device& checkedFlatDevice(vk::Device& device, const heightmap::Heightmap& heightmap)
{
    checkViewerDeviceFeatures(device);
    checkHeightmapFitsDevice(heightmap, device);
    return device;
}

// What the streamed tiles hold straight below `position` (world metres).
std::optional<RunStatistics::GroundProbe> groundBelow(const tiles::gpu::TileStream& stream,
                                                      const dem::TerrainSource& terrain,
                                                      const terrain::TerrainSettings& settings, glm::vec3 position)
{
    const tiles::TilePyramidLayout& layout = stream.layout();
    const glm::vec2 extent = terrain::terrainWorldExtent(layout.columns(), layout.rows(), settings);
    const double column = (position.x / extent.x + 0.5) * (layout.columns() - 1.0);
    const double row = (position.z / extent.y + 0.5) * (layout.rows() - 1.0);
    const std::optional<tiles::gpu::TileStream::ProbedHeight> probed = stream.probe(column, row);
    if (!probed || !terrain.dem) {
        return std::nullopt;
    }
    const dem::DemMetadata& dem = *terrain.dem;
    return RunStatistics::GroundProbe{probed->level,
                                      dem.minimumHeightMetres + dem.heightRangeMetres() * probed->normalised};
}

// --camera, else the default oblique view over the terrain in a view of `extent`.
CameraPose flatStartPose(const ViewerOptions& options, const scene::SceneRenderer& scene,
                         const ProjectionSettings& projection, VkExtent2D extent)
{
    const float aspect = static_cast<float>(extent.width) / static_cast<float>(std::max(extent.height, 1u));
    return options.camera.value_or(
        defaultViewPose(scene.worldMin(), scene.worldMax(), projection.verticalFovDegrees, aspect));
}

}  // namespace

FlatScene::FlatScene(FlatMode& mode, vk::Device& device, vk::ShaderLibrary& shaders, const ModeOutput& output)
    : PathFollowingScene(mode.inputs_.path),
      mode_(mode),
      inputs_(mode.inputs_),
      shaders_(shaders),
      scene_(std::make_unique<scene::SceneRenderer>(
          checkedFlatDevice(device, inputs_.terrain.heightmap), shaders, inputs_.terrain.heightmap,
          initialSceneSettings(inputs_.options, inputs_.terrain.heightmap, inputs_.terrain.dem),
          flatSceneOutput(inputs_.options, device, output), imageryPixelsOf(inputs_.imagery),
          heightStreamSourceOf(inputs_.options, inputs_.terrain, output.uploadsPerFrame,
                               inputs_.imagery ? &*inputs_.imagery : nullptr),
          flatImageryStreamSourceOf(inputs_.options, inputs_.terrain, inputs_.imagery, output.uploadsPerFrame))),
      camera_(flatStartPose(inputs_.options, *scene_, projection_, output.viewport)),
      startPose_(camera_.pose()),
      vectorSwitches_(inputs_.vectors.draped)
{
    const glm::vec3 size = scene_->worldMax() - scene_->worldMin();
    maxCameraSpeed_ = std::max(size.x, size.z) * 2.0f;
    cameraSpeed_ = std::max(size.x, size.z) / 20.0f;
    scene_->setVectorLayers(inputs_.vectors.draped);
}

FlatScene::~FlatScene() = default;

void FlatScene::showVectorLayer(std::size_t index, bool shown)
{
    if (const std::optional<std::size_t> layer = vectorSwitches_.set(index, shown)) {
        scene_->setVectorLayerShown(*layer, shown);
    }
}

scene::FrameSlot& FlatScene::slot(std::uint32_t slotIndex)
{
    return scene_->slot(slotIndex);
}

void FlatScene::recordFrame(std::uint32_t slotIndex, VkExtent2D viewport)
{
    scene_->recordFrame(slotIndex,
                        makeFrameView(camera_, viewport, projection_, scene_->worldMin(), scene_->worldMax()));
}

scene::FrameStatistics FlatScene::statistics() const
{
    return scene_->statistics();
}

tiles::gpu::TileStream* FlatScene::heightStream()
{
    return scene_->heightStream();
}

tiles::gpu::TileStream* FlatScene::imageryStream()
{
    return scene_->imageryStream();
}

void FlatScene::steer(const CameraSteering& steering, double seconds)
{
    camera_.turn(static_cast<float>(steering.lookPixels.x) * kLookDegreesPerPixel,
                 -static_cast<float>(steering.lookPixels.y) * kLookDegreesPerPixel);
    cameraSpeed_ = speedAfterWheel(cameraSpeed_, steering.wheelSteps, 1.0f, maxCameraSpeed_);
    camera_.move(steering.keys, cameraSpeed_, static_cast<float>(seconds));
}

void FlatScene::followPathSun(std::size_t index)
{
    if (index >= inputs_.pathSuns.size()) {
        return;
    }
    scene::SceneSettings settings = scene_->settings();
    settings.sun = inputs_.pathSuns[index];
    applySettings(settings);
}

void FlatScene::runAction(ViewerAction action)
{
    if (runRecordingAction(action)) {
        return;
    }
    scene::SceneSettings settings = scene_->settings();
    switch (action) {
        case ViewerAction::ResetCamera: camera_.setPose(startPose_); break;
        case ViewerAction::ReloadShaders: reloadShaders(shaders_, [&] { return scene_->reloadShaders(); }); break;
        case ViewerAction::ToggleWireframe:
            settings.terrain.wireframe = !settings.terrain.wireframe;
            applySettings(settings);
            break;
        case ViewerAction::ToggleFreeze:
            settings.terrain.freezeSubdivision = !settings.terrain.freezeSubdivision;
            applySettings(settings);
            break;
        case ViewerAction::LowerSun:
        case ViewerAction::RaiseSun:
            settings.sun.elevationDegrees =
                steppedSunElevation(settings.sun.elevationDegrees, action == ViewerAction::RaiseSun ? 1 : -1);
            applySettings(settings);
            break;
        // The window loop's own, and the recording's (above).
        case ViewerAction::Screenshot:
        case ViewerAction::Quit:
        case ViewerAction::ToggleOverlay:
        case ViewerAction::AddKeyframe:
        case ViewerAction::PlayKeyframes:
        case ViewerAction::SaveKeyframes: break;
    }
}

void FlatScene::takeBackgroundReads(RunStatistics& statistics, std::uint64_t frame, bool wait)
{
    std::unique_ptr<BackgroundCoarseLevel>& coarseLevel = mode_.coarseLevel_;
    if (!coarseLevel) {
        return;
    }
    if (wait) {
        if (!coarseLevel->waitUntilDone(ioTimeout(inputs_.options))) {
            throw heightmap::HeightmapError(
                timedOutMessage(mode_.sourceName(), inputs_.options, "reading its coarse level"));
        }
    } else if (!coarseLevel->done()) {
        return;
    }
    statistics.setCoarseLevelRead(coarseLevel->takeInto(*scene_, inputs_.terrain.dem, frame, std::cerr));
    coarseLevel.reset();
}

void FlatScene::completeStatistics(RunStatistics& statistics)
{
    if (inputs_.options.statsPath && scene_->settings().terrain.backend == terrain::TerrainBackend::Pool) {
        // Only --stats reports it: reading the pool back costs its keys.
        statistics.setDeepestPoolLevel(terrain::deepestPoolLevel(scene_->terrain()));
    }
    if (const tiles::gpu::TileStream* stream = scene_->heightStream()) {
        if (const std::optional<RunStatistics::GroundProbe> ground =
                groundBelow(*stream, inputs_.terrain, scene_->settings().terrain, camera_.pose().position)) {
            statistics.setGroundBelowCamera(*ground);
        }
    }
}

RunDescription FlatScene::describeRun(const vk::Device& device, VkExtent2D size, std::uint32_t frames) const
{
    return viewer::describeRun(inputs_.options, inputs_.terrain.heightmap, inputs_.terrain.dem, scene_->settings(),
                               camera_.pose(), device, size, frames);
}

std::string FlatScene::describeView(const RunStatistics& statistics) const
{
    std::ostringstream text;
    text << ", D = " << scene_->settings().terrain.maxDepth;
    if (const auto& latest = statistics.latest()) {
        text << ", " << latest->leafCount << " leaves";
    }
    return text.str();
}

const scene::SceneSettings& FlatScene::settings() const
{
    return scene_->settings();
}

void FlatScene::applySettings(const scene::SceneSettings& settings)
{
    try {
        scene_->applySettings(settings);
    } catch (const std::exception& error) {  // a depth the device cannot hold, an invalid value
        reportError(error.what());
    }
}

const GeodeticFrame* FlatScene::geodeticFrame()
{
    if (!geodeticFrame_) {
        geodeticFrame_ =
            geodeticFrameIfGeoreferenced(inputs_.terrain.heightmap, inputs_.terrain.dem, scene_->settings().terrain);
    }
    return geodeticFrame_.get();
}

std::optional<geodesy::GeodeticPose> FlatScene::geodeticPose()
{
    return geodeticPoseIn(camera_.pose(), geodeticFrame());
}

SurfaceHeight FlatScene::groundHeights()
{
    const GeodeticFrame* frame = geodeticFrame();
    if (frame == nullptr) {
        return {};
    }
    return [frame](double latitude, double longitude) { return frame->elevationAt(latitude, longitude); };
}

void FlatScene::showMeasuredPath(const std::vector<vectordata::GeodeticVertex>& path)
{
    const GeodeticFrame* frame = geodeticFrame();
    if (frame == nullptr) {
        return;
    }
    scene_->setMeasuredPath(
        drapeMeasuredPath(path, flatDrapeGround(*frame, drawnSeaLevelMetres(scene_->settings().terrain))));
}

double FlatScene::groundSampleSpacingMetres()
{
    const GeodeticFrame* frame = geodeticFrame();
    return frame != nullptr ? frame->sampleSpacingMetres() : 0.0;
}

void FlatScene::requestPick(VkOffset2D pixel)
{
    scene_->requestPick(pixel);
}

std::optional<PickedPlace> FlatScene::takePickedPlace()
{
    const std::optional<scene::PickedPoint> picked = scene_->takePicked();
    if (!picked) {
        return std::nullopt;
    }
    PickedPlace place;
    place.pixel = picked->pixel;
    if (!picked->scenePosition) {
        return place;
    }
    place.ground = true;
    place.scenePosition = *picked->scenePosition;
    place.heightMetres =
        place.scenePosition.y * static_cast<double>(scene_->settings().terrain.elevationPerWorldHeight);
    if (const GeodeticFrame* frame = geodeticFrame()) {
        try {
            const dem::GeodeticPoint point =
                frame->geodeticOf(glm::dvec2(place.scenePosition.x, place.scenePosition.z));
            place.latitudeDegrees = point.latitudeDegrees;
            place.longitudeDegrees = point.longitudeDegrees;
        } catch (const GeodeticPlacementError&) {
            // A point PROJ can not take back: its world coordinates only.
        }
    }
    return place;
}

bool FlatScene::hasImagery() const
{
    return inputs_.imagery.has_value();
}

std::optional<double> FlatScene::coarseLevelProgress() const
{
    return mode_.coarseLevel_ ? std::optional<double>(mode_.coarseLevel_->progress()) : std::nullopt;
}

void FlatScene::setCameraSpeed(float metresPerSecond)
{
    cameraSpeed_ = std::clamp(metresPerSecond, 1.0f, maxCameraSpeed_);
}

FlatMode::FlatMode(const ViewerOptions& requested, const VkPhysicalDeviceLimits& limits, std::ostream& out)
    : inputs_(loadViewerInputs(requested, limits, out, std::cerr, dem::StreamedBaseTiming::LaterWhenCostly)),
      coarseLevel_(BackgroundCoarseLevel::startFor(inputs_.terrain))
{
}

FlatMode::~FlatMode() = default;

std::unique_ptr<ModeScene> FlatMode::openScene(vk::Device& device, vk::ShaderLibrary& shaders, const ModeOutput& output,
                                               std::ostream& /*out*/)
{
    return std::make_unique<FlatScene>(*this, device, shaders, output);
}

}  // namespace viewer
