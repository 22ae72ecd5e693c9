// The terrain's horizon towards the sun on the globe, for its shadows: from
// a point of the ground, the highest elevation angle at which the ground
// stands along the great circle towards the sun's azimuth, out to where the
// Earth's curvature hides the highest ground. A function of the point and
// the model's base grid alone (not of the view or of the tiles a streamed
// model has resident), so the shadows are the same from any viewpoint.
// Include planet/CubeSphere.glsl, planet/CubeElevation.glsl,
// planet/CubeGeoid.glsl (sea level) and planet/SurfaceDetail.glsl (the
// grid's cell) first.
#ifndef PLANET_GLOBE_SUN_HORIZON_GLSL
#define PLANET_GLOBE_SUN_HORIZON_GLSL

// Ground farther than this lies below the horizon of any point on Earth
// (9 km of relief behind 340 km of curvature); the steps, from half a
// cell of the grid, grow by a fifth each (25 from ETOPO5's 9.8 km cells).
const double GLOBE_HORIZON_REACH_METRES = 400000.0lf;
const double GLOBE_HORIZON_STEP_GROWTH = 1.2lf;
const int GLOBE_HORIZON_MAX_STEPS = 32;

// The vertical (the ellipsoid's normal) at exact cube point `cube`: the
// sun's elevation and the horizon's are measured from the plane normal to it.
vec3 globeSunHorizon_Up(dvec3 cube)
{
    return vec3(planet_EllipsoidNormalAt(planet_EllipsoidPointAlong(planet_CubeToSphere(cube))));
}

// The horizon's elevation (radians, above the plane normal to the vertical
// `up`, globeSunHorizon_Up) seen from the ground at exact cube point `cube`
// towards `sun` (ECEF, unit), over the base grid of `intervals` a face side.
// The march moves in the face's plane along the direction whose image on
// the ground points towards the sun (the map's Jacobian at the point); a
// step past a face's edge goes on across the next face, as the plane's line
// does under the central projection.
float globeSunHorizon_Elevation(dvec3 cube, vec3 up, vec3 sun, uint intervals)
{
    dvec3 origin = planet_GroundToEcef(cube, planet_HeightAt(cube, intervals));
    vec3 towards = sun - dot(sun, up) * up;
    if (dot(towards, towards) < 1.0e-10) {
        return -1.5707963;  // the sun overhead: no horizon reaches it
    }
    towards = normalize(towards);
    vec3 side = cross(up, towards);
    // The face's two in-plane axes, and the ground's steps along them.
    dvec3 magnitude = abs(cube);
    int normalAxis = magnitude.x >= magnitude.y && magnitude.x >= magnitude.z ? 0 : (magnitude.y >= magnitude.z ? 1 : 2);
    dvec3 u = dvec3(0.0lf);
    dvec3 v = dvec3(0.0lf);
    u[(normalAxis + 1) % 3] = 1.0lf;
    v[(normalAxis + 2) % 3] = 1.0lf;
    const double delta = 1.0e-5lf;
    vec3 alongU = vec3(planet_CubeToEcef(cube + u * delta, 0.0lf) - planet_CubeToEcef(cube - u * delta, 0.0lf));
    vec3 alongV = vec3(planet_CubeToEcef(cube + v * delta, 0.0lf) - planet_CubeToEcef(cube - v * delta, 0.0lf));
    // (a, b) with a alongU + b alongV pointing towards the sun, no sideways part.
    vec2 weights = vec2(dot(alongV, side), -dot(alongU, side));
    float metres = dot(weights.x * alongU + weights.y * alongV, towards);
    if (metres < 0.0) {
        weights = -weights;
        metres = -metres;
    }
    if (!(metres > 0.0)) {
        return -1.5707963;
    }
    // Cube units per metre along the march.
    dvec3 perMetre = (double(weights.x) * u + double(weights.y) * v) * (2.0lf * delta / double(metres));
    double distance = 0.5lf * planet_DetailCellMetres(intervals);
    float highest = -1.0;
    for (int step = 0; step < GLOBE_HORIZON_MAX_STEPS && distance < GLOBE_HORIZON_REACH_METRES; ++step) {
        dvec3 point = cube + perMetre * distance;
        dvec3 size = abs(point);
        point /= max(size.x, max(size.y, size.z));
        dvec3 ground = planet_GroundToEcef(point, planet_HeightAt(point, intervals));
        vec3 toGround = vec3(ground - origin);
        highest = max(highest, dot(toGround, up) / length(toGround));
        distance *= GLOBE_HORIZON_STEP_GROWTH;
    }
    return asin(clamp(highest, -1.0, 1.0));
}

#endif  // PLANET_GLOBE_SUN_HORIZON_GLSL
