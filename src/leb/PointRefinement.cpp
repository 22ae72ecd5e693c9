// Refinement around a point (the paper's Table 2 experiment).
#include "leb/PointRefinement.h"

#include "leb/TriangleWalk.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace leb {

namespace {

double quantizeCoordinate(double value)
{
    const double steps = 1.0 / kPointQuantum;
    return std::clamp(std::round(value * steps) / steps, 0.0, 1.0);
}

void requireRefinableTree(const cbt::ConcurrentBinaryTree& tree, glm::dvec2 point, Domain domain)
{
    if (quantizePoint(point) != point) {
        throw std::invalid_argument(
            "refineAroundPoint: the point must be a multiple of 2^-20 in [0,1]^2 (use "
            "quantizePoint)");
    }
    if (domain == Domain::Square && tree.nodeCount() < 2u) {
        throw std::invalid_argument("refineAroundPoint: a square-domain tree must be initialised at depth >= 1");
    }
}

}  // namespace

glm::dvec2 quantizePoint(glm::dvec2 point)
{
    return glm::dvec2(quantizeCoordinate(point.x), quantizeCoordinate(point.y));
}

bool splitPassCriterion(const Triangle& leafTriangle, glm::dvec2 point)
{
    return triangleContains(leafTriangle, point);
}

bool mergePassCriterion(HeapIndex leaf, glm::dvec2 point, Domain domain)
{
    const int rootLevel = domain == Domain::Triangle ? 0 : 1;
    if (detail::nodeDepth(leaf) <= rootLevel) {
        return false;
    }
    const HeapIndex parent = leaf / 2u;
    if (triangleContains(decodeTriangle(parent, domain), point)) {
        return false;
    }
    const HeapIndex diamond = sameDepthNeighbors(parent, domain).edge;
    return diamond == kNoNeighbor || !triangleContains(decodeTriangle(diamond, domain), point);
}

RefineResult refineAroundPoint(cbt::ConcurrentBinaryTree& tree, glm::dvec2 point, Domain domain, unsigned threads)
{
    requireRefinableTree(tree, point, domain);

    const cbt::ConcurrentBinaryTree::LeafCallback splitPass = [point, domain](cbt::ConcurrentBinaryTree& updated,
                                                                              HeapIndex leaf) {
        if (!updated.isCeil(leaf) && splitPassCriterion(decodeTriangle(leaf, domain), point)) {
            conformingSplit(updated, leaf, domain);
        }
    };
    const cbt::ConcurrentBinaryTree::LeafCallback mergePass = [point, domain](cbt::ConcurrentBinaryTree& updated,
                                                                              HeapIndex leaf) {
        if (mergePassCriterion(leaf, point, domain)) {
            conformingMerge(updated, leaf, domain);
        }
    };

    const int maxRounds = 4 * tree.maxDepth() + 16;
    RefineResult result;
    std::uint32_t leafCount = tree.nodeCount();
    for (int round = 0; round < maxRounds; ++round) {
        tree.update(splitPass, threads);
        const std::uint32_t afterSplit = tree.nodeCount();
        tree.update(mergePass, threads);
        const std::uint32_t afterMerge = tree.nodeCount();
        result.passes += 2;
        const bool settled = afterSplit == leafCount && afterMerge == afterSplit;
        leafCount = afterMerge;
        if (settled) {
            result.leafCount = leafCount;
            return result;
        }
    }
    throw std::runtime_error("refineAroundPoint: no fixed point after " + std::to_string(maxRounds) + " rounds");
}

std::vector<LeafTriangle> leafTriangles(const cbt::ConcurrentBinaryTree& tree, Domain domain)
{
    const std::uint32_t leafCount = tree.nodeCount();
    std::vector<LeafTriangle> leaves;
    leaves.reserve(leafCount);
    for (std::uint32_t leafIndex = 0; leafIndex < leafCount; ++leafIndex) {
        const HeapIndex heapIndex = tree.decodeNode(leafIndex);
        leaves.push_back(LeafTriangle{heapIndex, decodeTriangle(heapIndex, domain)});
    }
    return leaves;
}

}  // namespace leb
