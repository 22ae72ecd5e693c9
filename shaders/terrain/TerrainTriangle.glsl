// Longest edge bisection triangles of the terrain's square domain in single
// precision, for the vertex shader and the LOD criterion.
//
// Same walk as leb_DecodeTriangle (shaders/leb/LongestEdgeBisection.glsl,
// square domain): heap 2 is (0,1), (0,0), (1,0), heap 3 is (1,0), (1,1), (0,1),
// child 2k = (v0, m, v1), child 2k+1 = (v1, m, v2), m = (v0 + v2) / 2. Every
// vertex down to depth 30 is a dyadic rational with at most 16 fractional
// bits, and each midpoint is exact in float, so this gives the very same
// coordinates as the double-precision decode.
#ifndef TERRAIN_TRIANGLE_GLSL
#define TERRAIN_TRIANGLE_GLSL

struct terrain_Triangle {
    vec2 v[3];  // v0, v1, v2; the hypotenuse (longest edge) is v0-v2
};

terrain_Triangle terrain_ChildTriangle(terrain_Triangle parent, uint bit)
{
    vec2 midpoint = 0.5 * (parent.v[0] + parent.v[2]);
    if (bit == 0u) {
        return terrain_Triangle(vec2[3](parent.v[0], midpoint, parent.v[1]));
    }
    return terrain_Triangle(vec2[3](parent.v[1], midpoint, parent.v[2]));
}

// The triangle of a square-domain heap index >= 2, in unit-square coordinates.
terrain_Triangle terrain_DecodeTriangle(uint heapIndex)
{
    int depth = findMSB(heapIndex);
    terrain_Triangle triangle = ((heapIndex >> uint(depth - 1)) & 1u) == 0u
        ? terrain_Triangle(vec2[3](vec2(0.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 0.0)))
        : terrain_Triangle(vec2[3](vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0)));
    for (int bit = depth - 2; bit >= 0; --bit) {
        triangle = terrain_ChildTriangle(triangle, (heapIndex >> uint(bit)) & 1u);
    }
    return triangle;
}

// Applies `levels` more bisections, choosing the children by the bits of
// `path` from bit levels-1 down to bit 0 (the uniform subdivision of a leaf:
// path in [0, 2^levels) enumerates its 2^levels sub-triangles).
terrain_Triangle terrain_SubdivideTriangle(terrain_Triangle triangle, uint path, uint levels)
{
    for (uint level = levels; level > 0u; --level) {
        triangle = terrain_ChildTriangle(triangle, (path >> (level - 1u)) & 1u);
    }
    return triangle;
}

#endif  // TERRAIN_TRIANGLE_GLSL
