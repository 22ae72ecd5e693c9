// Measuring in the window: Shift+click adds the ground under the cursor to
// a path, whose length along the geodesics, climb, descent and elevation
// profile (viewer::profileAlong) the overlay's "Measure" window shows and
// each click prints; the same profile for any line of a --vector layer
// chosen there. One for both modes.
#pragma once

#include "vectordata/GeodeticVertex.h"
#include "viewer/PathProfile.h"
#include "viewer/ViewerMode.h"

#include <cstddef>
#include <optional>
#include <ostream>
#include <vector>

namespace app {

class MeasurePanel {
public:
    // Adds a clicked place to the path and prints the path on `out`; a
    // place without latitude and longitude (the sky, a terrain without
    // georeferencing) is refused with a line on `out`.
    void addPoint(const viewer::PickedPlace& place, viewer::ModeScene& scene, std::ostream& out);

    // Adds the "Measure" window to the current ImGui frame when there is a
    // path or a line to measure.
    void draw(viewer::ModeScene& scene);

    [[nodiscard]] const std::vector<vectordata::GeodeticVertex>& points() const { return points_; }
    [[nodiscard]] const viewer::PathProfile& profile() const { return profile_; }

private:
    void measure(viewer::ModeScene& scene);

    std::vector<vectordata::GeodeticVertex> points_;
    viewer::PathProfile profile_;
    // The --vector line whose profile shows instead of the clicked path.
    std::optional<std::size_t> line_;
};

}  // namespace app
