#include "GlobeMeshChecks.h"

#include "geodesy/Wgs84.h"
#include "planet/CubeSphere.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace planet::test {

bisector::Pool poolGradedAroundTheDateLineAndThePole(int maxDepth)
{
    bisector::Pool pool(cubeMesh(), {.capacity = 1u << 16, .maxDepth = maxDepth, .rootDepth = 0});
    const std::array<glm::dvec3, 2> targets{geodesy::geodeticToEcef({30.0, 180.0, 0.0}),
                                            geodesy::geodeticToEcef({89.998, -45.0, 0.0})};
    // Split a bisector whose centre lies within three of its longest edges
    // of a target: a mesh graded around both.
    const bisector::Criterion aroundTargets = [&targets](const bisector::Pool& p, bisector::Slot slot) {
        const std::array<glm::dvec3, 3> cube = p.vertices(slot);
        const std::array<glm::dvec3, 3> v{cubeToEcef(cube[0]), cubeToEcef(cube[1]), cubeToEcef(cube[2])};
        const double longest =
            std::max({glm::distance(v[0], v[1]), glm::distance(v[1], v[2]), glm::distance(v[2], v[0])});
        const glm::dvec3 centre = (v[0] + v[1] + v[2]) / 3.0;
        for (const glm::dvec3& target : targets) {
            if (glm::distance(centre, target) < 3.0 * longest) {
                return bisector::Decision::Split;
            }
        }
        return bisector::Decision::Merge;
    };
    for (int frame = 0; frame < maxDepth + 10; ++frame) {
        pool.update(aroundTargets);
    }
    return pool;
}

NeighbourSharing neighbourSharing(const bisector::Pool& pool, const std::vector<bisector::Slot>& slots,
                                  const std::vector<std::array<glm::dvec3, 3>>& triangles)
{
    std::vector<std::uint32_t> indexOfSlot(pool.capacity(), 0);
    for (std::size_t i = 0; i < slots.size(); ++i) {
        indexOfSlot[slots[i]] = static_cast<std::uint32_t>(i);
    }
    const auto faceOf = [&pool](bisector::Slot slot) {
        return pool.mesh().halfedge(pool.layout().rootOf(pool.key(slot))).face;
    };
    NeighbourSharing sharing;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        for (const bisector::Slot neighbour : pool.links(slots[i])) {
            if (neighbour == bisector::kNoSlot) {
                continue;
            }
            std::vector<glm::dvec3> shared;
            for (const glm::dvec3& a : triangles[i]) {
                for (const glm::dvec3& b : triangles[indexOfSlot[neighbour]]) {
                    if (a == b) {
                        shared.push_back(a);
                    }
                }
            }
            ++sharing.pairs;
            if (shared.size() != 2) {
                ++sharing.cracked;
                continue;
            }
            sharing.crossingFaces += faceOf(slots[i]) != faceOf(neighbour) ? 1u : 0u;
            const double first = geodesy::ecefToGeodetic(shared[0]).longitudeDegrees;
            const double second = geodesy::ecefToGeodetic(shared[1]).longitudeDegrees;
            sharing.crossingTheDateLine += std::abs(first - second) > 180.0 ? 1u : 0u;
        }
    }
    return sharing;
}

}  // namespace planet::test
