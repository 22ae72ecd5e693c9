// GLSL mirror of src/leb (LongestEdgeBisection.cpp, ConformingOperations.cpp):
// the topology of longest edge bisection on a concurrent binary tree,
// Dupuy 2020 §5: neighbours, conforming split and merge, all in integers.
// Include after cbt/ConcurrentBinaryTree.glsl. The triangles themselves are
// in leb/TriangleWalk.glsl (single precision, exact), included here, and
// leb/DoubleGeometry.glsl (matrices and containment, double precision).
//
// Neighbours are (left, right, edge, node): left across v1-v2, right across
// v0-v1, edge across the hypotenuse; 0 stands for "no neighbour" (∅).
#ifndef LEB_LONGEST_EDGE_BISECTION_GLSL
#define LEB_LONGEST_EDGE_BISECTION_GLSL

#ifndef CBT_CONCURRENT_BINARY_TREE_GLSL
#error "include cbt/ConcurrentBinaryTree.glsl before leb/LongestEdgeBisection.glsl"
#endif

#include "leb/TriangleWalk.glsl"

const uint LEB_NO_NEIGHBOR = 0u;

struct leb_Neighbors {
    uint left;
    uint right;
    uint edge;
    uint node;
};

// ---------------------------------------------------------------------------
// Same-depth neighbours (Alg. 6, Eq. 4 and 5)

// 2∅ = ∅ + 1 = ∅ with ∅ = 0.
uint leb_Twice(uint neighbor)
{
    return neighbor << 1u;
}

uint leb_TwicePlusOne(uint neighbor)
{
    return neighbor == LEB_NO_NEIGHBOR ? LEB_NO_NEIGHBOR : ((neighbor << 1u) | 1u);
}

leb_Neighbors leb_ChildNeighbors(leb_Neighbors n, uint bit)
{
    if (bit == 0u) {
        return leb_Neighbors(leb_TwicePlusOne(n.node), leb_TwicePlusOne(n.edge), leb_TwicePlusOne(n.right),
                             leb_Twice(n.node));
    }
    return leb_Neighbors(leb_Twice(n.edge), leb_Twice(n.node), leb_Twice(n.left), leb_TwicePlusOne(n.node));
}

// Square domain: the two root triangles share the square's diagonal, so the
// walk starts from (∅, ∅, 3, 2) for heap 2 and (∅, ∅, 2, 3) for heap 3.
leb_Neighbors leb_SameDepthNeighbors(uint heapIndex, uint domain)
{
    int depth = findMSB(heapIndex);
    leb_Neighbors neighbors = leb_Neighbors(LEB_NO_NEIGHBOR, LEB_NO_NEIGHBOR, LEB_NO_NEIGHBOR, 1u);
    int bit = depth - 1;
    if (domain == LEB_DOMAIN_SQUARE && depth > 0) {
        neighbors = leb_PathBit(heapIndex, bit) == 0u
                        ? leb_Neighbors(LEB_NO_NEIGHBOR, LEB_NO_NEIGHBOR, 3u, 2u)
                        : leb_Neighbors(LEB_NO_NEIGHBOR, LEB_NO_NEIGHBOR, 2u, 3u);
        --bit;
    }
    for (; bit >= 0; --bit) {
        neighbors = leb_ChildNeighbors(neighbors, leb_PathBit(heapIndex, bit));
    }
    return neighbors;
}

// ---------------------------------------------------------------------------
// Operations on the tree

// Alg. 11, CBT[x] == 1: exact for nodes of the tree; for a sibling pair
// "both read 1" holds exactly when both exist and are leaves.
bool leb_ReadsOne(uint heapIndex)
{
    return cbt_HeapRead(heapIndex) == 1u;
}

// Alg. 14 with the CPU's two corrections (left child of a split left
// neighbour, right child of a split right neighbour; a coarser edge
// neighbour is detected through its parent). `heapIndex` must be a leaf of a
// conforming tree with an up-to-date reduction.
leb_Neighbors leb_TrueNeighbors(uint heapIndex, uint domain)
{
    leb_Neighbors neighbors = leb_SameDepthNeighbors(heapIndex, domain);
    if (neighbors.edge != LEB_NO_NEIGHBOR && leb_ReadsOne(neighbors.edge / 2u)) {
        neighbors.edge /= 2u;
    }
    if (neighbors.left != LEB_NO_NEIGHBOR && !leb_ReadsOne(neighbors.left)) {
        neighbors.left = neighbors.left * 2u;
    }
    if (neighbors.right != LEB_NO_NEIGHBOR && !leb_ReadsOne(neighbors.right)) {
        neighbors.right = neighbors.right * 2u + 1u;
    }
    return neighbors;
}

// Triangle domain: the root does not merge; square domain: heaps 2 and 3 do
// not merge (the square stays split).
bool leb_IsMergeableLevel(uint heapIndex, uint domain)
{
    int minimumDepth = domain == LEB_DOMAIN_TRIANGLE ? 1 : 2;
    return findMSB(heapIndex) >= minimumDepth;
}

#ifndef CBT_HEAP_READ_ONLY
// Alg. 7: split and propagate along longest-edge neighbours (each step splits
// the neighbour and its parent). A leaf at the max depth does not split.
void leb_ConformingSplit(uint heapIndex, uint domain)
{
    if (cbt_IsCeil(heapIndex)) {
        return;
    }
    cbt_SplitNode(heapIndex);
    uint neighbor = leb_SameDepthNeighbors(heapIndex, domain).edge;
    while (neighbor > 1u) {
        cbt_SplitNode(neighbor);
        neighbor /= 2u;
        cbt_SplitNode(neighbor);
        neighbor = leb_SameDepthNeighbors(neighbor, domain).edge;
    }
}

// Alg. 8: merge the node with its sibling, and the diamond's other sibling
// pair, when all four (both, on the domain border) are leaves.
void leb_ConformingMerge(uint heapIndex, uint domain)
{
    if (!leb_IsMergeableLevel(heapIndex, domain)) {
        return;
    }
    uint sibling = heapIndex ^ 1u;
    if (!leb_ReadsOne(heapIndex) || !leb_ReadsOne(sibling)) {
        return;
    }
    uint diamond = leb_SameDepthNeighbors(heapIndex / 2u, domain).edge;
    if (diamond == LEB_NO_NEIGHBOR) {
        cbt_MergeNode(heapIndex);
        return;
    }
    uint diamondLeft = diamond * 2u;
    uint diamondRight = diamondLeft + 1u;
    if (leb_ReadsOne(diamondLeft) && leb_ReadsOne(diamondRight)) {
        cbt_MergeNode(heapIndex);
        cbt_MergeNode(diamondRight);
    }
}
#endif

#endif  // LEB_LONGEST_EDGE_BISECTION_GLSL
