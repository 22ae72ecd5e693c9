// The viewer's flat mode: a heightmap or an elevation model as a square of
// terrain (scene::SceneRenderer), flown with FlyCamera, its settings edited
// by the overlay panel (OverlayPanel.h) and the keys (ViewerCommands.h).
#pragma once

#include "app/ViewerMode.h"
#include "app/ViewerSetup.h"

#include <memory>
#include <ostream>

namespace app {

class BackgroundCoarseLevel;

class FlatMode : public ViewerMode {
public:
    // Reads the inputs (loadViewerInputs) and starts reading a streamed
    // model's costly coarse level in the background.
    FlatMode(const ViewerOptions& requested, std::ostream& out);
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
    // A streamed model's coarse level while it is read (the scene draws a
    // placeholder meanwhile); none once taken, or when it was read at load.
    std::unique_ptr<BackgroundCoarseLevel> coarseLevel_;
};

}  // namespace app
