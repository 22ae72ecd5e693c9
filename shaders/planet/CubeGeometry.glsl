// Exact vertices of bisectors over the globe's cube (planet::cubeMesh, 24
// roots), as bisector::bisectorVertices gives them on the CPU: coordinates
// are 64-bit integers in units of 2^-34 of the cube's half side. The roots'
// corners and face centres are whole units of the cube, and a bisector L
// levels below its root has weights of at most ceil(L / 2) fractional bits
// (bisector/ExactGeometry.h), 31 for the deepest key: every vertex is a
// multiple of 2^-31, so the midpoint walk is exact, and shared vertices are
// bit-identical whichever root they are reached from. To walk keys
// (planet_TriangleOf), the includer declares the roots' vertices, three
// i64vec4 per root (xyz used), in root order:
//   #define PLANET_ROOTS_SET s / PLANET_ROOTS_BINDING b
#ifndef PLANET_CUBE_GEOMETRY_GLSL
#define PLANET_CUBE_GEOMETRY_GLSL

#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

#ifdef PLANET_ROOTS_SET
layout(std430, set = PLANET_ROOTS_SET, binding = PLANET_ROOTS_BINDING) readonly buffer PlanetRoots {
    i64vec4 planet_roots[];
};
#endif

const int64_t PLANET_CUBE_ONE = 1l << 34;

struct planet_Triangle {
    i64vec3 v[3];
};

int planet_BitLength(uint64_t key)
{
    uint high = uint(key >> 32);
    return high != 0u ? 33 + findMSB(high) : 1 + findMSB(uint(key));
}

// One bisection: child 0 = (v0, m, v1), child 1 = (v1, m, v2).
planet_Triangle planet_Child(planet_Triangle t, uint bit)
{
    i64vec3 m = (t.v[0] + t.v[2]) / 2l;
    return bit == 0u ? planet_Triangle(i64vec3[3](t.v[0], m, t.v[1]))
                     : planet_Triangle(i64vec3[3](t.v[1], m, t.v[2]));
}

#ifdef PLANET_ROOTS_SET
// The vertices of `key` under a key layout of `rootBits` (bisector::KeyLayout).
planet_Triangle planet_TriangleOf(uint64_t key, uint rootBits)
{
    int levels = planet_BitLength(key) - int(rootBits);
    uint root = uint(key >> uint(levels)) - (1u << (rootBits - 1u));
    planet_Triangle t = planet_Triangle(
        i64vec3[3](planet_roots[3u * root].xyz, planet_roots[3u * root + 1u].xyz, planet_roots[3u * root + 2u].xyz));
    for (int level = levels - 1; level >= 0; --level) {
        t = planet_Child(t, uint(key >> uint(level)) & 1u);
    }
    return t;
}
#endif

// The parent of a bisector that is child `bit` of it (exact: the walk's
// midpoint undone).
planet_Triangle planet_Parent(planet_Triangle child, uint bit)
{
    if (bit == 0u) {  // child = (v0, m, v1)
        return planet_Triangle(i64vec3[3](child.v[0], child.v[2], 2l * child.v[1] - child.v[0]));
    }
    // child = (v1, m, v2)
    return planet_Triangle(i64vec3[3](2l * child.v[1] - child.v[2], child.v[0], child.v[2]));
}

// A vertex as a cube point (exact in double).
dvec3 planet_CubePointOf(i64vec3 vertex)
{
    return dvec3(vertex) * (1.0lf / double(PLANET_CUBE_ONE));
}

#endif  // PLANET_CUBE_GEOMETRY_GLSL
