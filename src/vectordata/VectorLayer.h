// A layer of the user's vector data (--vector): every line, polygon and
// point of a source GDAL/OGR opens (GPX, GeoJSON, KML/KMZ, shapefile,
// GeoPackage, FlatGeobuf, CSV with WKT, /vsicurl/ names), over all its
// layers, in WGS 84, with the names of its points and the colours and widths
// its features' OGR style strings (KML styles among them) give.
//
// In a GPX file the waypoints, routes and tracks are read, not the point
// layers that repeat the routes' and tracks' points. Multi-geometries and
// collections are split into their parts, curves into line strings. A layer
// without a CRS is taken as WGS 84 longitude and latitude when every
// coordinate fits, and refused otherwise.
#pragma once

#include "vectordata/GeodeticVertex.h"
#include "vectordata/TrackReader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vectordata {

// A source that does not exist: the one problem with a vector layer that
// stops the viewer (the others leave the layer out with a warning).
class VectorSourceMissing : public VectorDataError {
public:
    using VectorDataError::VectorDataError;
};

// What a feature's style string says about how to draw it; empty members
// take the layer's style.
struct FeatureStyle {
    std::optional<std::uint32_t> rgba;  // 0xRRGGBBAA, sRGB
    std::optional<float> widthPixels;
};

struct VectorLine {
    std::vector<GeodeticVertex> points;
    FeatureStyle style;
    std::string name;  // the feature's, empty when it has none
};

// The first ring is the outer boundary, the others its holes; each ring is
// closed (its last point equals its first).
struct VectorPolygon {
    std::vector<std::vector<GeodeticVertex>> rings;
    FeatureStyle style;
    std::optional<std::uint32_t> fillRgba;  // the style's brush, 0xRRGGBBAA
};

struct VectorPlace {
    GeodeticVertex point;
    std::string name;  // empty when the feature has none
    FeatureStyle style;
};

struct VectorLayer {
    std::string source;
    std::vector<VectorLine> lines;
    std::vector<VectorPolygon> polygons;
    std::vector<VectorPlace> places;
    // The layers of the source that name no CRS and whose coordinates were
    // taken as WGS 84 longitudes and latitudes.
    std::vector<std::string> layersWithoutCrs;

    [[nodiscard]] bool empty() const { return lines.empty() && polygons.empty() && places.empty(); }
    // Points over every line, ring and place.
    [[nodiscard]] std::size_t vertexCount() const;
};

// The layer of `source`. A point's name is the field `labelField` names when
// given, else the first of "name", "Name", "NAME" the layer has. Throws
// VectorSourceMissing for a local path that does not exist, and
// VectorDataError (one line naming the source) when GDAL can not open it as
// vector data, it holds no geometry, or its coordinates can not be brought
// to WGS 84.
[[nodiscard]] VectorLayer readVectorLayer(const std::string& source,
                                          const std::optional<std::string>& labelField = std::nullopt);

// "#RRGGBB" or "#RRGGBBAA" (OGR style strings, --vector's color=) as
// 0xRRGGBBAA; empty for anything else.
[[nodiscard]] std::optional<std::uint32_t> parseHexColour(const std::string& text);

}  // namespace vectordata
