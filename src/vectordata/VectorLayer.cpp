#include "vectordata/VectorLayer.h"

#include "dem/DemGdal.h"
#include "vectordata/Wgs84Transform.h"

#include <ogr_featurestyle.h>
#include <ogrsf_frmts.h>

#include <array>
#include <filesystem>
#include <memory>
#include <string_view>

namespace vectordata {

namespace {

// Whether `source` is a name GDAL resolves other than a local path
// (/vsicurl/, /vsizip/, a URL, a driver's "PREFIX:" name).
bool namesMoreThanAPath(const std::string& source)
{
    if (source.rfind("/vsi", 0) == 0 || source.find("://") != std::string::npos) {
        return true;
    }
    const std::size_t colon = source.find(':');
    return colon != std::string::npos && colon > 1 && source.find('/') > colon;
}

struct StyleToolDeleter {
    void operator()(OGRStyleTool* tool) const noexcept { delete tool; }
};

// The pen (line colour and width) and brush (fill colour) of a feature's
// style string.
struct FeatureLook {
    FeatureStyle style;
    std::optional<std::uint32_t> fill;
};

FeatureLook lookOf(OGRFeature& feature)
{
    FeatureLook look;
    OGRStyleMgr manager;
    if (manager.InitFromFeature(&feature) == nullptr) {
        return look;
    }
    for (int part = 0; part < manager.GetPartCount(); ++part) {
        const std::unique_ptr<OGRStyleTool, StyleToolDeleter> tool(manager.GetPart(part));
        if (!tool) {
            continue;
        }
        GBool isNull = TRUE;
        if (tool->GetType() == OGRSTCPen) {
            auto& pen = static_cast<OGRStylePen&>(*tool);
            pen.SetUnit(OGRSTUPixel);
            if (const char* colour = pen.Color(isNull); isNull == FALSE && colour != nullptr) {
                look.style.rgba = parseHexColour(colour);
            }
            if (const double width = pen.Width(isNull); isNull == FALSE && width > 0.0 && width <= 64.0) {
                look.style.widthPixels = static_cast<float>(width);
            }
        } else if (tool->GetType() == OGRSTCBrush) {
            auto& brush = static_cast<OGRStyleBrush&>(*tool);
            if (const char* colour = brush.ForeColor(isNull); isNull == FALSE && colour != nullptr) {
                look.fill = parseHexColour(colour);
            }
        } else if (tool->GetType() == OGRSTCSymbol) {
            auto& symbol = static_cast<OGRStyleSymbol&>(*tool);
            if (const char* colour = symbol.Color(isNull); isNull == FALSE && colour != nullptr) {
                look.style.rgba = parseHexColour(colour);
            }
        }
    }
    return look;
}

// One feature's geometry split into its parts, in the layer's CRS.
class FeatureParts {
public:
    explicit FeatureParts(const Wgs84Transform& transform) : transform_(transform) {}

    void add(const OGRGeometry& geometry)
    {
        const OGRwkbGeometryType type = wkbFlatten(geometry.getGeometryType());
        if (type == wkbPoint) {
            const OGRPoint& point = *geometry.toPoint();
            if (!point.IsEmpty()) {
                places_.push_back(addPoints({point.getX()}, {point.getY()}));
            }
        } else if (type == wkbLineString) {
            lines_.push_back(addLine(*geometry.toLineString()));
        } else if (type == wkbPolygon) {
            std::vector<Part> rings;
            for (const OGRLinearRing* ring : *geometry.toPolygon()) {
                rings.push_back(addLine(*ring));
            }
            polygons_.push_back(std::move(rings));
        } else if (OGR_GT_IsSubClassOf(type, wkbGeometryCollection) != 0) {
            for (const OGRGeometry* part : *geometry.toGeometryCollection()) {
                add(*part);
            }
        } else if (OGR_GT_IsCurve(type) != 0 || OGR_GT_IsSurface(type) != 0) {
            const std::unique_ptr<OGRGeometry> linear(geometry.getLinearGeometry());
            if (linear && wkbFlatten(linear->getGeometryType()) != type) {
                add(*linear);
            }
        }
    }

    // Into `layer`, with `look` and `name`, through the transform.
    void moveInto(VectorLayer& layer, const FeatureLook& look, const std::string& name, const std::string& what)
    {
        transform_.apply(x_, y_, what);
        for (const Part& line : lines_) {
            if (line.count >= 2) {
                layer.lines.push_back({pointsOf(line), look.style, name});
            }
        }
        for (const std::vector<Part>& rings : polygons_) {
            VectorPolygon polygon{{}, look.style, look.fill};
            for (const Part& ring : rings) {
                std::vector<GeodeticVertex> points = pointsOf(ring);
                if (points.size() < 3) {
                    continue;
                }
                if (points.front().latitudeDegrees != points.back().latitudeDegrees ||
                    points.front().longitudeDegrees != points.back().longitudeDegrees) {
                    points.push_back(points.front());
                }
                polygon.rings.push_back(std::move(points));
            }
            if (!polygon.rings.empty()) {
                layer.polygons.push_back(std::move(polygon));
            }
        }
        for (const Part& place : places_) {
            layer.places.push_back({pointsOf(place).front(), name, look.style});
        }
    }

private:
    struct Part {
        std::size_t first = 0;
        std::size_t count = 0;
    };

    Part addPoints(std::initializer_list<double> x, std::initializer_list<double> y)
    {
        const Part part{x_.size(), x.size()};
        x_.insert(x_.end(), x);
        y_.insert(y_.end(), y);
        return part;
    }

    Part addLine(const OGRSimpleCurve& line)
    {
        const Part part{x_.size(), static_cast<std::size_t>(std::max(line.getNumPoints(), 0))};
        for (int i = 0; i < line.getNumPoints(); ++i) {
            x_.push_back(line.getX(i));
            y_.push_back(line.getY(i));
        }
        return part;
    }

    [[nodiscard]] std::vector<GeodeticVertex> pointsOf(const Part& part) const
    {
        std::vector<GeodeticVertex> points;
        points.reserve(part.count);
        for (std::size_t i = part.first; i < part.first + part.count; ++i) {
            points.push_back({y_[i], x_[i]});
        }
        return points;
    }

    const Wgs84Transform& transform_;
    std::vector<double> x_;
    std::vector<double> y_;
    std::vector<Part> lines_;
    std::vector<std::vector<Part>> polygons_;
    std::vector<Part> places_;
};

int nameFieldOf(OGRLayer& layer, const std::optional<std::string>& labelField)
{
    OGRFeatureDefn& definition = *layer.GetLayerDefn();
    if (labelField) {
        return definition.GetFieldIndex(labelField->c_str());
    }
    for (const char* field : {"name", "Name", "NAME"}) {
        if (const int index = definition.GetFieldIndex(field); index >= 0) {
            return index;
        }
    }
    return -1;
}

void readLayer(const std::string& source, OGRLayer& layer, const std::optional<std::string>& labelField,
               VectorLayer& out)
{
    const Wgs84Transform transform(source, layer.GetSpatialRef());
    const int nameField = nameFieldOf(layer, labelField);
    const std::size_t before = out.vertexCount();
    layer.ResetReading();
    for (const OGRFeatureUniquePtr& feature : layer) {
        const OGRGeometry* geometry = feature->GetGeometryRef();
        if (geometry == nullptr || geometry->IsEmpty()) {
            continue;
        }
        FeatureParts parts(transform);
        parts.add(*geometry);
        const std::string name = nameField >= 0 && feature->IsFieldSetAndNotNull(nameField)
                                     ? std::string(feature->GetFieldAsString(nameField))
                                     : std::string();
        parts.moveInto(out, lookOf(*feature), name,
                       "layer " + std::string(layer.GetName()) + ", feature " +
                           std::to_string(static_cast<long long>(feature->GetFID())));
    }
    if (layer.GetSpatialRef() == nullptr && out.vertexCount() > before) {
        out.layersWithoutCrs.emplace_back(layer.GetName());
    }
}

}  // namespace

std::size_t VectorLayer::vertexCount() const
{
    std::size_t count = places.size();
    for (const VectorLine& line : lines) {
        count += line.points.size();
    }
    for (const VectorPolygon& polygon : polygons) {
        for (const std::vector<GeodeticVertex>& ring : polygon.rings) {
            count += ring.size();
        }
    }
    return count;
}

std::optional<std::uint32_t> parseHexColour(const std::string& text)
{
    if (text.empty() || text.front() != '#' || (text.size() != 7 && text.size() != 9)) {
        return std::nullopt;
    }
    std::uint32_t value = 0;
    for (std::size_t i = 1; i < text.size(); ++i) {
        const char digit = text[i];
        std::uint32_t nibble = 0;
        if (digit >= '0' && digit <= '9') {
            nibble = static_cast<std::uint32_t>(digit - '0');
        } else if (digit >= 'a' && digit <= 'f') {
            nibble = static_cast<std::uint32_t>(digit - 'a' + 10);
        } else if (digit >= 'A' && digit <= 'F') {
            nibble = static_cast<std::uint32_t>(digit - 'A' + 10);
        } else {
            return std::nullopt;
        }
        value = (value << 4u) | nibble;
    }
    return text.size() == 7 ? (value << 8u) | 0xffu : value;
}

VectorLayer readVectorLayer(const std::string& source, const std::optional<std::string>& labelField)
{
    if (!namesMoreThanAPath(source)) {
        std::error_code error;
        if (!std::filesystem::exists(source, error)) {
            throw VectorSourceMissing(source + ": no such file");
        }
    }
    const dem::GdalErrorCapture errors;
    GDALAllRegister();
    const dem::GdalDatasetHandle dataset(
        GDALDataset::Open(source.c_str(), GDAL_OF_VECTOR | GDAL_OF_READONLY, nullptr, nullptr, nullptr));
    if (!dataset) {
        throw VectorDataError(source + ": GDAL can not open it as vector data" + errors.detail());
    }
    const GDALDriver* driver = dataset->GetDriver();
    const bool gpx = driver != nullptr && std::string_view(driver->GetDescription()) == "GPX";
    VectorLayer layer;
    layer.source = source;
    for (OGRLayer* part : dataset->GetLayers()) {
        const std::string_view name = part->GetName();
        if (gpx && (name == "route_points" || name == "track_points")) {
            continue;  // the routes' and tracks' points again
        }
        readLayer(source, *part, labelField, layer);
    }
    if (layer.empty()) {
        throw VectorDataError(source + ": holds no line, polygon or point" + errors.detail());
    }
    return layer;
}

}  // namespace vectordata
