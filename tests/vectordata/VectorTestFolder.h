// A folder of its own for each vector data test, removed after it, and the
// GPX header the tests' files start with.
#pragma once

#include <gtest/gtest.h>
#include <ogr_spatialref.h>
#include <ogrsf_frmts.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace vectordata {

class VectorTestFolder {
public:
    explicit VectorTestFolder(const std::string& prefix)
        : folder_(std::filesystem::temp_directory_path() /
                  (prefix + "-" + std::to_string(::getpid()) + "-" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name()))
    {
        std::filesystem::create_directories(folder_);
    }
    ~VectorTestFolder() { std::filesystem::remove_all(folder_); }
    VectorTestFolder(const VectorTestFolder&) = delete;
    VectorTestFolder& operator=(const VectorTestFolder&) = delete;

    // Writes `text` to the file `name` in the folder; its path.
    [[nodiscard]] std::string write(const std::string& name, const std::string& text) const
    {
        const std::filesystem::path path = folder_ / name;
        std::ofstream(path) << text;
        return path.string();
    }
    [[nodiscard]] std::filesystem::path path(const std::string& name) const { return folder_ / name; }

private:
    std::filesystem::path folder_;
};

// A GeoPackage at `path` with one layer `name` in UTM zone 32N (EPSG 32632)
// holding one feature of `geometry`.
inline void writeUtm32GeoPackage(const std::string& path, const char* name, const OGRGeometry& geometry)
{
    GDALAllRegister();
    GDALDriver* driver = GetGDALDriverManager()->GetDriverByName("GPKG");
    ASSERT_NE(driver, nullptr);
    GDALDataset* dataset = driver->Create(path.c_str(), 0, 0, 0, GDT_Unknown, nullptr);
    ASSERT_NE(dataset, nullptr);
    OGRSpatialReference utm;
    ASSERT_EQ(utm.importFromEPSG(32632), OGRERR_NONE);
    OGRLayer* layer = dataset->CreateLayer(name, &utm, geometry.getGeometryType(), nullptr);
    ASSERT_NE(layer, nullptr);
    OGRFeature feature(layer->GetLayerDefn());
    feature.SetGeometry(&geometry);
    ASSERT_EQ(layer->CreateFeature(&feature), OGRERR_NONE);
    GDALClose(dataset);
}

inline constexpr const char* kGpxHeader =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n";

}  // namespace vectordata
