// A Cloud-Optimized GeoTIFF for the tests of a remote source that
// misbehaves: 1024 x 1024 samples of relief 10 m apart (UTM 33N), tiled 256
// a side, with overviews, made by `cbt-terrain prepare` in the folder that a
// dem_test::RangeHttpServer serves.
#pragma once

#include "RangeHttpServer.h"
#include "ViewerTestFiles.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace app_test {

class ServedCog {
public:
    // Writes the model into `scratch` and prepares the COG with `viewer`
    // (the cbt-terrain binary); a failed prepare fails the test.
    ServedCog(const ScratchFolder& scratch, const std::string& viewer);

    // The folder to serve, and the COG in it.
    [[nodiscard]] const std::filesystem::path& folder() const { return folder_; }
    [[nodiscard]] std::filesystem::path file() const { return folder_ / kName; }
    // Its name through GDAL's /vsicurl/ on `server`.
    [[nodiscard]] std::string remoteName(const dem_test::RangeHttpServer& server) const;
    // The first byte of the full-resolution blocks (`overviews` false) or of
    // any overview's blocks (true): a fault from there hits those reads.
    [[nodiscard]] std::uint64_t firstBlockOffset(bool overviews) const;

private:
    static constexpr const char* kName = "dem-cog.tif";
    std::filesystem::path folder_;
};

}  // namespace app_test
