#include "geodesy/Wgs84.h"

#include "geodesy/Angles.h"

#include <cmath>

namespace geodesy {

double primeVerticalRadius(double latitudeDegrees)
{
    const double sine = std::sin(radians(latitudeDegrees));
    return kWgs84SemiMajorAxisMetres / std::sqrt(1.0 - kWgs84EccentricitySquared * sine * sine);
}

double meridionalRadius(double latitudeDegrees)
{
    const double sine = std::sin(radians(latitudeDegrees));
    const double w = 1.0 - kWgs84EccentricitySquared * sine * sine;
    return kWgs84SemiMajorAxisMetres * (1.0 - kWgs84EccentricitySquared) / (w * std::sqrt(w));
}

double meridianArcMetres(double latitudeDegrees)
{
    const double e2 = kWgs84EccentricitySquared;
    const double e4 = e2 * e2;
    const double e6 = e4 * e2;
    const double phi = radians(latitudeDegrees);
    return kWgs84SemiMajorAxisMetres * ((1.0 - e2 / 4.0 - 3.0 * e4 / 64.0 - 5.0 * e6 / 256.0) * phi -
                                        (3.0 * e2 / 8.0 + 3.0 * e4 / 32.0 + 45.0 * e6 / 1024.0) * std::sin(2.0 * phi) +
                                        (15.0 * e4 / 256.0 + 45.0 * e6 / 1024.0) * std::sin(4.0 * phi) -
                                        (35.0 * e6 / 3072.0) * std::sin(6.0 * phi));
}

glm::dvec3 geodeticToEcef(const GeodeticCoordinates& point)
{
    const double latitude = radians(point.latitudeDegrees);
    const double longitude = radians(point.longitudeDegrees);
    const double n = primeVerticalRadius(point.latitudeDegrees);
    const double cosLatitude = std::cos(latitude);
    return {(n + point.heightMetres) * cosLatitude * std::cos(longitude),
            (n + point.heightMetres) * cosLatitude * std::sin(longitude),
            (n * (1.0 - kWgs84EccentricitySquared) + point.heightMetres) * std::sin(latitude)};
}

GeodeticCoordinates ecefToGeodetic(const glm::dvec3& ecef)
{
    const double a = kWgs84SemiMajorAxisMetres;
    const double e2 = kWgs84EccentricitySquared;
    const double e4 = e2 * e2;
    const double axisDistanceSquared = ecef.x * ecef.x + ecef.y * ecef.y;
    const double axisDistance = std::sqrt(axisDistanceSquared);
    const double p = axisDistanceSquared / (a * a);
    const double q = (1.0 - e2) / (a * a) * ecef.z * ecef.z;
    const double r = (p + q - e4) / 6.0;
    const double s = e4 * p * q / (4.0 * r * r * r);
    const double t = std::cbrt(1.0 + s + std::sqrt(s * (2.0 + s)));
    const double u = r * (1.0 + t + 1.0 / t);
    const double v = std::sqrt(u * u + e4 * q);
    const double w = e2 * (u + v - q) / (2.0 * v);
    const double k = std::sqrt(u + v + w * w) - w;
    const double d = k * axisDistance / (k + e2);
    const double hypotenuse = std::sqrt(d * d + ecef.z * ecef.z);

    GeodeticCoordinates point;
    point.latitudeDegrees = degrees(2.0 * std::atan2(ecef.z, d + hypotenuse));
    point.longitudeDegrees = axisDistance > 0.0 ? degrees(std::atan2(ecef.y, ecef.x)) : 0.0;
    if (point.longitudeDegrees == -180.0) {
        point.longitudeDegrees = 180.0;
    }
    point.heightMetres = (k + e2 - 1.0) / k * hypotenuse;
    return point;
}

}  // namespace geodesy
