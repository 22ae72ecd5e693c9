// The overlay of planet mode (F1): the frame's statistics as in the flat
// viewer (bisector counts, pool memory, the GPU time of each pass), the
// camera's latitude, longitude and altitude, and the flight's speed.
#pragma once

#include "app/OverlayPanel.h"
#include "planet/GlobeCamera.h"
#include "viewer/GlobeFlight.h"

#include <optional>
#include <string>

namespace app {

struct PlanetOverlayFacts {
    OverlayFacts frame;
    planet::GeodeticPose camera;
    viewer::GlobeGround ground;  // the surface under the camera
    double speedMetresPerSecond = 0.0;
    std::string sun;  // where the sun stands (describePlanetSun)
    bool wireframe = false;
    // The globe has imagery (--imagery): the "imagery" checkbox shows it.
    std::optional<bool> showImagery;
    bool shadows = true;
    double contourIntervalMetres = 0.0;  // 0: none
};

struct PlanetOverlayRequests {
    bool home = false;
    bool reloadShaders = false;
    bool toggleWireframe = false;
    bool toggleImagery = false;
    bool toggleShadows = false;
    // A new contour interval in metres (0: none).
    std::optional<double> contourIntervalMetres;
    std::optional<VectorLayerSwitch> vectorLayer;
};

PlanetOverlayRequests drawPlanetOverlayPanel(const PlanetOverlayFacts& facts, const TimingHistory& history,
                                             std::string_view status);

}  // namespace app
