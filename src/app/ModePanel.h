// The window's overlay panel of a viewer mode (F1): the frame's statistics
// and the mode's own controls. The flat terrain's edits its settings
// (OverlayPanel.h); the globe's shows where the camera is on the Earth and
// switches its wireframe, imagery and shadows (PlanetOverlayPanel.h).
#pragma once

#include "app/OverlayPanel.h"
#include "viewer/ViewerMode.h"

#include <memory>

namespace app {

class ModePanel {
public:
    virtual ~ModePanel() = default;
    // Adds the panel to the current ImGui frame (`facts` holds the frame's
    // part of what it shows) and carries out what the user asked of it.
    virtual void draw(OverlayFacts facts, const TimingHistory& history) = 0;
};

// The panel of the mode whose scene `scene` is (viewer::FlatScene or
// viewer::GlobeScene), which must outlive it.
std::unique_ptr<ModePanel> makeModePanel(viewer::ModeScene& scene);

}  // namespace app
