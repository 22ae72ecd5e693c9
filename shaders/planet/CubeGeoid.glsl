// GLSL mirror of src/planet/CubeGeoid.cpp: sea level on the cube, the
// geoid's undulation N above the ellipsoid, bilinear in double between the
// samples of a cube point's face (as planet/CubeElevation.glsl's heights,
// which the includer includes first), and the ECEF point of a height above
// sea level. The includer declares the buffer's place:
//   #define PLANET_GEOID_SET s / PLANET_GEOID_BINDING b
// CubeGeoid::gpuWords: the grid's intervals a side, then its samples, face
// after face, each row-major (one interval of zeros: the ellipsoid).
#ifndef PLANET_CUBE_GEOID_GLSL
#define PLANET_CUBE_GEOID_GLSL

#include "planet/CubeSphere.glsl"

layout(std430, set = PLANET_GEOID_SET, binding = PLANET_GEOID_BINDING) readonly buffer PlanetGeoid {
    uint planet_geoidIntervals;
    float planet_geoid[];
};

double planet_GeoidSample(uint face, uint column, uint row)
{
    uint side = planet_geoidIntervals + 1u;
    return double(planet_geoid[(face * side + row) * side + column]);
}

// CubeGeoid::undulationAt: metres of sea level above the ellipsoid.
double planet_GeoidAt(dvec3 cubePoint)
{
    planet_FacePoint point = planet_CubeFaceOf(cubePoint);
    uint intervals = planet_geoidIntervals;
    planet_GridCell cell = planet_GridCellOf(point, intervals);
    uint c = cell.column;
    uint r = cell.row;
    return planet_BilinearIn(cell, planet_GeoidSample(point.face, c, r), planet_GeoidSample(point.face, c + 1u, r),
                             planet_GeoidSample(point.face, c, r + 1u), planet_GeoidSample(point.face, c + 1u, r + 1u));
}

// CubeElevation::ecefAt: a cube point `heightAboveSea` metres above sea
// level, in ECEF metres.
dvec3 planet_GroundToEcef(dvec3 cubePoint, double heightAboveSea)
{
    precise double aboveEllipsoid = heightAboveSea + planet_GeoidAt(cubePoint);
    return planet_CubeToEcef(cubePoint, aboveEllipsoid);
}

#endif  // PLANET_CUBE_GEOID_GLSL
