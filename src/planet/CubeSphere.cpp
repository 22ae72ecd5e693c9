#include "planet/CubeSphere.h"

#include "geodesy/Wgs84.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace planet {

namespace {

constexpr double kInverseASquared = 1.0 / (geodesy::kWgs84SemiMajorAxisMetres * geodesy::kWgs84SemiMajorAxisMetres);
constexpr double kInverseBSquared = 1.0 / (geodesy::kWgs84SemiMinorAxisMetres * geodesy::kWgs84SemiMinorAxisMetres);

// The spherified-cube scale of a coordinate, given the other two.
double spherifiedScale(double first, double second) noexcept
{
    const double firstSquared = first * first;
    const double secondSquared = second * second;
    return refinedSquareRoot(1.0 - 0.5 * firstSquared - 0.5 * secondSquared + firstSquared * secondSquared / 3.0);
}

}  // namespace

double refinedSquareRoot(double x) noexcept
{
    const double root = std::sqrt(x);
    return root > 0.0 ? 0.5 * (root + x / root) : root;
}

CubeFacePoint cubeFaceOf(const glm::dvec3& cubePoint) noexcept
{
    const glm::dvec3 magnitude(std::abs(cubePoint.x), std::abs(cubePoint.y), std::abs(cubePoint.z));
    int axis = 0;
    if (magnitude.y > magnitude[axis]) {
        axis = 1;
    }
    if (magnitude.z > magnitude[axis]) {
        axis = 2;
    }
    return cubeFacePointOn(2 * static_cast<std::uint32_t>(axis) + (cubePoint[axis] >= 0.0 ? 0u : 1u), cubePoint);
}

CubeFacePoint cubeFacePointOn(std::uint32_t face, const glm::dvec3& cubePoint) noexcept
{
    switch (face / 2) {
        case 0: return {face, cubePoint.y, cubePoint.z};
        case 1: return {face, cubePoint.z, cubePoint.x};
        default: return {face, cubePoint.x, cubePoint.y};
    }
}

glm::dvec3 cubePointOf(std::uint32_t face, double s, double t) noexcept
{
    const double side = face % 2 == 0 ? 1.0 : -1.0;
    switch (face / 2) {
        case 0: return {side, s, t};
        case 1: return {t, side, s};
        default: return {s, t, side};
    }
}

bisector::HalfedgeMesh cubeMesh()
{
    std::vector<glm::dvec3> corners;
    for (int index = 0; index < 8; ++index) {
        corners.emplace_back((index & 1) != 0 ? 1.0 : -1.0, (index & 2) != 0 ? 1.0 : -1.0,
                             (index & 4) != 0 ? 1.0 : -1.0);
    }
    // Corner i is (x, y, z) with bit 0 for +x, bit 1 for +y, bit 2 for +z.
    return bisector::HalfedgeMesh::fromPolygons(
        std::move(corners), {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}});
}

glm::dvec3 cubeToSphere(const glm::dvec3& cubePoint) noexcept
{
    const glm::dvec3& c = cubePoint;
    return {c.x * spherifiedScale(c.y, c.z), c.y * spherifiedScale(c.z, c.x), c.z * spherifiedScale(c.x, c.y)};
}

namespace {

// The point along `direction` on the cube's surface.
glm::dvec3 gnomonic(const glm::dvec3& direction) noexcept
{
    return direction / std::max({std::abs(direction.x), std::abs(direction.y), std::abs(direction.z)});
}

}  // namespace

glm::dvec3 sphereToCube(const glm::dvec3& direction) noexcept
{
    // The map keeps each face's region (its edges map onto the planes the
    // gnomonic projection's do): solve on the target's face, by Newton's
    // method on the face coordinates of the image's gnomonic projection.
    const CubeFacePoint target = cubeFaceOf(gnomonic(direction));
    const auto imageOf = [&target](double s, double t) {
        return cubeFacePointOn(target.face, gnomonic(cubeToSphere(cubePointOf(target.face, s, t))));
    };
    double s = target.s;
    double t = target.t;
    constexpr double kStep = 1.0e-7;
    for (int iteration = 0; iteration < 30; ++iteration) {
        const CubeFacePoint image = imageOf(s, t);
        const double errorS = image.s - target.s;
        const double errorT = image.t - target.t;
        if (errorS == 0.0 && errorT == 0.0) {
            break;
        }
        const CubeFacePoint plusS = imageOf(s + kStep, t);
        const CubeFacePoint minusS = imageOf(s - kStep, t);
        const CubeFacePoint plusT = imageOf(s, t + kStep);
        const CubeFacePoint minusT = imageOf(s, t - kStep);
        const double dss = (plusS.s - minusS.s) / (2.0 * kStep);
        const double dts = (plusS.t - minusS.t) / (2.0 * kStep);
        const double dst = (plusT.s - minusT.s) / (2.0 * kStep);
        const double dtt = (plusT.t - minusT.t) / (2.0 * kStep);
        const double determinant = dss * dtt - dst * dts;
        const double stepS = (dtt * errorS - dst * errorT) / determinant;
        const double stepT = (dss * errorT - dts * errorS) / determinant;
        s = std::clamp(s - stepS, -1.0, 1.0);
        t = std::clamp(t - stepT, -1.0, 1.0);
        if (std::abs(stepS) < 1.0e-17 && std::abs(stepT) < 1.0e-17) {
            break;
        }
    }
    return cubePointOf(target.face, s, t);
}

glm::dvec3 ellipsoidPointAlong(const glm::dvec3& direction) noexcept
{
    const glm::dvec3& d = direction;
    const double scale =
        1.0 / refinedSquareRoot((d.x * d.x + d.y * d.y) * kInverseASquared + d.z * d.z * kInverseBSquared);
    return d * scale;
}

glm::dvec3 ellipsoidNormalAt(const glm::dvec3& surfacePoint) noexcept
{
    const glm::dvec3& p = surfacePoint;
    const glm::dvec3 gradient(p.x * kInverseASquared, p.y * kInverseASquared, p.z * kInverseBSquared);
    const double length =
        refinedSquareRoot(gradient.x * gradient.x + gradient.y * gradient.y + gradient.z * gradient.z);
    return gradient / length;
}

glm::dvec3 cubeToEcef(const glm::dvec3& cubePoint, double heightMetres) noexcept
{
    const glm::dvec3 surface = ellipsoidPointAlong(cubeToSphere(cubePoint));
    return surface + heightMetres * ellipsoidNormalAt(surface);
}

glm::dvec3 cubePointUnder(double latitudeDegrees, double longitudeDegrees)
{
    return sphereToCube(glm::normalize(geodesy::geodeticToEcef({latitudeDegrees, longitudeDegrees, 0.0})));
}

}  // namespace planet
