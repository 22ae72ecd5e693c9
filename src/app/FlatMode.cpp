#include "app/FlatMode.h"

#include "app/BackgroundCoarseLevel.h"
#include "app/FlyCamera.h"
#include "app/GeodeticFrame.h"
#include "app/ViewerCommands.h"
#include "scene/SceneRenderer.h"
#include "terrain/TerrainLeaves.h"
#include "terrain/TerrainUniforms.h"
#include "tiles/gpu/HeightStream.h"
#include "vk/Device.h"

#include <algorithm>
#include <iostream>
#include <sstream>

namespace app {

namespace {

constexpr float kLookDegreesPerPixel = 0.15f;

scene::SceneOutput flatSceneOutput(const ViewerOptions& options, const vk::Device& device, const ModeOutput& output)
{
    scene::SceneOutput sceneOutput{output.displayFormat, kDepthConvention, kFramesInFlight};
    sceneOutput.samples = sceneSamplesFor(options, device);
    sceneOutput.raster = rasterPathFor(options, device);
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
std::optional<RunStatistics::GroundProbe> groundBelow(const tiles::gpu::HeightStream& stream,
                                                      const dem::TerrainSource& terrain,
                                                      const terrain::TerrainSettings& settings, glm::vec3 position)
{
    const tiles::TilePyramidLayout& layout = stream.layout();
    const glm::vec2 extent = terrain::terrainWorldExtent(layout.columns(), layout.rows(), settings);
    const double column = (position.x / extent.x + 0.5) * (layout.columns() - 1.0);
    const double row = (position.z / extent.y + 0.5) * (layout.rows() - 1.0);
    const std::optional<tiles::gpu::HeightStream::ProbedHeight> probed = stream.probe(column, row);
    if (!probed || !terrain.dem) {
        return std::nullopt;
    }
    const dem::DemMetadata& dem = *terrain.dem;
    return RunStatistics::GroundProbe{probed->level,
                                      dem.minimumHeightMetres + dem.heightRangeMetres() * probed->normalised};
}

}  // namespace

class FlatScene : public PathFollowingScene<CameraPathFrame> {
public:
    FlatScene(FlatMode& mode, vk::Device& device, vk::ShaderLibrary& shaders, const ModeOutput& output)
        : PathFollowingScene(mode.inputs_.path),
          mode_(mode),
          inputs_(mode.inputs_),
          scene_(checkedFlatDevice(device, inputs_.terrain.heightmap), shaders, inputs_.terrain.heightmap,
                 initialSceneSettings(inputs_.options, inputs_.terrain.heightmap, inputs_.terrain.dem),
                 flatSceneOutput(inputs_.options, device, output), imageryPixelsOf(inputs_.imagery),
                 heightStreamSourceOf(inputs_.options, inputs_.terrain, output.uploadsPerFrame)),
          camera_(startPose(output.viewport)),
          commands_(shaders, scene_, camera_, camera_.pose())
    {
    }

    scene::FrameSlot& slot(std::uint32_t slotIndex) override { return scene_.slot(slotIndex); }

    void recordFrame(std::uint32_t slotIndex, VkExtent2D viewport) override
    {
        scene_.recordFrame(slotIndex,
                           makeFrameView(camera_, viewport, projection_, scene_.worldMin(), scene_.worldMax()));
    }
    [[nodiscard]] scene::FrameStatistics statistics() const override { return scene_.statistics(); }
    [[nodiscard]] tiles::gpu::HeightStream* heightStream() override { return scene_.heightStream(); }

    void steer(WindowInput& input, double seconds) override
    {
        const glm::dvec2 look = input.takeLookMotion();
        camera_.turn(static_cast<float>(look.x) * kLookDegreesPerPixel,
                     -static_cast<float>(look.y) * kLookDegreesPerPixel);
        OverlayModel& model = commands_.model();
        model.cameraSpeed = speedAfterWheel(model.cameraSpeed, input.takeWheelSteps(), 1.0f, model.maxCameraSpeed);
        camera_.move(input.movementKeys(), model.cameraSpeed, static_cast<float>(seconds));
    }

    void runAction(ViewerAction action) override { commands_.run(action); }
    void drawOverlay(OverlayFacts facts, const TimingHistory& history) override
    {
        if (!geodeticFrame_) {
            // Made once: PROJ's transforms take a while to set up.
            geodeticFrame_ =
                geodeticFrameIfGeoreferenced(inputs_.terrain.heightmap, inputs_.terrain.dem, scene_.settings().terrain);
        }
        facts.pose = camera_.pose();
        facts.geodetic = geodeticPoseIn(camera_.pose(), geodeticFrame_.get());
        facts.hasImagery = inputs_.imagery.has_value();
        if (mode_.coarseLevel_) {
            facts.coarseLevelProgress = mode_.coarseLevel_->progress();
        }
        commands_.applyOverlayRequests(drawOverlayPanel(commands_.model(), facts, history));
    }
    void reportError(const std::string& message) override { commands_.reportError(message); }

    void takeBackgroundReads(RunStatistics& statistics, std::uint64_t frame, bool wait) override
    {
        std::unique_ptr<BackgroundCoarseLevel>& coarseLevel = mode_.coarseLevel_;
        if (!coarseLevel) {
            return;
        }
        if (wait) {
            coarseLevel->waitUntilDone();
        } else if (!coarseLevel->done()) {
            return;
        }
        statistics.setCoarseLevelRead(coarseLevel->takeInto(scene_, inputs_.terrain.dem, frame, std::cerr));
        coarseLevel.reset();
    }
    void completeStatistics(RunStatistics& statistics) override
    {
        if (inputs_.options.statsPath && scene_.settings().terrain.backend == terrain::TerrainBackend::Pool) {
            // Only --stats reports it: reading the pool back costs its keys.
            statistics.setDeepestPoolLevel(terrain::deepestPoolLevel(scene_.terrain()));
        }
        if (const tiles::gpu::HeightStream* stream = scene_.heightStream()) {
            if (const std::optional<RunStatistics::GroundProbe> ground =
                    groundBelow(*stream, inputs_.terrain, scene_.settings().terrain, camera_.pose().position)) {
                statistics.setGroundBelowCamera(*ground);
            }
        }
    }
    [[nodiscard]] RunDescription describeRun(const vk::Device& device, VkExtent2D size,
                                             std::uint32_t frames) const override
    {
        return app::describeRun(inputs_.options, inputs_.terrain.heightmap, inputs_.terrain.dem, scene_.settings(),
                                camera_.pose(), device, size, frames);
    }
    [[nodiscard]] std::string describeView(const RunStatistics& statistics) const override
    {
        std::ostringstream text;
        text << ", D = " << scene_.settings().terrain.maxDepth;
        if (const auto& latest = statistics.latest()) {
            text << ", " << latest->leafCount << " leaves";
        }
        return text.str();
    }

protected:
    void setPose(const CameraPose& pose) override { camera_.setPose(pose); }

private:
    // --camera, else the default oblique view over the terrain in a view of `extent`.
    CameraPose startPose(VkExtent2D extent) const
    {
        const float aspect = static_cast<float>(extent.width) / static_cast<float>(std::max(extent.height, 1u));
        return inputs_.options.camera.value_or(
            defaultViewPose(scene_.worldMin(), scene_.worldMax(), projection_.verticalFovDegrees, aspect));
    }

    FlatMode& mode_;
    ViewerInputs& inputs_;
    scene::SceneRenderer scene_;
    const ProjectionSettings projection_{60.0f, kDepthConvention};
    FlyCamera camera_;
    ViewerCommands commands_;
    std::unique_ptr<GeodeticFrame> geodeticFrame_;  // the overlay's WGS 84 view of the camera
};

FlatMode::FlatMode(const ViewerOptions& requested, std::ostream& out)
    : inputs_(loadViewerInputs(requested, out, std::cerr, dem::StreamedBaseTiming::LaterWhenCostly)),
      coarseLevel_(BackgroundCoarseLevel::startFor(inputs_.terrain))
{
}

FlatMode::~FlatMode() = default;

std::unique_ptr<ModeScene> FlatMode::openScene(vk::Device& device, vk::ShaderLibrary& shaders, const ModeOutput& output,
                                               std::ostream& /*out*/)
{
    return std::make_unique<FlatScene>(*this, device, shaders, output);
}

}  // namespace app
