#include "planet/CubeSphere.h"

#include "geodesy/Wgs84.h"

#include <glm/geometric.hpp>

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

}  // namespace planet
