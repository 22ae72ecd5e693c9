// The double-precision geometry of longest edge bisection: the matrix form
// of the decode (Eq. 3, Alg. 5) and exact orientation and containment tests,
// mirrors of src/leb. Needs shaderFloat64: only the refine-around-a-point
// criterion and the tests' mirror probes use it, never the terrain.
//
// Every coordinate of the walk is a dyadic rational that double precision
// holds exactly (leb/TriangleWalk.glsl), so these produce the very bits the
// CPU does; so do the orientation tests when the point is a multiple of
// 2^-20 (leb::quantizePoint).
#ifndef LEB_DOUBLE_GEOMETRY_GLSL
#define LEB_DOUBLE_GEOMETRY_GLSL

#include "leb/TriangleWalk.glsl"

struct leb_DoubleTriangle {
    dvec2 v[3];
};

leb_DoubleTriangle leb_ToDouble(leb_Triangle triangle)
{
    return leb_DoubleTriangle(dvec2[3](dvec2(triangle.v[0]), dvec2(triangle.v[1]), dvec2(triangle.v[2])));
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
// Orientation and containment

// Twice the signed area of (a, b, p): positive when p is left of a->b.
double leb_Orientation(dvec2 a, dvec2 b, dvec2 p)
{
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

// True when `point` lies in the closed triangle (either orientation).
bool leb_TriangleContains(leb_DoubleTriangle triangle, dvec2 point)
{
    double side0 = leb_Orientation(triangle.v[0], triangle.v[1], point);
    double side1 = leb_Orientation(triangle.v[1], triangle.v[2], point);
    double side2 = leb_Orientation(triangle.v[2], triangle.v[0], point);
    bool noneNegative = side0 >= 0.0lf && side1 >= 0.0lf && side2 >= 0.0lf;
    bool nonePositive = side0 <= 0.0lf && side1 <= 0.0lf && side2 <= 0.0lf;
    return noneNegative || nonePositive;
}

#endif  // LEB_DOUBLE_GEOMETRY_GLSL
