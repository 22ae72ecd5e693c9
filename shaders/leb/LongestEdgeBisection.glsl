// GLSL mirror of src/leb (LongestEdgeBisection.cpp, ConformingOperations.cpp,
// TriangleWalk.h): longest edge bisection on a concurrent binary tree,
// Dupuy 2020 §5. Include after cbt/ConcurrentBinaryTree.glsl.
//
// Domains (the `domain` argument, LEB_DOMAIN_*):
//   - triangle: heap 1 is the root triangle (0,1), (0,0), (1,0);
//   - square (§5.3): heap 1 is the unit square; heap 2 is (0,1), (0,0), (1,0)
//     and heap 3 is (1,0), (1,1), (0,1), picked by the first path bit.
// Vertex order (v0, v1, v2), hypotenuse v0-v2; child 2k = (v0, m, v1) and
// child 2k+1 = (v1, m, v2) with m = (v0 + v2) / 2.
//
// Every coordinate is a dyadic rational that double precision holds exactly
// (see src/leb/LongestEdgeBisection.h), so this code produces the very bits
// the CPU does; the same holds for the orientation tests when the point is a
// multiple of 2^-20 (leb::quantizePoint).
//
// Neighbours are (left, right, edge, node): left across v1-v2, right across
// v0-v1, edge across the hypotenuse; 0 stands for "no neighbour" (∅).
#ifndef LEB_LONGEST_EDGE_BISECTION_GLSL
#define LEB_LONGEST_EDGE_BISECTION_GLSL

#ifndef CBT_CONCURRENT_BINARY_TREE_GLSL
#error "include cbt/ConcurrentBinaryTree.glsl before leb/LongestEdgeBisection.glsl"
#endif

const uint LEB_DOMAIN_TRIANGLE = 0u;
const uint LEB_DOMAIN_SQUARE = 1u;
const uint LEB_NO_NEIGHBOR = 0u;

struct leb_Triangle {
    dvec2 v[3];
};

struct leb_Neighbors {
    uint left;
    uint right;
    uint edge;
    uint node;
};

// Bit `bit` of the path encoded by a heap index (0 = left child).
uint leb_PathBit(uint heapIndex, int bit)
{
    return (heapIndex >> uint(bit)) & 1u;
}

// ---------------------------------------------------------------------------
// Matrices (Eq. 3, Alg. 5). Row i holds the weights of the parent's vertices
// giving the child's vertex i; GLSL matrices are column-major like glm's, so
// m[column][row].

dmat3 leb_MatrixFromRows(dvec3 row0, dvec3 row1, dvec3 row2)
{
    return transpose(dmat3(row0, row1, row2));
}

dmat3 leb_SplitMatrix(uint bit)
{
    dvec3 midpointRow = dvec3(0.5lf, 0.0lf, 0.5lf);
    if (bit == 0u) {
        return leb_MatrixFromRows(dvec3(1.0lf, 0.0lf, 0.0lf), midpointRow, dvec3(0.0lf, 1.0lf, 0.0lf));
    }
    return leb_MatrixFromRows(dvec3(0.0lf, 1.0lf, 0.0lf), midpointRow, dvec3(0.0lf, 0.0lf, 1.0lf));
}

// Maps the base triangle onto the square domain's heap 3.
dmat3 leb_MirrorMatrix()
{
    return leb_MatrixFromRows(dvec3(0.0lf, 0.0lf, 1.0lf), dvec3(1.0lf, -1.0lf, 1.0lf),
                              dvec3(1.0lf, 0.0lf, 0.0lf));
}

dmat3 leb_DecodeMatrix(uint heapIndex, uint domain)
{
    int depth = findMSB(heapIndex);
    dmat3 matrix = dmat3(1.0lf);
    int bit = depth - 1;
    if (domain == LEB_DOMAIN_SQUARE && depth > 0) {
        if (leb_PathBit(heapIndex, bit) == 1u) {
            matrix = leb_MirrorMatrix();
        }
        --bit;
    }
    for (; bit >= 0; --bit) {
        matrix = leb_SplitMatrix(leb_PathBit(heapIndex, bit)) * matrix;
    }
    return matrix;
}

// ---------------------------------------------------------------------------
// Triangles

leb_Triangle leb_BaseTriangle()
{
    return leb_Triangle(dvec2[3](dvec2(0.0lf, 1.0lf), dvec2(0.0lf, 0.0lf), dvec2(1.0lf, 0.0lf)));
}

leb_Triangle leb_MirroredBaseTriangle()
{
    return leb_Triangle(dvec2[3](dvec2(1.0lf, 0.0lf), dvec2(1.0lf, 1.0lf), dvec2(0.0lf, 1.0lf)));
}

leb_Triangle leb_ChildTriangle(leb_Triangle parent, uint bit)
{
    dvec2 midpoint = 0.5lf * (parent.v[0] + parent.v[2]);
    if (bit == 0u) {
        return leb_Triangle(dvec2[3](parent.v[0], midpoint, parent.v[1]));
    }
    return leb_Triangle(dvec2[3](parent.v[1], midpoint, parent.v[2]));
}

// The triangle of `heapIndex` in unit-square coordinates, walking its path
// one bisection per bit (for the square domain pass heap indices >= 2; heap 1
// gives the base triangle).
leb_Triangle leb_DecodeTriangle(uint heapIndex, uint domain)
{
    int depth = findMSB(heapIndex);
    leb_Triangle triangle = leb_BaseTriangle();
    int remainingBits = depth;
    if (domain == LEB_DOMAIN_SQUARE && depth > 0) {
        if (leb_PathBit(heapIndex, depth - 1) == 1u) {
            triangle = leb_MirroredBaseTriangle();
        }
        remainingBits = depth - 1;
    }
    for (int bit = remainingBits - 1; bit >= 0; --bit) {
        triangle = leb_ChildTriangle(triangle, leb_PathBit(heapIndex, bit));
    }
    return triangle;
}

// Twice the signed area of (a, b, p): positive when p is left of a->b.
double leb_Orientation(dvec2 a, dvec2 b, dvec2 p)
{
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

// True when `point` lies in the closed triangle (either orientation).
bool leb_TriangleContains(leb_Triangle triangle, dvec2 point)
{
    double side0 = leb_Orientation(triangle.v[0], triangle.v[1], point);
    double side1 = leb_Orientation(triangle.v[1], triangle.v[2], point);
    double side2 = leb_Orientation(triangle.v[2], triangle.v[0], point);
    bool noneNegative = side0 >= 0.0lf && side1 >= 0.0lf && side2 >= 0.0lf;
    bool nonePositive = side0 <= 0.0lf && side1 <= 0.0lf && side2 <= 0.0lf;
    return noneNegative || nonePositive;
}

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
