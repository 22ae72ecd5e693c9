// Tracks read through OGR (src/vectordata/TrackReader.h): a GPX track's
// segments joined in order with its times (time zones applied), a GPX file
// with a route only, a GeoJSON multi-line, and a line in a projected CRS
// (a GeoPackage in UTM zone 32N) brought to WGS 84; a file without a line,
// one that is not vector data and one that is missing each give one line
// that names the file.
#include "geodesy/SolarEphemeris.h"
#include "geodesy/Wgs84.h"
#include "vectordata/TrackReader.h"

#include "VectorTestFolder.h"

#include <gtest/gtest.h>
#include <ogr_spatialref.h>
#include <ogrsf_frmts.h>

#include <cmath>
#include <filesystem>
#include <string>

namespace vectordata {
namespace {

class TrackReaderTest : public ::testing::Test {
protected:
    [[nodiscard]] std::string write(const std::string& name, const std::string& text) const
    {
        return folder_.write(name, text);
    }

    [[nodiscard]] static std::string errorOf(const std::string& source)
    {
        try {
            (void)readTrack(source);
        } catch (const VectorDataError& error) {
            return error.what();
        }
        return "";
    }

    VectorTestFolder folder_{"cbt-terrain-tracks"};
};

double secondsOf(const geodesy::UtcInstant& instant, double seconds)
{
    return geodesy::daysSinceJ2000(instant) * 86400.0 + seconds;
}

TEST_F(TrackReaderTest, ReadsAGpxTracksSegmentsInOrderWithItsTimes)
{
    const std::string gpx = write("hike.gpx", std::string(kGpxHeader) + R"(
  <wpt lat="10" lon="10"><name>not a track</name></wpt>
  <trk><name>Morning hike</name>
    <trkseg>
      <trkpt lat="46.5" lon="7.25"><ele>1500</ele><time>2024-07-01T08:00:00Z</time></trkpt>
      <trkpt lat="46.51" lon="7.26"><time>2024-07-01T08:00:30.5Z</time></trkpt>
    </trkseg>
    <trkseg>
      <trkpt lat="46.52" lon="7.27"><time>2024-07-01T10:01:00+02:00</time></trkpt>
    </trkseg>
  </trk>
  <trk><name>Second</name><trkseg><trkpt lat="0" lon="0"/><trkpt lat="1" lon="1"/></trkseg></trk>
</gpx>)");
    const Track track = readTrack(gpx);
    EXPECT_EQ(track.description, "GPX track \"Morning hike\"");
    ASSERT_EQ(track.points.size(), 3u);
    EXPECT_DOUBLE_EQ(track.points[0].latitudeDegrees, 46.5);
    EXPECT_DOUBLE_EQ(track.points[0].longitudeDegrees, 7.25);
    EXPECT_DOUBLE_EQ(track.points[2].latitudeDegrees, 46.52);
    EXPECT_DOUBLE_EQ(track.points[2].longitudeDegrees, 7.27);
    ASSERT_TRUE(track.timed());
    const geodesy::UtcInstant eight{2024, 7, 1, 8, 0};
    EXPECT_NEAR(*track.points[0].seconds, secondsOf(eight, 0.0), 1.0e-3);
    EXPECT_NEAR(*track.points[1].seconds, secondsOf(eight, 30.5), 1.0e-3);
    // 10:01 at UTC+2 is 08:01 UTC.
    EXPECT_NEAR(*track.points[2].seconds, secondsOf(eight, 60.0), 1.0e-3);
}

TEST_F(TrackReaderTest, ReadsAGpxRouteWithoutTimes)
{
    const std::string gpx = write("route.gpx", std::string(kGpxHeader) + R"(
  <rte><name>Pass</name>
    <rtept lat="45.9" lon="6.8"/><rtept lat="45.95" lon="6.9"/><rtept lat="46.0" lon="7.0"/>
  </rte>
</gpx>)");
    const Track track = readTrack(gpx);
    EXPECT_EQ(track.description, "GPX route \"Pass\"");
    ASSERT_EQ(track.points.size(), 3u);
    EXPECT_DOUBLE_EQ(track.points[1].latitudeDegrees, 45.95);
    EXPECT_FALSE(track.timed());
}

TEST_F(TrackReaderTest, JoinsAGeoJsonMultiLineAfterPointsOfNoLine)
{
    const std::string json = write("lines.geojson", R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 2]}},
  {"type": "Feature", "properties": {}, "geometry": {"type": "MultiLineString",
    "coordinates": [[[8.0, 47.0], [8.1, 47.1]], [[8.2, 47.2], [8.3, 47.3]]]}}]})");
    const Track track = readTrack(json);
    ASSERT_EQ(track.points.size(), 4u);
    EXPECT_DOUBLE_EQ(track.points[0].longitudeDegrees, 8.0);
    EXPECT_DOUBLE_EQ(track.points[0].latitudeDegrees, 47.0);
    EXPECT_DOUBLE_EQ(track.points[3].longitudeDegrees, 8.3);
    EXPECT_DOUBLE_EQ(track.points[3].latitudeDegrees, 47.3);
    EXPECT_FALSE(track.timed());
    EXPECT_NE(track.description.find("feature 1"), std::string::npos) << track.description;
}

TEST_F(TrackReaderTest, BringsAProjectedLineToWgs84)
{
    // Two points on UTM 32N's central meridian (9 E): easting 500 km.
    const std::string path = folder_.path("utm.gpkg").string();
    OGRLineString line;
    line.addPoint(500000.0, 5100000.0);
    line.addPoint(500000.0, 5200000.0);
    writeUtm32GeoPackage(path, "roads", line);
    const Track track = readTrack(path);
    ASSERT_EQ(track.points.size(), 2u);
    EXPECT_NEAR(track.points[0].longitudeDegrees, 9.0, 1.0e-9);
    EXPECT_NEAR(track.points[1].longitudeDegrees, 9.0, 1.0e-9);
    // On the central meridian the northing is the meridian's arc from the
    // equator at UTM's scale of 0.9996.
    EXPECT_NEAR(0.9996 * geodesy::meridianArcMetres(track.points[0].latitudeDegrees), 5100000.0, 0.01);
    EXPECT_NEAR(0.9996 * geodesy::meridianArcMetres(track.points[1].latitudeDegrees), 5200000.0, 0.01);
    EXPECT_EQ(track.description, "layer roads, feature 1");
}

TEST_F(TrackReaderTest, SourcesWithoutALineGiveOneLine)
{
    const std::string points = write("points.geojson", R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]})");
    EXPECT_EQ(errorOf(points), points + ": holds no line to follow (no track, route, line or multi-line)");

    const std::string waypoints = write("waypoints.gpx", std::string(kGpxHeader) + "<wpt lat=\"1\" lon=\"2\"/></gpx>");
    EXPECT_EQ(errorOf(waypoints), waypoints + ": holds no line to follow (no track, route, line or multi-line)");

    const std::string text = write("notes.txt", "not vector data\n");
    EXPECT_EQ(errorOf(text).rfind(text + ": GDAL can not open it as vector data", 0), 0u) << errorOf(text);

    const std::string missing = folder_.path("missing.gpx").string();
    EXPECT_EQ(errorOf(missing).rfind(missing + ": GDAL can not open it as vector data", 0), 0u) << errorOf(missing);
    for (const std::string& error : {errorOf(points), errorOf(text), errorOf(missing)}) {
        EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    }
}

}  // namespace
}  // namespace vectordata
