// The viewer's globe mode (--planet): the whole Earth on WGS 84
// (scene::GlobeSceneRenderer), flown with GlobeFlight, its overlay panel in
// PlanetOverlayPanel.h, its data and settings in PlanetSetup.h.
#pragma once

#include "app/PlanetSetup.h"
#include "app/ViewerMode.h"

#include <memory>
#include <ostream>

namespace app {

class GlobeMode : public ViewerMode {
public:
    // Reads the global model, the imagery and the camera path
    // (loadPlanetInputs).
    GlobeMode(const ViewerOptions& requested, std::ostream& out) : inputs_(loadPlanetInputs(requested, out)) {}

    [[nodiscard]] const ViewerOptions& options() const override { return inputs_.options; }
    [[nodiscard]] std::string sourceName() const override { return inputs_.demPath.string(); }
    // Says where the sun stands on `out`.
    [[nodiscard]] std::unique_ptr<ModeScene> openScene(vk::Device& device, vk::ShaderLibrary& shaders,
                                                       const ModeOutput& output, std::ostream& out) override;

private:
    PlanetInputs inputs_;
};

}  // namespace app
