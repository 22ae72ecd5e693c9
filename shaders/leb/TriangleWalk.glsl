// The triangles of longest edge bisection (Dupuy 2020, §5), walked down a
// heap index's path one bisection per bit: the GLSL mirror of
// src/leb/TriangleWalk.h and leb::decodeTriangle, in single precision.
//
// Domains (the `domain` argument, LEB_DOMAIN_*):
//   - triangle: heap 1 is the root triangle (0,1), (0,0), (1,0);
//   - square (§5.3): heap 1 is the unit square; heap 2 is (0,1), (0,0), (1,0)
//     and heap 3 is (1,0), (1,1), (0,1), picked by the first path bit.
// Vertex order (v0, v1, v2), hypotenuse v0-v2; child 2k = (v0, m, v1) and
// child 2k+1 = (v1, m, v2) with m = (v0 + v2) / 2.
//
// Exact: every vertex down to depth 30 is a dyadic rational with at most 16
// fractional bits, and each midpoint of two such is exact in float, so the
// walk gives the very coordinates the CPU's double-precision decode does.
#ifndef LEB_TRIANGLE_WALK_GLSL
#define LEB_TRIANGLE_WALK_GLSL

const uint LEB_DOMAIN_TRIANGLE = 0u;
const uint LEB_DOMAIN_SQUARE = 1u;

struct leb_Triangle {
    vec2 v[3];  // v0, v1, v2; the hypotenuse (longest edge) is v0-v2
};

// Bit `bit` of the path encoded by a heap index (0 = left child).
uint leb_PathBit(uint heapIndex, int bit)
{
    return (heapIndex >> uint(bit)) & 1u;
}

// The triangle of heap 1 in the triangle domain and of heap 2 in the square
// domain.
leb_Triangle leb_BaseTriangle()
{
    return leb_Triangle(vec2[3](vec2(0.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 0.0)));
}

// The square domain's heap 3: the base triangle reflected through the
// centre of the square.
leb_Triangle leb_MirroredBaseTriangle()
{
    return leb_Triangle(vec2[3](vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0)));
}

// One bisection: child 2k (bit 0) or 2k + 1 (bit 1).
leb_Triangle leb_ChildTriangle(leb_Triangle parent, uint bit)
{
    vec2 midpoint = 0.5 * (parent.v[0] + parent.v[2]);
    if (bit == 0u) {
        return leb_Triangle(vec2[3](parent.v[0], midpoint, parent.v[1]));
    }
    return leb_Triangle(vec2[3](parent.v[1], midpoint, parent.v[2]));
}

// The triangle of `heapIndex` in unit-square coordinates (for the square
// domain pass heap indices >= 2; heap 1 gives the base triangle).
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

// Applies `levels` more bisections, choosing the children by the bits of
// `path` from bit levels-1 down to bit 0: path in [0, 2^levels) enumerates
// the 2^levels sub-triangles of a uniform subdivision.
leb_Triangle leb_SubdivideTriangle(leb_Triangle triangle, uint path, uint levels)
{
    for (uint level = levels; level > 0u; --level) {
        triangle = leb_ChildTriangle(triangle, (path >> (level - 1u)) & 1u);
    }
    return triangle;
}

#endif  // LEB_TRIANGLE_WALK_GLSL
