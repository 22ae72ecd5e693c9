// A geoid: how high mean sea level stands above the WGS 84 ellipsoid (the
// geoid undulation N), over the whole Earth, from a global grid GDAL reads.
// The default is EGM96 at 15 minutes of arc, PROJ's egm96_15.gtx (Debian's
// proj-data). Between the grid's samples N is bilinear, wrapping across the
// date line; a height H above the geoid is h = H + N above the ellipsoid.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace dem {

// A grid that can not be read or is not global; what() is one line naming
// the file.
class GeoidError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class GeoidModel {
public:
    // Reads the whole grid (egm96_15.gtx: 1441 x 721 samples, 4 MB). Throws
    // GeoidError.
    explicit GeoidModel(const std::filesystem::path& path);

    // Metres of the geoid above the ellipsoid at a WGS 84 point (any
    // longitude; the latitude within [-90, 90]).
    [[nodiscard]] double undulationAt(double latitudeDegrees, double longitudeDegrees) const;
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    [[nodiscard]] double sample(std::uint32_t column, std::uint32_t row) const;

    std::filesystem::path path_;
    std::uint32_t columns_ = 0;
    std::uint32_t rows_ = 0;
    std::vector<float> samples_;  // row-major as the file stores them
    // Sample (c, r) stands at longitude westDegrees_ + c stepX_ and latitude
    // firstLatitude_ + r stepY_ (stepY_ negative for a north-up grid).
    double westDegrees_ = 0.0;
    double firstLatitude_ = 0.0;
    double stepX_ = 0.0;
    double stepY_ = 0.0;
    // Columns in one turn of longitude (the grid may repeat its first
    // column at the end, as egm96_15.gtx does).
    std::uint32_t columnsPerTurn_ = 0;
};

// A model's height at a WGS 84 point above sea level: `height` itself, less
// `ellipsoidalToSeaLevel`'s N there when given (the model's heights are
// above the ellipsoid); unchanged when null.
[[nodiscard]] double heightAboveSea(const GeoidModel* ellipsoidalToSeaLevel, double height, double latitudeDegrees,
                                    double longitudeDegrees);

}  // namespace dem
