// The viewer's flat mode: a heightmap or an elevation model as a square of
// terrain (scene::SceneRenderer), flown with FlyCamera. The window's panel
// for it is app/FlatPanel.h.
#pragma once

#include "viewer/FlyCamera.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/VectorLayers.h"
#include "viewer/ViewerMode.h"
#include "viewer/ViewerSetup.h"

#include <memory>
#include <optional>
#include <ostream>

namespace scene {
class SceneRenderer;
}  // namespace scene

namespace viewer {

class BackgroundCoarseLevel;

class FlatMode : public ViewerMode {
public:
    // Reads the inputs within what `device` holds (loadViewerInputs) and
    // starts reading a streamed model's costly coarse level in the
    // background.
    FlatMode(const ViewerOptions& requested, const VkPhysicalDeviceLimits& limits, std::ostream& out);
    ~FlatMode() override;
    FlatMode(const FlatMode&) = delete;
    FlatMode& operator=(const FlatMode&) = delete;

    [[nodiscard]] const ViewerOptions& options() const override { return inputs_.options; }
    [[nodiscard]] std::string sourceName() const override { return inputs_.terrain.heightmap.sourcePath; }
    [[nodiscard]] std::unique_ptr<ModeScene> openScene(vk::Device& device, vk::ShaderLibrary& shaders,
                                                       const ModeOutput& output, std::ostream& out) override;

private:
    friend class FlatScene;

    ViewerInputs inputs_;
    // A streamed model's coarse level while it is read in the background
    // (until it is taken in, the scene draws level ground at the middle of
    // the height range); none once taken, or when it was read at load.
    std::unique_ptr<BackgroundCoarseLevel> coarseLevel_;
};

class FlatScene : public PathFollowingScene<CameraPathFrame> {
public:
    FlatScene(FlatMode& mode, vk::Device& device, vk::ShaderLibrary& shaders, const ModeOutput& output);
    ~FlatScene() override;
    FlatScene(const FlatScene&) = delete;
    FlatScene& operator=(const FlatScene&) = delete;

    scene::FrameSlot& slot(std::uint32_t slotIndex) override;
    void recordFrame(std::uint32_t slotIndex, VkExtent2D viewport) override;
    [[nodiscard]] scene::FrameStatistics statistics() const override;
    [[nodiscard]] tiles::gpu::TileStream* heightStream() override;
    [[nodiscard]] tiles::gpu::TileStream* imageryStream() override;
    // Mouse look, the wheel's speed (cameraSpeed) and the keys' motion.
    void steer(const CameraSteering& steering, double seconds) override;
    void runAction(ViewerAction action) override;
    void takeBackgroundReads(RunStatistics& statistics, std::uint64_t frame, bool wait) override;
    void completeStatistics(RunStatistics& statistics) override;
    [[nodiscard]] RunDescription describeRun(const vk::Device& device, VkExtent2D size,
                                             std::uint32_t frames) const override;
    [[nodiscard]] std::string describeView(const RunStatistics& statistics) const override;

    // What the window's panel shows and edits.
    [[nodiscard]] const scene::SceneSettings& settings() const;
    // Takes new settings (scene::SceneRenderer::applySettings); one the
    // device can not hold is reported (reportError) and the scene stays as
    // it was.
    void applySettings(const scene::SceneSettings& settings);
    [[nodiscard]] const CameraPose& pose() const override { return camera_.pose(); }
    // The camera in WGS 84 terms on a georeferenced terrain.
    [[nodiscard]] std::optional<geodesy::GeodeticPose> geodeticPose();
    [[nodiscard]] bool hasImagery() const;
    [[nodiscard]] std::vector<VectorLayerShown> vectorLayers() const override { return vectorSwitches_.layers(); }
    void showVectorLayer(std::size_t index, bool shown) override;
    void requestPick(VkOffset2D pixel) override;
    [[nodiscard]] SurfaceHeight groundHeights() override;
    void showMeasuredPath(const std::vector<vectordata::GeodeticVertex>& path) override;
    [[nodiscard]] double groundSampleSpacingMetres() override;
    [[nodiscard]] const std::vector<MeasurableLine>& measurableLines() const override { return inputs_.vectors.lines; }
    [[nodiscard]] std::optional<PickedPlace> takePickedPlace() override;
    // The share of a streamed model's coarse level read, while it is read.
    [[nodiscard]] std::optional<double> coarseLevelProgress() const;
    // Metres per second without Shift, and the most the wheel or the panel
    // make of it (twice the terrain's larger side).
    [[nodiscard]] float cameraSpeed() const { return cameraSpeed_; }
    [[nodiscard]] float maxCameraSpeed() const { return maxCameraSpeed_; }
    void setCameraSpeed(float metresPerSecond);

protected:
    void setPose(const CameraPose& pose) override { camera_.setPose(pose); }
    void followPathSun(std::size_t index) override;

private:
    FlatMode& mode_;
    ViewerInputs& inputs_;
    vk::ShaderLibrary& shaders_;
    std::unique_ptr<scene::SceneRenderer> scene_;
    const ProjectionSettings projection_{60.0f, kDepthConvention};
    FlyCamera camera_;
    CameraPose startPose_;  // where ResetCamera puts the camera
    float cameraSpeed_ = 100.0f;
    float maxCameraSpeed_ = 100000.0f;
    // The terrain in WGS 84 terms, or null without georeferencing.
    [[nodiscard]] const GeodeticFrame* geodeticFrame();

    std::unique_ptr<GeodeticFrame> geodeticFrame_;  // made once asked for: PROJ takes a while to set up
    VectorLayerSwitches vectorSwitches_;
};

}  // namespace viewer
