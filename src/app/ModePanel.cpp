#include "app/ModePanel.h"

#include "app/PlanetOverlayPanel.h"
#include "viewer/FlatMode.h"
#include "viewer/GlobeMode.h"

#include <stdexcept>
#include <utility>

namespace app {

namespace {

// A vector layer the overlay switched, shown or hidden in the scene.
void showVectorLayer(viewer::ModeScene& scene, const std::optional<VectorLayerSwitch>& flipped)
{
    if (flipped) {
        scene.showVectorLayer(flipped->index, flipped->shown);
    }
}

class FlatPanel : public ModePanel {
public:
    explicit FlatPanel(viewer::FlatScene& scene) : scene_(scene)
    {
        model_.requestedMaxDepth = scene.settings().terrain.maxDepth;
    }

    void draw(OverlayFacts facts, const TimingHistory& history) override
    {
        facts.pose = scene_.pose();
        facts.geodetic = scene_.geodeticPose();
        facts.hasImagery = scene_.hasImagery();
        facts.coarseLevelProgress = scene_.coarseLevelProgress();
        facts.vectorLayers = scene_.vectorLayers();
        // The settings as the keys left them; the depth slider keeps its
        // value until "rebuild".
        model_.settings = scene_.settings();
        model_.cameraSpeed = scene_.cameraSpeed();
        model_.maxCameraSpeed = scene_.maxCameraSpeed();
        model_.status = scene_.status();
        const OverlayRequests requests = drawOverlayPanel(model_, facts, history);
        scene_.setCameraSpeed(model_.cameraSpeed);
        if (requests.settingsChanged || requests.rebuildDepth) {
            scene::SceneSettings settings = model_.settings;
            settings.terrain.maxDepth =
                requests.rebuildDepth ? model_.requestedMaxDepth : scene_.settings().terrain.maxDepth;
            scene_.applySettings(settings);
            if (requests.rebuildDepth) {
                model_.requestedMaxDepth = scene_.settings().terrain.maxDepth;
            }
        }
        if (requests.reloadShaders) {
            scene_.runAction(viewer::ViewerAction::ReloadShaders);
        }
        if (requests.resetCamera) {
            scene_.runAction(viewer::ViewerAction::ResetCamera);
        }
        showVectorLayer(scene_, requests.vectorLayer);
    }

private:
    viewer::FlatScene& scene_;
    OverlayModel model_;
};

class GlobePanel : public ModePanel {
public:
    explicit GlobePanel(viewer::GlobeScene& scene) : scene_(scene) {}

    void draw(OverlayFacts facts, const TimingHistory& history) override
    {
        PlanetOverlayFacts globeFacts;
        globeFacts.frame = std::move(facts);
        globeFacts.frame.vectorLayers = scene_.vectorLayers();
        globeFacts.camera = scene_.pose();
        globeFacts.ground = scene_.ground();
        globeFacts.speedMetresPerSecond = scene_.speedOver(globeFacts.ground);
        globeFacts.sun = scene_.sunText();
        globeFacts.wireframe = scene_.settings().globe.wireframe;
        globeFacts.shadows = scene_.settings().globe.shadows;
        globeFacts.contourIntervalMetres = scene_.settings().globe.contourIntervalMetres;
        if (scene_.hasImagery()) {
            globeFacts.showImagery = scene_.settings().globe.showImagery;
        }
        const PlanetOverlayRequests requests = drawPlanetOverlayPanel(globeFacts, history, scene_.status());
        if (requests.home) {
            scene_.runAction(viewer::ViewerAction::ResetCamera);
        }
        if (requests.reloadShaders) {
            scene_.runAction(viewer::ViewerAction::ReloadShaders);
        }
        if (requests.toggleWireframe) {
            scene_.runAction(viewer::ViewerAction::ToggleWireframe);
        }
        if (requests.toggleImagery) {
            scene_.setShowImagery(!scene_.settings().globe.showImagery);
        }
        if (requests.toggleShadows) {
            scene_.setShadows(!scene_.settings().globe.shadows);
        }
        if (requests.contourIntervalMetres) {
            scene_.setContourInterval(*requests.contourIntervalMetres);
        }
        showVectorLayer(scene_, requests.vectorLayer);
    }

private:
    viewer::GlobeScene& scene_;
};

}  // namespace

std::unique_ptr<ModePanel> makeModePanel(viewer::ModeScene& scene)
{
    if (auto* flat = dynamic_cast<viewer::FlatScene*>(&scene)) {
        return std::make_unique<FlatPanel>(*flat);
    }
    if (auto* globe = dynamic_cast<viewer::GlobeScene*>(&scene)) {
        return std::make_unique<GlobePanel>(*globe);
    }
    throw std::logic_error("a viewer mode without an overlay panel");
}

}  // namespace app
