#include "bisector/PointRefinement.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace bisector {
namespace {

std::array<glm::dvec2, 3> planar(const std::array<glm::dvec3, 3>& vertices)
{
    return {glm::dvec2(vertices[0]), glm::dvec2(vertices[1]), glm::dvec2(vertices[2])};
}

}  // namespace

glm::dvec2 roundToPointGrid(glm::dvec2 point)
{
    const auto round = [](double value) { return std::clamp(std::round(value * 0x1p60), 0.0, 0x1p60) * 0x1p-60; };
    return {round(point.x), round(point.y)};
}

Decision pointDecision(const Pool& pool, Slot slot, glm::dvec2 point)
{
    const Key key = pool.key(slot);
    const KeyLayout& layout = pool.layout();
    if (closedTriangleContains(planar(pool.vertices(slot)), point)) {
        return Decision::Split;
    }
    if (layout.levelsBelowRoot(key) == 0) {
        return Decision::Keep;
    }
    const std::array<glm::dvec3, 3> parent = bisectorVertices(key >> 1, layout, pool.mesh());
    return closedTriangleContains(planar(parent), point) ? Decision::Keep : Decision::Merge;
}

PointRefineResult refineAroundPoint(Pool& pool, glm::dvec2 point, std::mt19937_64* shuffle)
{
    const Criterion criterion = [point](const Pool& p, Slot slot) { return pointDecision(p, slot, point); };
    const int limit = 4 * pool.maxDepth() + 16;
    PointRefineResult result;
    while (result.frames < limit) {
        const UpdateStatistics statistics = pool.update(criterion, shuffle);
        ++result.frames;
        if (statistics.splitsDeferred > 0) {
            throw std::runtime_error("bisector pool of " + std::to_string(pool.capacity()) +
                                     " slots is too small to refine to depth " + std::to_string(pool.maxDepth()));
        }
        if (statistics.bisectorsChanged == 0 && statistics.diamondsMerged == 0) {
            result.leafCount = pool.liveCount();
            return result;
        }
    }
    throw std::runtime_error("refinement around the point did not settle within " + std::to_string(limit) + " updates");
}

std::vector<LeafTriangle> leafTriangles(const Pool& pool)
{
    std::vector<LeafTriangle> leaves;
    for (const Slot slot : pool.liveSlots()) {
        leaves.push_back({pool.key(slot), planar(pool.vertices(slot))});
    }
    std::sort(leaves.begin(), leaves.end(), [](const LeafTriangle& a, const LeafTriangle& b) { return a.key < b.key; });
    return leaves;
}

}  // namespace bisector
