// dem::GeodeticToHeightmap: WGS 84 points on a DEM's heightmap, checked
// against closed forms (the meridian arc of UTM's central meridian, whole
// degrees of a geographic grid) rather than against PROJ itself.
#include "DemTestFiles.h"

#include "dem/DemGeodetic.h"

#include "geodesy/Wgs84.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

dem::DemGrid gridOf(const std::array<double, 6>& geoTransform, int epsg, std::uint32_t columns, std::uint32_t rows)
{
    dem::DemGrid grid;
    grid.geoTransform = geoTransform;
    grid.crsWkt = dem_test::wktOfEpsg(epsg);
    grid.columns = columns;
    grid.rows = rows;
    grid.flipRows = geoTransform[5] > 0.0;
    grid.flipColumns = geoTransform[1] < 0.0;
    return grid;
}

TEST(DemGeodetic, PointsOnUtmCentralMeridianFollowTheMeridianArc)
{
    // UTM zone 33N (central meridian 15 E, scale 0.9996): 10 m cells from
    // easting 490 000, northing 5 010 000 down.
    const dem::DemGrid grid = gridOf({490000.0, 10.0, 0.0, 5010000.0, 0.0, -10.0}, 32633, 2000, 3000);
    const dem::GeodeticToHeightmap mapping(grid);
    for (const double latitude : {44.8, 45.0, 45.1}) {
        const dem::HeightmapPoint point = mapping.pointOf(latitude, 15.0);
        const double northing = 0.9996 * geodesy::meridianArcMetres(latitude);
        EXPECT_NEAR(point.column, (500000.0 - 490000.0) / 10.0 - 0.5, 1e-6) << latitude;
        EXPECT_NEAR(point.row, (5010000.0 - northing) / 10.0 - 0.5, 1e-4) << latitude;
    }
}

TEST(DemGeodetic, GeographicGridTakesLongitudesInItsOwnWindow)
{
    // A whole-Earth grid of 1-degree cells, longitudes 0..360, north up:
    // sample (c, r) is centred on longitude c + 0.5 and latitude 89.5 - r.
    const dem::DemGrid grid = gridOf({0.0, 1.0, 0.0, 90.0, 0.0, -1.0}, 4326, 360, 180);
    const dem::GeodeticToHeightmap mapping(grid);
    const dem::HeightmapPoint west = mapping.pointOf(10.25, -170.5);
    EXPECT_NEAR(west.column, 189.0, 1e-9);
    EXPECT_NEAR(west.row, 79.25, 1e-9);
    const dem::HeightmapPoint east = mapping.pointOf(-45.0, 20.5);
    EXPECT_NEAR(east.column, 20.0, 1e-9);
    EXPECT_NEAR(east.row, 134.5, 1e-9);

    // The same Earth stored -180..180 and south up: row 0 of the heightmap is
    // still the north.
    const dem::DemGrid southUp = gridOf({-180.0, 1.0, 0.0, -90.0, 0.0, 1.0}, 4326, 360, 180);
    const dem::HeightmapPoint flipped = dem::GeodeticToHeightmap(southUp).pointOf(10.25, -170.5);
    EXPECT_NEAR(flipped.column, 9.0, 1e-9);
    EXPECT_NEAR(flipped.row, 79.25, 1e-9);
}

TEST(DemGeodetic, GeodeticOfIsTheInverse)
{
    const dem::DemGrid utm = gridOf({490000.0, 10.0, 0.0, 5010000.0, 0.0, -10.0}, 32633, 2000, 3000);
    const dem::DemGrid southUp = gridOf({-180.0, 1.0, 0.0, -90.0, 0.0, 1.0}, 4326, 360, 180);
    for (const dem::DemGrid& grid : {utm, southUp}) {
        const dem::GeodeticToHeightmap mapping(grid);
        for (const dem::HeightmapPoint point :
             {dem::HeightmapPoint{0.0, 0.0}, dem::HeightmapPoint{123.25, 45.5}, dem::HeightmapPoint{359.0, 179.0}}) {
            const dem::GeodeticPoint geodetic = mapping.geodeticOf(point);
            const dem::HeightmapPoint back = mapping.pointOf(geodetic.latitudeDegrees, geodetic.longitudeDegrees);
            EXPECT_NEAR(back.column, point.column, 1e-6);
            EXPECT_NEAR(back.row, point.row, 1e-6);
        }
    }
    // Sample (0, 0) of the south-up grid is its north-west corner's centre.
    const dem::GeodeticPoint corner = dem::GeodeticToHeightmap(southUp).geodeticOf({0.0, 0.0});
    EXPECT_NEAR(corner.latitudeDegrees, 89.5, 1e-9);
    EXPECT_NEAR(corner.longitudeDegrees, -179.5, 1e-9);
}

TEST(DemGeodetic, RefusesGridsItCanNotReach)
{
    dem::DemGrid degenerate = gridOf({0.0, 0.0, 0.0, 0.0, 0.0, 0.0}, 4326, 10, 10);
    EXPECT_THROW(dem::GeodeticToHeightmap{degenerate}, dem::GeodeticMappingError);
    dem::DemGrid unreadable = gridOf({0.0, 1.0, 0.0, 0.0, 0.0, -1.0}, 4326, 10, 10);
    unreadable.crsWkt = "not a coordinate system";
    EXPECT_THROW(dem::GeodeticToHeightmap{unreadable}, dem::GeodeticMappingError);
}

}  // namespace
