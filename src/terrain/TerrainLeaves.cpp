#include "terrain/TerrainLeaves.h"

#include "bisector/ExactGeometry.h"
#include "cbt/ConcurrentBinaryTree.h"
#include "leb/PointRefinement.h"
#include "terrain/Terrain.h"

#include <algorithm>

namespace terrain {

LeafCorners leafCornersOf(const glm::dvec2& a, const glm::dvec2& b, const glm::dvec2& c)
{
    LeafCorners corners{std::pair{a.x, a.y}, std::pair{b.x, b.y}, std::pair{c.x, c.y}};
    std::sort(corners.begin(), corners.end());
    return corners;
}

std::vector<LeafCorners> sortedLeafCorners(const Terrain& terrain)
{
    std::vector<LeafCorners> leaves;
    if (terrain.settings().backend == TerrainBackend::Pool) {
        for (const bisector::Key key : terrain.readBackPool().keys) {
            if (key != bisector::kFreeKey) {
                const std::array<glm::dvec3, 3> v =
                    bisector::bisectorVertices(key, terrain.poolLayout(), terrain.poolMesh());
                leaves.push_back(leafCornersOf(glm::dvec2(v[0]), glm::dvec2(v[1]), glm::dvec2(v[2])));
            }
        }
    } else {
        const cbt::ConcurrentBinaryTree tree = cbt::ConcurrentBinaryTree::fromBytes(terrain.readBackTree().heapBytes);
        for (const leb::LeafTriangle& leaf : leb::leafTriangles(tree, leb::Domain::Square)) {
            leaves.push_back(leafCornersOf(leaf.triangle.v[0], leaf.triangle.v[1], leaf.triangle.v[2]));
        }
    }
    std::sort(leaves.begin(), leaves.end());
    return leaves;
}

int deepestPoolLevel(const Terrain& terrain)
{
    int deepest = 0;
    for (const bisector::Key key : terrain.readBackPool().keys) {
        if (key != bisector::kFreeKey) {
            deepest = std::max(deepest, terrain.poolLayout().depth(key));
        }
    }
    return deepest;
}

}  // namespace terrain
