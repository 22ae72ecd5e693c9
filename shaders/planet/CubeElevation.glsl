// GLSL mirror of src/planet/CubeElevation.cpp: the height of a cube point,
// bilinear in double between the samples of its face's grid, which the
// includer declares as a buffer of floats, face after face, each row-major:
//   #define PLANET_ELEVATION_SET s / PLANET_ELEVATION_BINDING b
// and passes the grid's intervals a side.
#ifndef PLANET_CUBE_ELEVATION_GLSL
#define PLANET_CUBE_ELEVATION_GLSL

layout(std430, set = PLANET_ELEVATION_SET, binding = PLANET_ELEVATION_BINDING) readonly buffer PlanetElevation {
    float planet_elevation[];
};

struct planet_FacePoint {
    uint face;
    double s;
    double t;
};

// The axis of the largest magnitude, the lowest on a tie.
planet_FacePoint planet_CubeFaceOf(dvec3 c)
{
    dvec3 magnitude = abs(c);
    uint axis = 0u;
    if (magnitude.y > magnitude.x) {
        axis = 1u;
    }
    if (magnitude.z > magnitude[axis]) {
        axis = 2u;
    }
    uint face = 2u * axis + (c[axis] >= 0.0lf ? 0u : 1u);
    if (axis == 0u) {
        return planet_FacePoint(face, c.y, c.z);
    }
    if (axis == 1u) {
        return planet_FacePoint(face, c.z, c.x);
    }
    return planet_FacePoint(face, c.x, c.y);
}

double planet_ElevationSample(uint face, uint column, uint row, uint intervals)
{
    uint side = intervals + 1u;
    return double(planet_elevation[(face * side + row) * side + column]);
}

double planet_HeightOnFace(planet_FacePoint point, uint intervals)
{
    double last = double(intervals);
    precise double halfIntervals = 0.5lf * last;
    precise double u = clamp((point.s + 1.0lf) * halfIntervals, 0.0lf, last);
    precise double v = clamp((point.t + 1.0lf) * halfIntervals, 0.0lf, last);
    uint column = min(uint(u), intervals - 1u);
    uint row = min(uint(v), intervals - 1u);
    precise double wu = u - double(column);
    precise double wv = v - double(row);
    precise double lower = (1.0lf - wu) * planet_ElevationSample(point.face, column, row, intervals) +
                           wu * planet_ElevationSample(point.face, column + 1u, row, intervals);
    precise double upper = (1.0lf - wu) * planet_ElevationSample(point.face, column, row + 1u, intervals) +
                           wu * planet_ElevationSample(point.face, column + 1u, row + 1u, intervals);
    precise double height = (1.0lf - wv) * lower + wv * upper;
    return height;
}

double planet_HeightAt(dvec3 cubePoint, uint intervals)
{
    return planet_HeightOnFace(planet_CubeFaceOf(cubePoint), intervals);
}

#endif  // PLANET_CUBE_ELEVATION_GLSL
