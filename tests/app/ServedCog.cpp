#include "ServedCog.h"

#include "ChildProcess.h"
#include "DemSourceFiles.h"
#include "DemTestFiles.h"

#include <gdal.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>

namespace app_test {

namespace {

constexpr std::uint32_t kSamples = 1024;

}  // namespace

ServedCog::ServedCog(const ScratchFolder& scratch, const std::string& viewer) : folder_(scratch.file("served"))
{
    dem_test::RasterSpec spec =
        dem_test::rasterOf(kSamples, kSamples, GDT_Float32, dem_test::reliefHeights(kSamples, kSamples));
    spec.geoTransform = std::array<double, 6>{376000.0, 10.0, 0.0, 4651000.0, 0.0, -10.0};
    spec.epsg = 32633;
    const std::filesystem::path source = scratch.file("served-source.tif");
    dem_test::writeRaster(source, spec);
    std::filesystem::create_directories(folder_);
    ProcessOptions prepare;
    prepare.arguments = {viewer, "prepare", source.string(), file().string()};
    const ProcessResult prepared = runProcess(prepare, std::chrono::seconds(120));
    EXPECT_EQ(prepared.exitCode, 0) << prepared.err;
}

std::string ServedCog::remoteName(const dem_test::RangeHttpServer& server) const
{
    return "/vsicurl/" + server.urlOf(kName);
}

std::uint64_t ServedCog::firstBlockOffset(bool overviews) const
{
    GDALDatasetH dataset = GDALOpenEx(file().c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
    EXPECT_NE(dataset, nullptr);
    if (dataset == nullptr) {
        return 0;
    }
    GDALRasterBandH band = GDALGetRasterBand(dataset, 1);
    std::uint64_t first = std::numeric_limits<std::uint64_t>::max();
    const auto note = [&first](GDALRasterBandH of) {
        if (const char* offset = GDALGetMetadataItem(of, "BLOCK_OFFSET_0_0", "TIFF")) {
            first = std::min<std::uint64_t>(first, std::stoull(offset));
        }
    };
    if (overviews) {
        EXPECT_GT(GDALGetOverviewCount(band), 0);
        for (int overview = 0; overview < GDALGetOverviewCount(band); ++overview) {
            note(GDALGetOverview(band, overview));
        }
    } else {
        note(band);
    }
    GDALClose(dataset);
    return first;
}

}  // namespace app_test
