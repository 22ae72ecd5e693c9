#include "geodesy/Geodesic.h"

#include "geodesy/Angles.h"
#include "geodesy/Wgs84.h"

#include <algorithm>
#include <cmath>

namespace geodesy {

namespace {

constexpr int kMaxIterations = 200;
constexpr double kConverged = 1e-12;  // radians of the auxiliary longitude
constexpr double kMeanRadiusMetres = 6371008.8;

double greatCircleMetres(double latitudeA, double longitudeA, double latitudeB, double longitudeB)
{
    const double a = radians(latitudeA);
    const double b = radians(latitudeB);
    const double sinLatitude = std::sin((b - a) / 2.0);
    const double sinLongitude = std::sin(radians(longitudeB - longitudeA) / 2.0);
    const double h = sinLatitude * sinLatitude + std::cos(a) * std::cos(b) * sinLongitude * sinLongitude;
    return 2.0 * kMeanRadiusMetres * std::asin(std::min(1.0, std::sqrt(h)));
}

}  // namespace

double geodesicMetres(double latitudeA, double longitudeA, double latitudeB, double longitudeB)
{
    constexpr double a = kWgs84SemiMajorAxisMetres;
    constexpr double b = kWgs84SemiMinorAxisMetres;
    constexpr double f = kWgs84Flattening;
    const double lambdaL = radians(std::remainder(longitudeB - longitudeA, 360.0));
    const double reducedA = std::atan((1.0 - f) * std::tan(radians(latitudeA)));
    const double reducedB = std::atan((1.0 - f) * std::tan(radians(latitudeB)));
    const double sinA = std::sin(reducedA);
    const double cosA = std::cos(reducedA);
    const double sinB = std::sin(reducedB);
    const double cosB = std::cos(reducedB);

    double lambda = lambdaL;
    double sinSigma = 0.0;
    double cosSigma = 0.0;
    double sigma = 0.0;
    double cosSquaredAlpha = 0.0;
    double cos2SigmaM = 0.0;
    for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
        const double sinLambda = std::sin(lambda);
        const double cosLambda = std::cos(lambda);
        const double east = cosB * sinLambda;
        const double north = cosA * sinB - sinA * cosB * cosLambda;
        sinSigma = std::sqrt(east * east + north * north);
        if (sinSigma == 0.0) {
            return 0.0;  // the same point
        }
        cosSigma = sinA * sinB + cosA * cosB * cosLambda;
        sigma = std::atan2(sinSigma, cosSigma);
        const double sinAlpha = cosA * cosB * sinLambda / sinSigma;
        cosSquaredAlpha = 1.0 - sinAlpha * sinAlpha;
        cos2SigmaM = cosSquaredAlpha != 0.0 ? cosSigma - 2.0 * sinA * sinB / cosSquaredAlpha : 0.0;
        const double c = f / 16.0 * cosSquaredAlpha * (4.0 + f * (4.0 - 3.0 * cosSquaredAlpha));
        const double next =
            lambdaL + (1.0 - c) * f * sinAlpha *
                          (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1.0 + 2.0 * cos2SigmaM * cos2SigmaM)));
        if (std::abs(next - lambda) < kConverged) {
            const double uSquared = cosSquaredAlpha * (a * a - b * b) / (b * b);
            const double bigA =
                1.0 + uSquared / 16384.0 * (4096.0 + uSquared * (-768.0 + uSquared * (320.0 - 175.0 * uSquared)));
            const double bigB = uSquared / 1024.0 * (256.0 + uSquared * (-128.0 + uSquared * (74.0 - 47.0 * uSquared)));
            const double deltaSigma = bigB * sinSigma *
                                      (cos2SigmaM + bigB / 4.0 *
                                                        (cosSigma * (-1.0 + 2.0 * cos2SigmaM * cos2SigmaM) -
                                                         bigB / 6.0 * cos2SigmaM * (-3.0 + 4.0 * sinSigma * sinSigma) *
                                                             (-3.0 + 4.0 * cos2SigmaM * cos2SigmaM)));
            return b * bigA * (sigma - deltaSigma);
        }
        lambda = next;
    }
    return greatCircleMetres(latitudeA, longitudeA, latitudeB, longitudeB);
}

}  // namespace geodesy
