// The WKT of an EPSG coordinate reference system, for the DEM grids the
// viewer's tests build in memory.
#pragma once

#include <cpl_conv.h>
#include <gtest/gtest.h>
#include <ogr_spatialref.h>

#include <string>

namespace viewer {

inline std::string epsgWkt(int code)
{
    OGRSpatialReference crs;
    EXPECT_EQ(crs.importFromEPSG(code), OGRERR_NONE);
    char* wkt = nullptr;
    EXPECT_EQ(crs.exportToWkt(&wkt), OGRERR_NONE);
    std::string text = wkt != nullptr ? wkt : "";
    CPLFree(wkt);
    return text;
}

}  // namespace viewer
