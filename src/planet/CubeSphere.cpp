#include "planet/CubeSphere.h"

#include "geodesy/Wgs84.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
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
    const glm::dvec3 target = gnomonic(direction);
    int axis = 0;
    for (int i = 1; i < 3; ++i) {
        if (std::abs(target[i]) > std::abs(target[axis])) {
            axis = i;
        }
    }
    const double side = target[axis] >= 0.0 ? 1.0 : -1.0;
    const int first = (axis + 1) % 3;
    const int second = (axis + 2) % 3;
    const auto pointOf = [&](double a, double b) {
        glm::dvec3 point(0.0);
        point[axis] = side;
        point[first] = a;
        point[second] = b;
        return point;
    };
    const auto imageOf = [&](double a, double b) {
        const glm::dvec3 image = gnomonic(cubeToSphere(pointOf(a, b)));
        return std::array<double, 2>{image[first], image[second]};
    };
    double a = target[first];
    double b = target[second];
    constexpr double kStep = 1.0e-7;
    for (int iteration = 0; iteration < 30; ++iteration) {
        const std::array<double, 2> image = imageOf(a, b);
        const double errorA = image[0] - target[first];
        const double errorB = image[1] - target[second];
        if (errorA == 0.0 && errorB == 0.0) {
            break;
        }
        const std::array<double, 2> plusA = imageOf(a + kStep, b);
        const std::array<double, 2> minusA = imageOf(a - kStep, b);
        const std::array<double, 2> plusB = imageOf(a, b + kStep);
        const std::array<double, 2> minusB = imageOf(a, b - kStep);
        const double daa = (plusA[0] - minusA[0]) / (2.0 * kStep);
        const double dba = (plusA[1] - minusA[1]) / (2.0 * kStep);
        const double dab = (plusB[0] - minusB[0]) / (2.0 * kStep);
        const double dbb = (plusB[1] - minusB[1]) / (2.0 * kStep);
        const double determinant = daa * dbb - dab * dba;
        const double stepA = (dbb * errorA - dab * errorB) / determinant;
        const double stepB = (daa * errorB - dba * errorA) / determinant;
        a = std::clamp(a - stepA, -1.0, 1.0);
        b = std::clamp(b - stepB, -1.0, 1.0);
        if (std::abs(stepA) < 1.0e-17 && std::abs(stepB) < 1.0e-17) {
            break;
        }
    }
    return pointOf(a, b);
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
