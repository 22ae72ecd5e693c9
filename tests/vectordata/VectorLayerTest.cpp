// Vector layers read through OGR (src/vectordata/VectorLayer.h): every line,
// polygon (holes included) and point of a GeoJSON file with their names; a
// GPX file's waypoints, route and track segments without the point layers
// that repeat them; a KML file's own line style; a layer in a projected CRS
// (a GeoPackage in UTM zone 32N) brought to WGS 84; and the sources that
// give one line each, only the missing file as VectorSourceMissing. Then
// --vector's style suffix (VectorStyle.h).
#include "geodesy/Wgs84.h"
#include "text/TextParsing.h"
#include "vectordata/VectorLayer.h"
#include "vectordata/VectorStyle.h"

#include "VectorTestFolder.h"

#include <gtest/gtest.h>
#include <ogr_spatialref.h>
#include <ogrsf_frmts.h>

#include <string>

namespace vectordata {
namespace {

class VectorLayerTest : public ::testing::Test {
protected:
    [[nodiscard]] static std::string errorOf(const std::string& source)
    {
        try {
            (void)readVectorLayer(source);
        } catch (const VectorDataError& error) {
            return error.what();
        }
        return "";
    }

    VectorTestFolder folder_{"cbt-terrain-layers"};
};

TEST_F(VectorLayerTest, ReadsEveryGeometryOfAGeoJsonFileWithItsNames)
{
    const std::string path = folder_.write("mixed.geojson", R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {"name": "road"},
   "geometry": {"type": "LineString", "coordinates": [[7.0, 46.0], [7.1, 46.05], [7.2, 46.0]]}},
  {"type": "Feature", "properties": {"name": "lake"},
   "geometry": {"type": "Polygon", "coordinates": [[[7.0, 46.0], [7.1, 46.0], [7.1, 46.1], [7.0, 46.0]],
                                                  [[7.06, 46.02], [7.08, 46.02], [7.08, 46.04]]]}},
  {"type": "Feature", "properties": {"name": "summits"},
   "geometry": {"type": "MultiPoint", "coordinates": [[7.3, 46.3], [7.4, 46.4]]}},
  {"type": "Feature", "properties": {},
   "geometry": {"type": "GeometryCollection", "geometries": [
     {"type": "Point", "coordinates": [8.0, 47.0]},
     {"type": "MultiLineString", "coordinates": [[[8.0, 47.0], [8.1, 47.1]], [[8.2, 47.2], [8.3, 47.3]]]}]}},
  {"type": "Feature", "properties": {"name": "nothing"}, "geometry": null}]})");
    const VectorLayer layer = readVectorLayer(path);
    EXPECT_EQ(layer.source, path);
    ASSERT_EQ(layer.lines.size(), 3u);
    ASSERT_EQ(layer.lines[0].points.size(), 3u);
    EXPECT_DOUBLE_EQ(layer.lines[0].points[1].latitudeDegrees, 46.05);
    EXPECT_DOUBLE_EQ(layer.lines[0].points[1].longitudeDegrees, 7.1);
    EXPECT_DOUBLE_EQ(layer.lines[2].points[1].longitudeDegrees, 8.3);
    ASSERT_EQ(layer.polygons.size(), 1u);
    ASSERT_EQ(layer.polygons[0].rings.size(), 2u);
    EXPECT_EQ(layer.polygons[0].rings[0].size(), 4u);
    // The hole's ring, given open, is closed.
    ASSERT_EQ(layer.polygons[0].rings[1].size(), 4u);
    EXPECT_DOUBLE_EQ(layer.polygons[0].rings[1].back().longitudeDegrees, 7.06);
    ASSERT_EQ(layer.places.size(), 3u);
    EXPECT_EQ(layer.places[0].name, "summits");
    EXPECT_DOUBLE_EQ(layer.places[1].point.latitudeDegrees, 46.4);
    EXPECT_EQ(layer.places[2].name, "");
    EXPECT_EQ(layer.vertexCount(), 3u + 2u + 2u + 4u + 4u + 3u);
}

TEST_F(VectorLayerTest, ReadsAGpxFilesWaypointsRoutesAndTracksOnce)
{
    const std::string path = folder_.write(
        "walk.gpx",
        std::string(kGpxHeader) +
            "<wpt lat=\"46.5\" lon=\"7.5\"><name>Hut</name></wpt>\n"
            "<rte><name>plan</name><rtept lat=\"46.0\" lon=\"7.0\"/><rtept lat=\"46.1\" lon=\"7.1\"/></rte>\n"
            "<trk><name>done</name><trkseg><trkpt lat=\"46.0\" lon=\"7.0\"/><trkpt lat=\"46.2\" "
            "lon=\"7.2\"/></trkseg>\n<trkseg><trkpt lat=\"46.3\" lon=\"7.3\"/><trkpt lat=\"46.4\" "
            "lon=\"7.4\"/><trkpt lat=\"46.45\" lon=\"7.45\"/></trkseg></trk></gpx>\n");
    const VectorLayer layer = readVectorLayer(path);
    ASSERT_EQ(layer.places.size(), 1u);
    EXPECT_EQ(layer.places[0].name, "Hut");
    EXPECT_DOUBLE_EQ(layer.places[0].point.latitudeDegrees, 46.5);
    // The route, then the track's two segments.
    ASSERT_EQ(layer.lines.size(), 3u);
    EXPECT_EQ(layer.lines[0].points.size(), 2u);
    EXPECT_EQ(layer.lines[1].points.size(), 2u);
    EXPECT_EQ(layer.lines[2].points.size(), 3u);
    EXPECT_TRUE(layer.polygons.empty());
}

TEST_F(VectorLayerTest, TakesAKmlLinesOwnStyleAndALabelField)
{
    // KML writes colours as aabbggrr: ff0000ff is opaque red.
    const std::string path = folder_.write("styled.kml", R"(<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>red road</name><Style><LineStyle><color>ff0000ff</color><width>5</width></LineStyle></Style>
<LineString><coordinates>7.0,46.0,0 7.1,46.1,0</coordinates></LineString></Placemark>
<Placemark><name>plain road</name><LineString><coordinates>7.2,46.0,0 7.3,46.1,0</coordinates></LineString></Placemark>
<Placemark><name>Peak</name><description>summit</description><Point><coordinates>7.5,46.5,0</coordinates></Point></Placemark>
</Document></kml>)");
    const VectorLayer layer = readVectorLayer(path);
    ASSERT_EQ(layer.lines.size(), 2u);
    ASSERT_TRUE(layer.lines[0].style.rgba.has_value());
    EXPECT_EQ(*layer.lines[0].style.rgba, 0xff0000ffu);
    ASSERT_TRUE(layer.lines[0].style.widthPixels.has_value());
    EXPECT_FLOAT_EQ(*layer.lines[0].style.widthPixels, 5.0f);
    EXPECT_FALSE(layer.lines[1].style.rgba.has_value());
    ASSERT_EQ(layer.places.size(), 1u);
    EXPECT_EQ(layer.places[0].name, "Peak");
    EXPECT_EQ(readVectorLayer(path, std::string("description")).places[0].name, "summit");
}

TEST_F(VectorLayerTest, BringsAProjectedPolygonToWgs84)
{
    // A square on UTM 32N's central meridian (9 E), 10 km a side.
    const std::string path = folder_.path("parcels.gpkg").string();
    OGRLinearRing ring;
    ring.addPoint(500000.0, 5100000.0);
    ring.addPoint(510000.0, 5100000.0);
    ring.addPoint(510000.0, 5110000.0);
    ring.addPoint(500000.0, 5110000.0);
    ring.closeRings();
    OGRPolygon polygon;
    polygon.addRing(&ring);
    writeUtm32GeoPackage(path, "parcels", polygon);
    const VectorLayer layer = readVectorLayer(path);
    ASSERT_EQ(layer.polygons.size(), 1u);
    const std::vector<GeodeticVertex>& read = layer.polygons[0].rings[0];
    ASSERT_EQ(read.size(), 5u);
    EXPECT_NEAR(read[0].longitudeDegrees, 9.0, 1e-9);
    EXPECT_NEAR(0.9996 * geodesy::meridianArcMetres(read[0].latitudeDegrees), 5100000.0, 0.01);
    EXPECT_GT(read[1].longitudeDegrees, 9.12);
    EXPECT_LT(read[1].longitudeDegrees, 9.14);
}

TEST_F(VectorLayerTest, ALayerWithoutACrsIsTakenAsLongitudesAndLatitudesAndSaidSo)
{
    const std::string path = folder_.write("degrees.csv", "WKT,name\n\"LINESTRING (7.0 46.0, 7.1 46.1)\",a\n");
    const VectorLayer layer = readVectorLayer(path);
    ASSERT_EQ(layer.lines.size(), 1u);
    EXPECT_DOUBLE_EQ(layer.lines[0].points[1].latitudeDegrees, 46.1);
    EXPECT_EQ(layer.layersWithoutCrs, std::vector<std::string>{"degrees"});
    const std::string geoJson = folder_.write("line.geojson", R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[7, 46], [8, 47]]}}]})");
    EXPECT_TRUE(readVectorLayer(geoJson).layersWithoutCrs.empty());
}

TEST_F(VectorLayerTest, BadSourcesGiveOneLineAndOnlyAMissingFileIsMissing)
{
    const std::string missing = folder_.path("missing.geojson").string();
    try {
        (void)readVectorLayer(missing);
        ADD_FAILURE() << "a missing file was read";
    } catch (const VectorSourceMissing& error) {
        EXPECT_EQ(std::string(error.what()), missing + ": no such file");
    }
    const std::string text = folder_.write("notes.txt", "not vector data\n");
    EXPECT_EQ(errorOf(text).rfind(text + ": GDAL can not open it as vector data", 0), 0u) << errorOf(text);
    const std::string empty = folder_.write("empty.geojson", R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {"name": "a"}, "geometry": null}]})");
    EXPECT_EQ(errorOf(empty).rfind(empty + ": holds no line, polygon or point", 0), 0u) << errorOf(empty);
    const std::string broken = folder_.write("broken.gpx", std::string(kGpxHeader) + "<trk><trkseg><trkpt lat=");
    EXPECT_FALSE(errorOf(broken).empty());
    // Coordinates of no CRS that are not degrees.
    const std::string metres =
        folder_.write("metres.csv", "WKT,name\n\"LINESTRING (500000 5100000, 500100 5100100)\",a\n");
    EXPECT_EQ(errorOf(metres).find(metres + ": layer metres, feature 1 has no CRS"), 0u) << errorOf(metres);
    for (const std::string& source : {text, empty, broken, metres}) {
        EXPECT_EQ(errorOf(source).find('\n'), std::string::npos) << errorOf(source);
    }
}

TEST(VectorLayerSpec, SplitsAStyleOffTheSourceOnly)
{
    const VectorLayerSpec plain = parseVectorLayerSpec("roads.geojson");
    EXPECT_EQ(plain.source, "roads.geojson");
    EXPECT_FALSE(plain.rgba.has_value());
    const VectorLayerSpec styled = parseVectorLayerSpec("roads.geojson:color=#ff8000,width=5");
    EXPECT_EQ(styled.source, "roads.geojson");
    EXPECT_EQ(styled.rgba, 0xff8000ffu);
    EXPECT_EQ(styled.widthPixels, 5.0f);
    EXPECT_EQ(parseVectorLayerSpec("a.kml:colour=#11223344").rgba, 0x11223344u);
    // Colons that start no style stay in the name.
    EXPECT_EQ(parseVectorLayerSpec("/vsicurl/https://example.org/a.geojson").source,
              "/vsicurl/https://example.org/a.geojson");
    EXPECT_EQ(parseVectorLayerSpec("C:/data/a.gpx").source, "C:/data/a.gpx");
    EXPECT_EQ(parseVectorLayerSpec("/vsicurl/https://example.org/a.geojson:width=2").source,
              "/vsicurl/https://example.org/a.geojson");
    EXPECT_THROW((void)parseVectorLayerSpec("a.gpx:color=red"), text::ParseError);
    EXPECT_THROW((void)parseVectorLayerSpec("a.gpx:width=0"), text::ParseError);
    EXPECT_THROW((void)parseVectorLayerSpec("a.gpx:width=100"), text::ParseError);
}

TEST(VectorLayerSpec, StylesComeFromTheSpecThenTheFeatureThenThePalette)
{
    const FeatureStyle feature{0x00ff00ffu, 6.0f};
    EXPECT_EQ(resolveStyle(VectorLayerSpec{"a", 0x123456ffu, 2.0f}, 0, feature).rgba, 0x123456ffu);
    EXPECT_EQ(resolveStyle(VectorLayerSpec{"a", std::nullopt, 2.0f}, 0, feature).rgba, 0x00ff00ffu);
    EXPECT_EQ(resolveStyle(VectorLayerSpec{"a", std::nullopt, std::nullopt}, 0, feature).widthPixels, 6.0f);
    const ResolvedStyle palette = resolveStyle(VectorLayerSpec{"a", std::nullopt, std::nullopt}, 1, FeatureStyle{});
    EXPECT_EQ(palette.rgba, paletteColour(1));
    EXPECT_EQ(palette.widthPixels, kDefaultLineWidthPixels);
    EXPECT_NE(paletteColour(0), paletteColour(1));
    EXPECT_EQ(paletteColour(0), paletteColour(8));
}

}  // namespace
}  // namespace vectordata
