#include "planet/SurfaceNormal.h"

#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace planet {

namespace {

// `cubePoint` (on the face of axis `faceAxis`) moved by `distance` along
// in-face axis `axis`; past the face's edge, the rest of the way runs down
// the neighbouring face, as if the cube were unfolded there.
glm::dvec3 movedOverTheCube(glm::dvec3 cubePoint, int faceAxis, int axis, double distance)
{
    const double moved = cubePoint[axis] + distance;
    const double excess = std::abs(moved) - 1.0;
    if (excess <= 0.0) {
        cubePoint[axis] = moved;
        return cubePoint;
    }
    cubePoint[axis] = moved > 0.0 ? 1.0 : -1.0;
    cubePoint[faceAxis] = cubePoint[faceAxis] > 0.0 ? 1.0 - excess : excess - 1.0;
    return cubePoint;
}

}  // namespace

std::array<glm::dvec3, 4> dataNormalStencil(const glm::dvec3& cubePoint, std::uint32_t intervals)
{
    const std::uint32_t face = cubeFaceOf(cubePoint).face;
    const int faceAxis = static_cast<int>(face / 2);
    const int first = (faceAxis + 1) % 3;
    const int second = (faceAxis + 2) % 3;
    const double step = 2.0 / static_cast<double>(intervals);
    return {movedOverTheCube(cubePoint, faceAxis, first, -step), movedOverTheCube(cubePoint, faceAxis, first, step),
            movedOverTheCube(cubePoint, faceAxis, second, -step), movedOverTheCube(cubePoint, faceAxis, second, step)};
}

glm::dvec3 dataNormalFrom(const std::array<glm::dvec3, 4>& ecef, const glm::dvec3& cubePoint)
{
    const glm::dvec3 normal = glm::normalize(glm::cross(ecef[1] - ecef[0], ecef[3] - ecef[2]));
    return glm::dot(normal, cubePoint) < 0.0 ? -normal : normal;
}

glm::dvec3 dataNormalAt(const CubeElevation& elevation, const glm::dvec3& cubePoint)
{
    std::array<glm::dvec3, 4> ecef{};
    const std::array<glm::dvec3, 4> stencil = dataNormalStencil(cubePoint, elevation.intervals());
    for (std::size_t i = 0; i < stencil.size(); ++i) {
        ecef[i] = elevation.ecefAt(stencil[i], elevation.heightAt(stencil[i]));
    }
    return dataNormalFrom(ecef, cubePoint);
}

}  // namespace planet
