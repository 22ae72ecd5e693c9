// --vector: the user's layers read (vectordata::readVectorLayer) and laid on
// the ground of either mode (vectordata::drapeLayer), before the device is
// chosen; the scene draws them (scene::SceneFrame::setVectorLayers).
#pragma once

#include "vectordata/Drape.h"
#include "viewer/CommandLine.h"
#include "viewer/PathProfile.h"
#include "viewer/ViewerMode.h"

#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

namespace planet {
class CubeElevation;
}  // namespace planet

namespace viewer {

class GeodeticFrame;

// The font of the labels (CBT_LABEL_FONT: DejaVu Sans of fonts-dejavu-core).
[[nodiscard]] std::filesystem::path defaultLabelFontPath();

// The flat terrain's ground: the DEM's heights in memory (above `seaMetres`
// where it draws water), in world coordinates, Y up.
[[nodiscard]] vectordata::DrapeGround flatDrapeGround(const GeodeticFrame& frame, std::optional<double> seaMetres);
// The globe's: the cube grid's heights with the detail below the data (as
// the globe draws them; the sea's surface over water), in ECEF.
[[nodiscard]] vectordata::DrapeGround globeDrapeGround(const planet::CubeElevation& elevation);
// The cube grid's spacing at the equator, metres.
[[nodiscard]] double globeSampleSpacingMetres(const planet::CubeElevation& elevation);

// The --vector layers of `options` laid on `ground`, one line each on `out`.
// A layer GDAL can not read, that holds no geometry, whose CRS can not be
// undone or that lies off the ground is left out with one warning on `err`.
// Throws vectordata::VectorSourceMissing for a file that does not exist.
// What the --vector layers give a scene: what it draws, and their lines,
// whose profiles the window's overlay offers.
struct VectorLayersLaid {
    vectordata::DrapedLayers draped;
    std::vector<MeasurableLine> lines;
};

// The most lines the overlay offers a profile of.
inline constexpr std::size_t kMaxMeasurableLines = 1000;

[[nodiscard]] VectorLayersLaid drapeVectorLayers(const ViewerOptions& options, const vectordata::DrapeGround& ground,
                                                 std::ostream& out, std::ostream& err);

// The same, for a flat terrain that may have no georeferencing (then every
// layer is left out with one warning).
[[nodiscard]] VectorLayersLaid drapeFlatVectorLayers(const ViewerOptions& options, const dem::TerrainSource& terrain,
                                                     std::ostream& out, std::ostream& err);

// The path measured in the window (its points in order, each with a marker)
// laid on `ground`, in white.
[[nodiscard]] vectordata::DrapedLayers drapeMeasuredPath(const std::vector<vectordata::GeodeticVertex>& path,
                                                         const vectordata::DrapeGround& ground);

// The overlay's switches of the vector layers a scene draws.
class VectorLayerSwitches {
public:
    explicit VectorLayerSwitches(const vectordata::DrapedLayers& layers);

    [[nodiscard]] const std::vector<VectorLayerShown>& layers() const { return layers_; }
    // Sets the `index`th switch: the number of the layer to show or hide,
    // or empty past the switches.
    std::optional<std::size_t> set(std::size_t index, bool shown);

private:
    std::vector<VectorLayerShown> layers_;
};

}  // namespace viewer
