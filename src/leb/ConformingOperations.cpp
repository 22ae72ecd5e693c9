// The LEB operations that read or write a concurrent binary tree: conforming
// split and merge (Alg. 7 and 8), true neighbours (Alg. 14) and point
// location.
#include "leb/LongestEdgeBisection.h"

#include "leb/TriangleWalk.h"

namespace leb {

namespace {

// Alg. 11, CBT[x] == 1. This is exact for every node that exists in the tree
// (a node's count is the number of leaves below it, and only a leaf has one).
// For a node whose parent is not split the count describes a range of the
// bitfield that no node covers exactly: a missing right child reads 0 (the
// range holds no leaf bit at all), while a missing left child may read 1
// (the range starts with the bit of the leaf covering it) - but then its
// right sibling, also missing, reads 0. Hence, for a sibling pair, "both read
// 1" holds exactly when both exist and are leaves.
bool readsOne(const cbt::ConcurrentBinaryTree& tree, HeapIndex heapIndex) noexcept
{
    return tree.heapRead(heapIndex) == 1u;
}

bool isMergeableLevel(HeapIndex heapIndex, Domain domain) noexcept
{
    // Triangle domain: the root has nothing to merge with. Square domain: the
    // square (heap 1) stays split, so depth-1 nodes 2 and 3 never merge.
    const int minimumDepth = domain == Domain::Triangle ? 1 : 2;
    return detail::nodeDepth(heapIndex) >= minimumDepth;
}

}  // namespace

void conformingSplit(cbt::ConcurrentBinaryTree& tree, HeapIndex heapIndex, Domain domain)
{
    if (tree.isCeil(heapIndex)) {
        return;
    }
    tree.splitNode(heapIndex);
    // Walk the longest-edge neighbours: each step splits the neighbour and
    // its parent (one of the two is a no-op when it already is split), then
    // goes on with the parent's longest-edge neighbour. sameDepthNeighbors
    // gives ∅ for heap 1 in both domains, which ends the walk; the square
    // domain's heap 1 is always split, so splitting it is a no-op.
    HeapIndex neighbor = sameDepthNeighbors(heapIndex, domain).edge;
    while (neighbor > 1u) {
        tree.splitNode(neighbor);
        neighbor /= 2u;
        tree.splitNode(neighbor);
        neighbor = sameDepthNeighbors(neighbor, domain).edge;
    }
}

void conformingMerge(cbt::ConcurrentBinaryTree& tree, HeapIndex heapIndex, Domain domain)
{
    if (!isMergeableLevel(heapIndex, domain)) {
        return;
    }
    // The paper checks the sibling only; checking the node as well makes the
    // call a safe no-op on a node that is not a leaf (see readsOne).
    // Inside a parallel merge pass the counts read here are those of the
    // pass's start (the reduction runs after it), except at depth D where
    // they are the live bits. The bit of a depth-D leaf changes during a merge
    // pass only through its own diamond's merge, and a missing right child
    // reads 0 throughout (merges only clear bits), so the outcome does not
    // depend on the thread schedule.
    const HeapIndex sibling = heapIndex ^ 1u;
    if (!readsOne(tree, heapIndex) || !readsOne(tree, sibling)) {
        return;
    }
    const HeapIndex diamond = sameDepthNeighbors(heapIndex / 2u, domain).edge;
    if (diamond == kNoNeighbor) {
        // The parent's longest edge lies on the domain border.
        tree.mergeNode(heapIndex);
        return;
    }
    const HeapIndex diamondLeft = diamond * 2u;
    const HeapIndex diamondRight = diamondLeft + 1u;
    if (readsOne(tree, diamondLeft) && readsOne(tree, diamondRight)) {
        tree.mergeNode(heapIndex);
        tree.mergeNode(diamondRight);
    }
}

// Alg. 14, corrected in two places (both checked against a brute-force
// geometric search in tests/leb):
//   - By Equations 4 and 5, child 2k+1 (whose longest edge is this node's
//     v1-v2 edge) has edge neighbour 2 * left, and child 2k (longest edge
//     v0-v1) has edge neighbour 2 * right + 1. So a split left neighbour
//     touches this node with its left child and a split right neighbour with
//     its right child; the printed algorithm has 2 * left + 1 and 2 * right.
//   - The longest-edge neighbour is coarser exactly when its same-depth node
//     does not exist, i.e. when that node's parent is a leaf. The printed test
//     "!IsLeaf(edge)" fails when the missing node is a left child, which reads
//     1 (see readsOne), so the parent is tested instead.
// Preconditions: the tree is conforming, its reduction is up to date and
// `heapIndex` is a leaf.
Neighbors trueNeighbors(const cbt::ConcurrentBinaryTree& tree, HeapIndex heapIndex, Domain domain)
{
    Neighbors neighbors = sameDepthNeighbors(heapIndex, domain);
    if (neighbors.edge != kNoNeighbor && readsOne(tree, neighbors.edge / 2u)) {
        neighbors.edge /= 2u;
    }
    if (neighbors.left != kNoNeighbor && !readsOne(tree, neighbors.left)) {
        neighbors.left = neighbors.left * 2u;
    }
    if (neighbors.right != kNoNeighbor && !readsOne(tree, neighbors.right)) {
        neighbors.right = neighbors.right * 2u + 1u;
    }
    return neighbors;
}

HeapIndex locatePoint(const cbt::ConcurrentBinaryTree& tree, glm::dvec2 point, Domain domain)
{
    HeapIndex heapIndex = 1u;
    Triangle triangle = detail::baseTriangle();
    if (domain == Domain::Triangle) {
        if (!triangleContains(triangle, point)) {
            return kNoNeighbor;
        }
    } else {
        if (point.x < 0.0 || point.x > 1.0 || point.y < 0.0 || point.y > 1.0) {
            return kNoNeighbor;
        }
        heapIndex = 2u;
        if (!triangleContains(triangle, point)) {
            heapIndex = 3u;
            triangle = detail::mirroredBaseTriangle();
        }
    }
    // Every node visited exists in the tree (the root does, and a node that
    // is not a leaf is split), so readsOne is exact. The depth bound only
    // guards against a tree whose reduction is stale.
    const int maxDepth = tree.maxDepth();
    while (!readsOne(tree, heapIndex) && detail::nodeDepth(heapIndex) < maxDepth) {
        const Triangle leftChild = detail::childTriangle(triangle, 0);
        if (triangleContains(leftChild, point)) {
            heapIndex = heapIndex * 2u;
            triangle = leftChild;
        } else {
            heapIndex = heapIndex * 2u + 1u;
            triangle = detail::childTriangle(triangle, 1);
        }
    }
    return heapIndex;
}

}  // namespace leb
