// The viewer's globe mode (--planet): the whole Earth on WGS 84
// (scene::GlobeSceneRenderer), flown with GlobeFlight; its data and
// settings in PlanetSetup.h. The window's panel for it is app/GlobePanel.h.
#pragma once

#include "viewer/GlobeFlight.h"
#include "viewer/PlanetSetup.h"
#include "viewer/VectorLayers.h"
#include "viewer/ViewerMode.h"

#include <memory>
#include <ostream>
#include <string>

namespace viewer {

class GlobeMode : public ViewerMode {
public:
    // Reads the global model, the imagery and the camera path
    // (loadPlanetInputs), the cube grid sized to `device`.
    GlobeMode(const ViewerOptions& requested, const VkPhysicalDeviceLimits& limits, std::ostream& out);

    [[nodiscard]] const ViewerOptions& options() const override { return inputs_.options; }
    [[nodiscard]] std::string sourceName() const override { return inputs_.demPath.string(); }
    // Says where the sun stands on `out`.
    [[nodiscard]] std::unique_ptr<ModeScene> openScene(vk::Device& device, vk::ShaderLibrary& shaders,
                                                       const ModeOutput& output, std::ostream& out) override;

private:
    PlanetInputs inputs_;
};

class GlobeScene : public PathFollowingScene<GeodeticPathFrame> {
public:
    GlobeScene(const PlanetInputs& inputs, vk::Device& device, vk::ShaderLibrary& shaders, const ModeOutput& output);

    scene::FrameSlot& slot(std::uint32_t slotIndex) override { return scene_.slot(slotIndex); }
    void recordFrame(std::uint32_t slotIndex, VkExtent2D viewport) override;
    [[nodiscard]] scene::FrameStatistics statistics() const override { return scene_.statistics(); }
    [[nodiscard]] tiles::gpu::TileStream* heightStream() override { return scene_.heightStream(); }
    [[nodiscard]] tiles::gpu::TileStream* imageryStream() override { return scene_.imageryStream(); }
    // The flight keeps above the ground under it (GlobeFlight::move), also
    // when it starts below.
    void steer(const CameraSteering& steering, double seconds) override;
    void runAction(ViewerAction action) override;
    void takeBackgroundReads(RunStatistics& /*statistics*/, std::uint64_t /*frame*/, bool /*wait*/) override {}
    void completeStatistics(RunStatistics& /*statistics*/) override {}
    [[nodiscard]] RunDescription describeRun(const vk::Device& device, VkExtent2D size,
                                             std::uint32_t frames) const override;
    [[nodiscard]] std::string describeView(const RunStatistics& statistics) const override;

    // What the window's panel shows and switches.
    [[nodiscard]] const planet::GeodeticPose& pose() const override { return flight_.pose(); }
    // The ground under the camera (groundUnder).
    [[nodiscard]] GlobeGround ground();
    // Metres per second without Shift over `ground`.
    [[nodiscard]] double speedOver(const GlobeGround& ground) const;
    // Where the sun stands (describePlanetSun).
    [[nodiscard]] const std::string& sunText() const { return sunText_; }
    [[nodiscard]] const scene::GlobeSceneSettings& settings() const { return scene_.settings(); }
    [[nodiscard]] bool hasImagery() const { return scene_.globe().hasImagery(); }
    void setShowImagery(bool show) { scene_.setShowImagery(show); }
    void setShadows(bool shadows) { scene_.setShadows(shadows); }
    void setContourInterval(double metres) { scene_.setContourInterval(metres); }
    [[nodiscard]] std::vector<VectorLayerShown> vectorLayers() const override { return vectorSwitches_.layers(); }
    void showVectorLayer(std::size_t index, bool shown) override;
    void requestPick(VkOffset2D pixel) override { scene_.requestPick(pixel); }
    [[nodiscard]] std::optional<PickedPlace> takePickedPlace() override;
    [[nodiscard]] SurfaceHeight groundHeights() override;
    void showMeasuredPath(const std::vector<vectordata::GeodeticVertex>& path) override
    {
        scene_.setMeasuredPath(drapeMeasuredPath(path, globeDrapeGround(*inputs_.elevation)));
    }
    [[nodiscard]] double groundSampleSpacingMetres() override;
    [[nodiscard]] const std::vector<MeasurableLine>& measurableLines() const override { return inputs_.vectors.lines; }

protected:
    void setPose(const planet::GeodeticPose& pose) override { flight_.setPose(pose); }
    void followPathSun(std::size_t index) override
    {
        if (index < inputs_.pathSuns.size()) {
            sun_ = inputs_.pathSuns[index];
        }
    }

private:
    const PlanetInputs& inputs_;
    vk::ShaderLibrary& shaders_;
    scene::GlobeSceneRenderer scene_;
    VectorLayerSwitches vectorSwitches_;
    GlobeFlight flight_;
    glm::dvec3 sun_;
    std::string sunText_;
    float speedFactor_ = 1.0f;  // the wheel's
};

}  // namespace viewer
