// GLSL mirror of src/planet/CubeSphere.cpp: a point of the globe's cube to
// the unit sphere (the spherified-cube map), along its ray onto the WGS 84
// ellipsoid, and up the ellipsoid's normal by a height, in double, operation
// for operation as the CPU does them (`precise`: no fused multiply-adds).
#ifndef PLANET_CUBE_SPHERE_GLSL
#define PLANET_CUBE_SPHERE_GLSL

const double PLANET_SEMI_MAJOR_AXIS = 6378137.0lf;
const double PLANET_FLATTENING = 1.0lf / 298.257223563lf;
const double PLANET_SEMI_MINOR_AXIS = PLANET_SEMI_MAJOR_AXIS * (1.0lf - PLANET_FLATTENING);
const double PLANET_INVERSE_A_SQUARED = 1.0lf / (PLANET_SEMI_MAJOR_AXIS * PLANET_SEMI_MAJOR_AXIS);
const double PLANET_INVERSE_B_SQUARED = 1.0lf / (PLANET_SEMI_MINOR_AXIS * PLANET_SEMI_MINOR_AXIS);

// sqrt(x) to double precision whatever the device's double sqrt gives: one
// Newton step after it (x >= 0).
double planet_RefinedSquareRoot(double x)
{
    precise double root = sqrt(x);
    precise double refined = 0.5lf * (root + x / root);
    return root > 0.0lf ? refined : root;
}

// The spherified-cube scale of a coordinate, given the other two.
double planet_SpherifiedScale(double first, double second)
{
    precise double firstSquared = first * first;
    precise double secondSquared = second * second;
    precise double radicand =
        1.0lf - 0.5lf * firstSquared - 0.5lf * secondSquared + firstSquared * secondSquared / 3.0lf;
    return planet_RefinedSquareRoot(radicand);
}

dvec3 planet_CubeToSphere(dvec3 c)
{
    precise dvec3 sphere = dvec3(c.x * planet_SpherifiedScale(c.y, c.z), c.y * planet_SpherifiedScale(c.z, c.x),
                                 c.z * planet_SpherifiedScale(c.x, c.y));
    return sphere;
}

dvec3 planet_EllipsoidPointAlong(dvec3 d)
{
    precise double radicand = (d.x * d.x + d.y * d.y) * PLANET_INVERSE_A_SQUARED + d.z * d.z * PLANET_INVERSE_B_SQUARED;
    precise double scale = 1.0lf / planet_RefinedSquareRoot(radicand);
    precise dvec3 point = d * scale;
    return point;
}

dvec3 planet_EllipsoidNormalAt(dvec3 p)
{
    precise dvec3 gradient =
        dvec3(p.x * PLANET_INVERSE_A_SQUARED, p.y * PLANET_INVERSE_A_SQUARED, p.z * PLANET_INVERSE_B_SQUARED);
    precise double squared = gradient.x * gradient.x + gradient.y * gradient.y + gradient.z * gradient.z;
    precise dvec3 normal = gradient / planet_RefinedSquareRoot(squared);
    return normal;
}

// A cube point `heightMetres` above the ellipsoid along its normal, in ECEF
// metres.
dvec3 planet_CubeToEcef(dvec3 cubePoint, double heightMetres)
{
    dvec3 surface = planet_EllipsoidPointAlong(planet_CubeToSphere(cubePoint));
    precise dvec3 point = surface + heightMetres * planet_EllipsoidNormalAt(surface);
    return point;
}

#endif  // PLANET_CUBE_SPHERE_GLSL
