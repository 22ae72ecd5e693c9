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

// The coordinates on `face` of a cube point that lies on it.
planet_FacePoint planet_FacePointOn(uint face, dvec3 c)
{
    uint axis = face / 2u;
    if (axis == 0u) {
        return planet_FacePoint(face, c.y, c.z);
    }
    if (axis == 1u) {
        return planet_FacePoint(face, c.z, c.x);
    }
    return planet_FacePoint(face, c.x, c.y);
}

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
    return planet_FacePointOn(2u * axis + (c[axis] >= 0.0lf ? 0u : 1u), c);
}

double planet_ElevationSample(uint face, uint column, uint row, uint intervals)
{
    uint side = intervals + 1u;
    return double(planet_elevation[(face * side + row) * side + column]);
}

// Where bilinear filtering of a face's grid of `intervals` a side reads at a
// face point: the cell's first column and row, and the weights towards the
// next ones (exact for the cube's dyadic points).
struct planet_GridCell {
    uint column;
    uint row;
    double columnWeight;
    double rowWeight;
};

planet_GridCell planet_GridCellOf(planet_FacePoint point, uint intervals)
{
    double last = double(intervals);
    precise double halfIntervals = 0.5lf * last;
    precise double u = clamp((point.s + 1.0lf) * halfIntervals, 0.0lf, last);
    precise double v = clamp((point.t + 1.0lf) * halfIntervals, 0.0lf, last);
    uint column = min(uint(u), intervals - 1u);
    uint row = min(uint(v), intervals - 1u);
    precise double wu = u - double(column);
    precise double wv = v - double(row);
    return planet_GridCell(column, row, wu, wv);
}

// Bilinear in double between a cell's four samples (s00 at its first column
// and row, s10 the next column, s01 the next row), written (1 - w) a + w b so
// that a weight of 0 or 1 gives a sample exactly: planet::bilinearIn.
double planet_BilinearIn(planet_GridCell cell, double s00, double s10, double s01, double s11)
{
    double wu = cell.columnWeight;
    double wv = cell.rowWeight;
    precise double lower = (1.0lf - wu) * s00 + wu * s10;
    precise double upper = (1.0lf - wu) * s01 + wu * s11;
    precise double height = (1.0lf - wv) * lower + wv * upper;
    return height;
}

double planet_HeightOnFace(planet_FacePoint point, uint intervals)
{
    planet_GridCell cell = planet_GridCellOf(point, intervals);
    uint c = cell.column;
    uint r = cell.row;
    return planet_BilinearIn(cell, planet_ElevationSample(point.face, c, r, intervals),
                             planet_ElevationSample(point.face, c + 1u, r, intervals),
                             planet_ElevationSample(point.face, c, r + 1u, intervals),
                             planet_ElevationSample(point.face, c + 1u, r + 1u, intervals));
}

double planet_HeightAt(dvec3 cubePoint, uint intervals)
{
    return planet_HeightOnFace(planet_CubeFaceOf(cubePoint), intervals);
}

// CubeElevation::surfaceRangeOverTriangle: the range of the bilinear surface
// over a triangle of face coordinates (`corners`) on `face` whose corners'
// heights are `heights`, when it lies within one grid cell (else false).
bool planet_SurfaceRangeOverTriangle(uint face, dvec2 corners[3], dvec3 heights, uint intervals, out dvec2 range)
{
    double last = double(intervals);
    precise double halfIntervals = 0.5lf * last;
    double u[3];
    double v[3];
    for (int i = 0; i < 3; ++i) {
        precise double cornerU = clamp((corners[i].x + 1.0lf) * halfIntervals, 0.0lf, last);
        precise double cornerV = clamp((corners[i].y + 1.0lf) * halfIntervals, 0.0lf, last);
        u[i] = cornerU;
        v[i] = cornerV;
    }
    uint column = min(uint(min(min(u[0], u[1]), u[2])), intervals - 1u);
    uint row = min(uint(min(min(v[0], v[1]), v[2])), intervals - 1u);
    range = dvec2(0.0lf);
    if (max(max(u[0], u[1]), u[2]) > double(column + 1u) || max(max(v[0], v[1]), v[2]) > double(row + 1u)) {
        return false;
    }
    precise double twist = planet_ElevationSample(face, column, row, intervals) -
                           planet_ElevationSample(face, column + 1u, row, intervals) -
                           planet_ElevationSample(face, column, row + 1u, intervals) +
                           planet_ElevationSample(face, column + 1u, row + 1u, intervals);
    double bulge = 0.0lf;
    for (int i = 0; i < 3; ++i) {
        int j = (i + 1) % 3;
        precise double edge = abs(twist * (u[j] - u[i]) * (v[j] - v[i])) * 0.25lf;
        bulge = max(bulge, edge);
    }
    precise double lowest = min(min(heights.x, heights.y), heights.z) - bulge;
    precise double highest = max(max(heights.x, heights.y), heights.z) + bulge;
    range = dvec2(lowest, highest);
    return true;
}

#ifdef PLANET_HEIGHT_RANGES_BINDING
// CubeElevation::heightRanges: the min/max pyramid over the grid's cells.
layout(std430, set = PLANET_ELEVATION_SET, binding = PLANET_HEIGHT_RANGES_BINDING) readonly buffer PlanetHeightRanges {
    vec2 planet_heightRanges[];
};

uint planet_RangeIndex(uint level, uint face, uint column, uint row, uint intervals)
{
    uint offset = 0u;
    uint cells = intervals;
    for (uint l = 0u; l < level; ++l) {
        offset += 6u * cells * cells;
        cells /= 2u;
    }
    return offset + (face * cells + row) * cells + column;
}

uint planet_CellOf(double coordinate, bool upper, uint intervals)
{
    double last = double(intervals);
    precise double halfIntervals = 0.5lf * last;
    precise double position = clamp((coordinate + 1.0lf) * halfIntervals, 0.0lf, last);
    precise double cell = upper ? ceil(position) - 1.0lf : floor(position);
    return uint(clamp(cell, 0.0lf, double(intervals - 1u)));
}

// CubeElevation::heightRangeOver.
vec2 planet_HeightRangeOver(uint face, dvec2 lowCorner, dvec2 highCorner, uint intervals)
{
    uint firstColumn = planet_CellOf(lowCorner.x, false, intervals);
    uint firstRow = planet_CellOf(lowCorner.y, false, intervals);
    uint lastColumn = max(planet_CellOf(highCorner.x, true, intervals), firstColumn);
    uint lastRow = max(planet_CellOf(highCorner.y, true, intervals), firstRow);
    uint level = 0u;
    while ((lastColumn >> level) - (firstColumn >> level) > 1u || (lastRow >> level) - (firstRow >> level) > 1u) {
        ++level;
    }
    vec2 range = vec2(uintBitsToFloat(0x7F800000u), -uintBitsToFloat(0x7F800000u));
    for (uint row = firstRow >> level; row <= lastRow >> level; ++row) {
        for (uint column = firstColumn >> level; column <= lastColumn >> level; ++column) {
            vec2 cell = planet_heightRanges[planet_RangeIndex(level, face, column, row, intervals)];
            range = vec2(min(range.x, cell.x), max(range.y, cell.y));
        }
    }
    return range;
}
#endif

#endif  // PLANET_CUBE_ELEVATION_GLSL
