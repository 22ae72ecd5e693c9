#include "viewer/VectorLayers.h"

#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "vectordata/LabelFont.h"
#include "vectordata/VectorLayer.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/ViewerSetup.h"

#include <algorithm>
#include <filesystem>
#include <numbers>
#include <sstream>

namespace viewer {

namespace {

std::string countOf(std::size_t count, const char* noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string describeLayer(const vectordata::VectorLayer& layer, std::size_t vertices, std::size_t labels)
{
    return "--vector " + layer.source + ": " + countOf(layer.lines.size(), "line") + ", " +
           countOf(layer.polygons.size(), "polygon") + ", " + countOf(layer.places.size(), "point") + ", " +
           (vertices == 1 ? std::string("1 vertex") : std::to_string(vertices) + " vertices") + " on the ground, " +
           countOf(labels, "label");
}

}  // namespace

vectordata::DrapeGround flatDrapeGround(const GeodeticFrame& frame, std::optional<double> seaMetres)
{
    vectordata::DrapeGround ground;
    const double worldPerMetre = 1.0 / static_cast<double>(frame.settings().elevationPerWorldHeight);
    ground.pointAt = [&frame, seaMetres, worldPerMetre](double latitude,
                                                        double longitude) -> std::optional<vectordata::SurfacePoint> {
        const GeodeticFrame::TerrainPoint point = frame.terrainPointAt(latitude, longitude);
        if (!point.onTerrain) {
            return std::nullopt;
        }
        const double metres = seaMetres ? std::max(point.elevationMetres, *seaMetres) : point.elevationMetres;
        return vectordata::SurfacePoint{glm::dvec3(point.world.x, metres * worldPerMetre, point.world.y),
                                        glm::dvec3(0.0, 1.0, 0.0)};
    };
    ground.sampleSpacingMetres = frame.sampleSpacingMetres();
    return ground;
}

vectordata::DrapeGround globeDrapeGround(const planet::CubeElevation& elevation)
{
    vectordata::DrapeGround ground;
    ground.pointAt = [&elevation](double latitude, double longitude) -> std::optional<vectordata::SurfacePoint> {
        const glm::dvec3 cube = planet::cubePointUnder(latitude, longitude);
        // Over the sea, on its surface.
        const double height = std::max(elevation.surfaceHeightAt(cube), 0.0);
        return vectordata::SurfacePoint{elevation.ecefAt(cube, height),
                                        planet::ellipsoidNormalAt(planet::cubeToEcef(cube))};
    };
    ground.sampleSpacingMetres = globeSampleSpacingMetres(elevation);
    return ground;
}

double globeSampleSpacingMetres(const planet::CubeElevation& elevation)
{
    return planet::cubeGridSpacingMetres(elevation.intervals());
}

std::filesystem::path defaultLabelFontPath()
{
    return std::filesystem::path(CBT_LABEL_FONT);
}

VectorLayersLaid drapeVectorLayers(const ViewerOptions& options, const vectordata::DrapeGround& ground,
                                   std::ostream& out, std::ostream& err)
{
    // Every layer first: the labels' font holds the glyphs of all of them.
    std::vector<std::optional<vectordata::VectorLayer>> layers;
    std::vector<std::string> names;
    for (const vectordata::VectorLayerSpec& spec : options.vectorLayers) {
        try {
            layers.emplace_back(vectordata::readVectorLayer(spec.source, options.vectorLabelField));
            for (const std::string& name : layers.back()->layersWithoutCrs) {
                err << "cbt-terrain: warning: --vector " << spec.source << ": layer " << name
                    << " names no CRS; its coordinates are taken as WGS 84 longitudes and latitudes\n";
            }
            for (const vectordata::VectorPlace& place : layers.back()->places) {
                if (!place.name.empty()) {
                    names.push_back(place.name);
                }
            }
        } catch (const vectordata::VectorSourceMissing& error) {
            throw vectordata::VectorSourceMissing(std::string("--vector: ") + error.what());
        } catch (const vectordata::VectorDataError& error) {
            err << "cbt-terrain: warning: --vector " << error.what() << "; it is left out\n";
            layers.emplace_back(std::nullopt);
        }
    }
    std::optional<vectordata::LabelFont> font;
    if (!names.empty()) {
        try {
            font.emplace(defaultLabelFontPath(), names);
        } catch (const vectordata::VectorDataError& error) {
            err << "cbt-terrain: warning: --vector: the labels' font " << error.what()
                << "; the points are drawn without labels\n";
        }
    }
    VectorLayersLaid laid;
    vectordata::DrapedLayers& draped = laid.draped;
    for (std::size_t index = 0; index < layers.size(); ++index) {
        if (!layers[index]) {
            continue;
        }
        const vectordata::VectorLayer& layer = *layers[index];
        const vectordata::VectorLayerSpec& spec = options.vectorLayers[index];
        const std::size_t lines = vectordata::drapeLayer(
            layer, spec, index, ground, draped.lines,
            vectordata::kMaxDrapedVertices - std::min(draped.lines.size(), vectordata::kMaxDrapedVertices));
        const std::size_t fills = vectordata::drapeFills(
            layer, spec, index, ground, draped.fills,
            vectordata::kMaxDrapedFillVertices - std::min(draped.fills.size(), vectordata::kMaxDrapedFillVertices));
        const std::size_t labels = font ? vectordata::drapeLabels(layer, spec, index, ground, *font, draped.labels) : 0;
        if (lines == 0 && fills == 0) {
            err << "cbt-terrain: warning: --vector " << spec.source
                << ": no part of it lies on the terrain; it is left out\n";
            continue;
        }
        draped.drawn.emplace_back(index, spec.source);
        const std::string file = std::filesystem::path(spec.source).filename().string();
        for (std::size_t line = 0; line < layer.lines.size() && laid.lines.size() < kMaxMeasurableLines; ++line) {
            const vectordata::VectorLine& vectorLine = layer.lines[line];
            laid.lines.push_back(
                {file + ": " + (vectorLine.name.empty() ? "line " + std::to_string(line + 1) : vectorLine.name),
                 vectorLine.points});
        }
        out << "cbt-terrain: " << describeLayer(layer, lines + fills, labels) << "\n";
    }
    return laid;
}

VectorLayersLaid drapeFlatVectorLayers(const ViewerOptions& options, const dem::TerrainSource& terrain,
                                       std::ostream& out, std::ostream& err)
{
    if (options.vectorLayers.empty()) {
        return {};
    }
    const scene::SceneSettings settings = initialSceneSettings(options, terrain.heightmap, terrain.dem);
    try {
        const GeodeticFrame frame(terrain, settings.terrain, "--vector");
        return drapeVectorLayers(options, flatDrapeGround(frame, drawnSeaLevelMetres(settings.terrain)), out, err);
    } catch (const GeodeticPlacementError& error) {
        err << "cbt-terrain: warning: " << error.what() << "; the vector layers are left out\n";
        return {};
    }
}

vectordata::DrapedLayers drapeMeasuredPath(const std::vector<vectordata::GeodeticVertex>& path,
                                           const vectordata::DrapeGround& ground)
{
    constexpr std::uint32_t kWhite = 0xffffffffu;
    vectordata::VectorLayer layer;
    if (path.size() >= 2) {
        layer.lines.push_back({path, {}, {}});
    }
    for (const vectordata::GeodeticVertex& point : path) {
        layer.places.push_back({point, {}, {}});
    }
    vectordata::DrapedLayers draped;
    vectordata::drapeLayer(layer, vectordata::VectorLayerSpec{"measured path", kWhite, 3.0f}, 0, ground, draped.lines);
    return draped;
}

VectorLayerSwitches::VectorLayerSwitches(const vectordata::DrapedLayers& layers)
{
    for (const auto& [layer, source] : layers.drawn) {
        layers_.push_back({layer, source, true});
    }
}

std::optional<std::size_t> VectorLayerSwitches::set(std::size_t index, bool shown)
{
    if (index >= layers_.size()) {
        return std::nullopt;
    }
    layers_[index].shown = shown;
    return layers_[index].layer;
}

}  // namespace viewer
