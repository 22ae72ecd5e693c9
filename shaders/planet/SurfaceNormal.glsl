// GLSL mirror of src/planet/SurfaceNormal.cpp, in double: the data's smooth
// normal at a cube point from the heights at four points around it, one
// grid cell away along its face's axes (over the edge onto the next face
// where a step crosses one). The caller reads the heights (the whole model
// or its streamed tiles). Include planet/CubeElevation.glsl and
// planet/CubeSphere.glsl first.
#ifndef PLANET_SURFACE_NORMAL_GLSL
#define PLANET_SURFACE_NORMAL_GLSL

dvec3 planet_MovedOverTheCube(dvec3 cubePoint, uint faceAxis, uint axis, double distance)
{
    precise double moved = cubePoint[axis] + distance;
    precise double excess = abs(moved) - 1.0lf;
    if (excess <= 0.0lf) {
        cubePoint[axis] = moved;
        return cubePoint;
    }
    cubePoint[axis] = moved > 0.0lf ? 1.0lf : -1.0lf;
    precise double folded = cubePoint[faceAxis] > 0.0lf ? 1.0lf - excess : excess - 1.0lf;
    cubePoint[faceAxis] = folded;
    return cubePoint;
}

// planet::dataNormalStencil.
dvec3[4] planet_DataNormalStencil(dvec3 cubePoint, uint intervals)
{
    uint faceAxis = planet_CubeFaceOf(cubePoint).face / 2u;
    uint first = (faceAxis + 1u) % 3u;
    uint second = (faceAxis + 2u) % 3u;
    double step = 2.0lf / double(intervals);
    return dvec3[4](planet_MovedOverTheCube(cubePoint, faceAxis, first, -step),
                    planet_MovedOverTheCube(cubePoint, faceAxis, first, step),
                    planet_MovedOverTheCube(cubePoint, faceAxis, second, -step),
                    planet_MovedOverTheCube(cubePoint, faceAxis, second, step));
}

// planet::dataNormalFrom.
dvec3 planet_DataNormalFrom(dvec3 ecef[4], dvec3 cubePoint)
{
    dvec3 normal = normalize(cross(ecef[1] - ecef[0], ecef[3] - ecef[2]));
    return dot(normal, cubePoint) < 0.0lf ? -normal : normal;
}

#endif  // PLANET_SURFACE_NORMAL_GLSL
