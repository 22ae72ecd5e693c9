// True neighbours (Alg. 14, corrected) against a brute-force geometric search
// over the leaves of small adaptive trees.
#include "TessellationChecks.h"

#include "cbt/ConcurrentBinaryTree.h"
#include "leb/LongestEdgeBisection.h"
#include "leb/PointRefinement.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <utility>
#include <vector>

namespace leb {
namespace {

using Corner = std::pair<double, double>;
using EdgeKey = std::pair<Corner, Corner>;

EdgeKey edgeKey(glm::dvec2 a, glm::dvec2 b)
{
    const Corner ca{a.x, a.y};
    const Corner cb{b.x, b.y};
    return ca < cb ? EdgeKey{ca, cb} : EdgeKey{cb, ca};
}

// For every leaf: the leaf across (v1,v2), (v0,v1) and (v0,v2), found by
// matching identical edges (the tessellation is conforming), ∅ on the border.
void expectTrueNeighborsMatchBruteForce(const cbt::ConcurrentBinaryTree& tree, Domain domain)
{
    const std::vector<LeafTriangle> leaves = leafTriangles(tree, domain);
    std::map<EdgeKey, std::vector<HeapIndex>> owners;
    for (const LeafTriangle& leaf : leaves) {
        const auto& v = leaf.triangle.v;
        owners[edgeKey(v[1], v[2])].push_back(leaf.heapIndex);
        owners[edgeKey(v[0], v[1])].push_back(leaf.heapIndex);
        owners[edgeKey(v[0], v[2])].push_back(leaf.heapIndex);
    }
    const auto across = [&owners](const LeafTriangle& leaf, std::size_t a, std::size_t b) {
        for (const HeapIndex owner : owners.at(edgeKey(leaf.triangle.v[a], leaf.triangle.v[b]))) {
            if (owner != leaf.heapIndex) {
                return owner;
            }
        }
        return kNoNeighbor;
    };
    for (const LeafTriangle& leaf : leaves) {
        const Neighbors n = trueNeighbors(tree, leaf.heapIndex, domain);
        ASSERT_EQ(n.node, leaf.heapIndex);
        ASSERT_EQ(n.left, across(leaf, 1, 2)) << "left of " << leaf.heapIndex;
        ASSERT_EQ(n.right, across(leaf, 0, 1)) << "right of " << leaf.heapIndex;
        ASSERT_EQ(n.edge, across(leaf, 0, 2)) << "edge of " << leaf.heapIndex;
    }
}

TEST(TrueNeighbors, CoarserEdgeNeighborThatIsALeftChildPosition)
{
    // Leaves 4, 5, 3: leaf 5's same-depth edge neighbour 6 does not exist
    // (3 is a leaf) yet CBT[6] reads 1; the true neighbour is 3.
    cbt::ConcurrentBinaryTree tree(4, 0);
    tree.splitNode(1);
    tree.splitNode(2);
    tree.computeSumReduction();
    ASSERT_EQ(sameDepthNeighbors(5, Domain::Triangle).edge, 6u);
    EXPECT_EQ(trueNeighbors(tree, 5, Domain::Triangle).edge, 3u);
    expectTrueNeighborsMatchBruteForce(tree, Domain::Triangle);
}

TEST(TrueNeighbors, FinerLeftAndRightNeighbors)
{
    // Leaves 2, 6, 7: leaf 2's left neighbour 3 is split and 6 touches it.
    cbt::ConcurrentBinaryTree tree(4, 1);
    tree.splitNode(3);
    tree.computeSumReduction();
    EXPECT_EQ(trueNeighbors(tree, 2, Domain::Triangle).left, 6u);
    // Paper example neighbourhood: 10's right neighbour 13 split -> 27.
    cbt::ConcurrentBinaryTree deeper(6, 3);
    conformingSplit(deeper, 13, Domain::Triangle);
    deeper.computeSumReduction();
    EXPECT_EQ(trueNeighbors(deeper, 10, Domain::Triangle).right, 27u);
    expectTrueNeighborsMatchBruteForce(deeper, Domain::Triangle);
}

TEST(TrueNeighbors, MatchBruteForceOnRandomAdaptiveTrees)
{
    for (const Domain domain : {Domain::Triangle, Domain::Square}) {
        for (std::uint32_t seed = 1; seed <= 6; ++seed) {
            std::mt19937 random(seed);
            cbt::ConcurrentBinaryTree tree(8, domain == Domain::Square ? 1 : 0);
            for (int op = 0; op < 150; ++op) {
                const HeapIndex leaf = tree.decodeNode(static_cast<std::uint32_t>(random() % tree.nodeCount()));
                if (random() % 100u < 70u) {
                    conformingSplit(tree, leaf, domain);
                } else {
                    conformingMerge(tree, leaf, domain);
                }
                tree.computeSumReduction();
                if (op % 10 == 9) {
                    ASSERT_TRUE(checks::isValidTessellation(tree, domain));
                    expectTrueNeighborsMatchBruteForce(tree, domain);
                }
            }
            EXPECT_GT(tree.nodeCount(), 30u);
        }
    }
}

}  // namespace
}  // namespace leb
