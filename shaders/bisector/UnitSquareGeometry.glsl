// Exact vertices of bisectors over the unit square's quad (the terrain's
// base mesh, bisector::HalfedgeMesh::unitSquare): corners (0,0), (1,0),
// (1,1), (0,1) counter-clockwise, root h = (corner h+1, centre, corner h).
// Coordinates are 64-bit integers in units of 2^-34 of the square: every
// vertex down to the deepest key is a multiple of 2^-33 (ExactGeometry.h),
// so the midpoint walk is exact, as the CPU's doubles are.
#ifndef BISECTOR_UNIT_SQUARE_GEOMETRY_GLSL
#define BISECTOR_UNIT_SQUARE_GEOMETRY_GLSL

const int64_t SQUARE_ONE = 1l << 34;

struct square_Triangle {
    i64vec2 v[3];
};

i64vec2 square_Corner(uint corner)
{
    corner &= 3u;
    return i64vec2((corner == 1u || corner == 2u) ? SQUARE_ONE : 0l, corner >= 2u ? SQUARE_ONE : 0l);
}

// One bisection: child 0 = (v0, m, v1), child 1 = (v1, m, v2).
square_Triangle square_Child(square_Triangle t, uint bit)
{
    i64vec2 m = (t.v[0] + t.v[2]) / 2l;
    return bit == 0u ? square_Triangle(i64vec2[3](t.v[0], m, t.v[1]))
                     : square_Triangle(i64vec2[3](t.v[1], m, t.v[2]));
}

square_Triangle square_TriangleOf(uint64_t key)
{
    int levels = pool_LevelsBelowRoot(key);
    uint root = uint(key >> uint(levels)) - (1u << (pool.rootBits - 1u));
    i64vec2 centre = i64vec2(SQUARE_ONE / 2l);
    square_Triangle t = square_Triangle(i64vec2[3](square_Corner(root + 1u), centre, square_Corner(root)));
    for (int level = levels - 1; level >= 0; --level) {
        t = square_Child(t, uint(key >> uint(level)) & 1u);
    }
    return t;
}

// The parent of a bisector that is child `bit` of it.
square_Triangle square_Parent(square_Triangle child, uint bit)
{
    if (bit == 0u) {  // child = (v0, m, v1)
        return square_Triangle(i64vec2[3](child.v[0], child.v[2], 2l * child.v[1] - child.v[0]));
    }
    // child = (v1, m, v2)
    return square_Triangle(i64vec2[3](2l * child.v[1] - child.v[2], child.v[0], child.v[2]));
}

// The sign of (b - a) x (p - a) for an edge a-b of a bisector, which is
// axis-aligned or diagonal: with (b - a) = s (dx, dy), dx, dy in {-1, 0, 1}
// and s > 0, it is the sign of dx (py - ay) - dy (px - ax). Points are in
// units of 2^-60 (a corner's 2^-34 units shifted by 26), within 2^61 here.
int square_Orientation(i64vec2 a, i64vec2 b, i64vec2 p)
{
    i64vec2 edge = b - a;
    int64_t dx = edge.x > 0l ? 1l : (edge.x < 0l ? -1l : 0l);
    int64_t dy = edge.y > 0l ? 1l : (edge.y < 0l ? -1l : 0l);
    int64_t value = dx * (p.y - (a.y << 26)) - dy * (p.x - (a.x << 26));
    return value > 0l ? 1 : (value < 0l ? -1 : 0);
}

// Whether the closed triangle contains p (units of 2^-60).
bool square_Contains(square_Triangle t, i64vec2 p)
{
    int whole = square_Orientation(t.v[0], t.v[1], t.v[2] << 26);
    for (int i = 0; i < 3; ++i) {
        int side = square_Orientation(t.v[i], t.v[(i + 1) % 3], p);
        if (side != 0 && side != whole) {
            return false;
        }
    }
    return true;
}

#endif  // BISECTOR_UNIT_SQUARE_GEOMETRY_GLSL
