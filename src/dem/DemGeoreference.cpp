#include "dem/DemGeoreference.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

namespace dem {

namespace {

// Larger than any planet's circumference: a geotransform claiming more is
// broken (or in units the CRS does not say).
constexpr double kMaxExtentMetres = 1.0e8;
constexpr double kRadiansToDegrees = 57.29577951308232;

GroundExtentResult noExtent(std::string reason)
{
    return {std::nullopt, std::move(reason), std::nullopt};
}

std::string formatted(double value, int precision)
{
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(precision);
    text << value;
    return text.str();
}

// Metres per radian of longitude and of latitude at latitude `phi` (radians).
struct MetresPerRadian {
    double east = 0.0;
    double north = 0.0;
};

MetresPerRadian metresPerRadianAt(double phi, double semiMajorAxis, double inverseFlattening)
{
    const double flattening = inverseFlattening > 0.0 ? 1.0 / inverseFlattening : 0.0;
    const double eccentricitySquared = flattening * (2.0 - flattening);
    const double sinPhi = std::sin(phi);
    const double denominator = 1.0 - eccentricitySquared * sinPhi * sinPhi;
    const double primeVertical = semiMajorAxis / std::sqrt(denominator);
    const double meridional = semiMajorAxis * (1.0 - eccentricitySquared) / (denominator * std::sqrt(denominator));
    return {primeVertical * std::cos(phi), meridional};
}

}  // namespace

std::array<double, 2> gridCentreOf(const std::array<double, 6>& geoTransform, std::uint32_t columns, std::uint32_t rows)
{
    const double column = static_cast<double>(columns) / 2.0;
    const double row = static_cast<double>(rows) / 2.0;
    const std::array<double, 6>& t = geoTransform;
    return {t[0] + t[1] * column + t[2] * row, t[3] + t[4] * column + t[5] * row};
}

GroundExtentResult groundExtentOf(const GridGeoreference& georeference, std::uint32_t columns, std::uint32_t rows)
{
    const std::array<double, 6>& t = georeference.geoTransform;
    if (!std::all_of(t.begin(), t.end(), [](double value) { return std::isfinite(value); })) {
        return noExtent("georeferencing ignored: its geotransform is not finite");
    }
    const double columnSpan = static_cast<double>(columns);
    const double rowSpan = static_cast<double>(rows);
    double extentX = 0.0;
    double extentZ = 0.0;
    std::string description;
    std::optional<double> centreLatitudeDegrees;
    if (georeference.crsKind == CrsKind::Geographic) {
        const double unit = georeference.angularUnitRadians;
        const double centreLatitude = gridCentreOf(t, columns, rows)[1] * unit;
        if (!(unit > 0.0) || !(georeference.semiMajorAxisMetres > 0.0) ||
            std::abs(centreLatitude) > 1.5707963267948966) {
            return noExtent("georeferencing ignored: its centre latitude " +
                            formatted(centreLatitude * kRadiansToDegrees, 3) + " is outside [-90, 90] degrees");
        }
        const MetresPerRadian scale =
            metresPerRadianAt(centreLatitude, georeference.semiMajorAxisMetres, georeference.inverseFlattening);
        extentX = columnSpan * std::hypot(t[1] * unit * scale.east, t[4] * unit * scale.north);
        extentZ = rowSpan * std::hypot(t[2] * unit * scale.east, t[5] * unit * scale.north);
        centreLatitudeDegrees = centreLatitude * kRadiansToDegrees;
        description = "geographic coordinates" +
                      (georeference.crsName.empty() ? std::string() : " (" + georeference.crsName + ")") +
                      " at latitude " + formatted(*centreLatitudeDegrees, 3);
    } else {
        const double unit = georeference.linearUnitMetres;
        if (!(unit > 0.0))
            return noExtent("georeferencing ignored: its CRS has no positive linear unit");
        extentX = columnSpan * std::hypot(t[1], t[4]) * unit;
        extentZ = rowSpan * std::hypot(t[2], t[5]) * unit;
        description = "projected coordinates" +
                      (georeference.crsName.empty() ? std::string() : " (" + georeference.crsName + ")");
    }
    if (!(extentX > 0.0) || !(extentZ > 0.0)) {
        return noExtent("georeferencing ignored: its pixels have zero size");
    }
    if (extentX > kMaxExtentMetres || extentZ > kMaxExtentMetres || !std::isfinite(extentX) ||
        !std::isfinite(extentZ)) {
        return noExtent("georeferencing ignored: it makes the grid " + formatted(extentX, 0) + " x " +
                        formatted(extentZ, 0) + " metres");
    }
    return {GroundExtent{extentX, extentZ},
            description + ": " + formatted(extentX / 1000.0, 3) + " x " + formatted(extentZ / 1000.0, 3) + " km",
            centreLatitudeDegrees};
}

std::optional<std::string> implausibleExtentProblem(const GroundExtent& extent, double reliefMetres)
{
    constexpr double kLeastSideMetres = 1.0;
    constexpr double kMostReliefPerSide = 20.0;
    const double side = std::max(extent.xMetres, extent.zMetres);
    if (side >= kLeastSideMetres && reliefMetres <= kMostReliefPerSide * side) {
        return std::nullopt;
    }
    return "georeferencing ignored: it makes the ground " + formatted(extent.xMetres, 3) + " x " +
           formatted(extent.zMetres, 3) + " m under " + formatted(reliefMetres, 0) +
           " m of relief (a geotransform in the wrong units?); drawn at the default extent";
}

}  // namespace dem
