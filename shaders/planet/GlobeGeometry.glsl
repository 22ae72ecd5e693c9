// The globe's geometry on the bisector pool, per bisector: its exact cube
// vertices (planet/CubeGeometry.glsl units) and, for the draw, their points
// on the elevation relative to an origin near the camera, in float (the
// subtraction done in double). Children take their vertices from their
// parent's (midpoints, exact) when split, parents from their children's when
// merged; GlobeRefresh.comp recomputes every live bisector's when the origin
// moves. Set 1 of the pool kernels, after planet/GlobeCriterion.glsl:
//   binding 3  exact vertices, 3 i64vec4 per slot (xyz used)
//   binding 4  the cache, 3 vec4 per slot: xyz from the origin, w the surface height
//              (planet/SurfaceDetail.glsl: the data and the detail below it)
//   binding 5  GlobeFrame: the origin in ECEF metres
#ifndef PLANET_GLOBE_GEOMETRY_GLSL
#define PLANET_GLOBE_GEOMETRY_GLSL

layout(std430, set = 1, binding = 3) buffer GlobeExact {
    i64vec4 globe_exact[];
};
layout(std430, set = 1, binding = 4) buffer GlobeCache {
    vec4 globe_cache[];
};
layout(std430, set = 1, binding = 5) readonly buffer GlobeFrame {
    dvec4 globe_origin;
};

vec4 globe_VertexAt(i64vec3 exact)
{
    dvec3 cube = planet_CubePointOf(exact);
    double height = planet_SurfaceHeightAt(cube, globe_intervals);
    precise dvec3 fromOrigin = planet_CubeToEcef(cube, height) - globe_origin.xyz;
    return vec4(vec3(fromOrigin), float(height));
}

void globe_WriteGeometry(uint slot, i64vec3 v0, i64vec3 v1, i64vec3 v2)
{
    globe_exact[3u * slot] = i64vec4(v0, 0l);
    globe_exact[3u * slot + 1u] = i64vec4(v1, 0l);
    globe_exact[3u * slot + 2u] = i64vec4(v2, 0l);
    globe_cache[3u * slot] = globe_VertexAt(v0);
    globe_cache[3u * slot + 1u] = globe_VertexAt(v1);
    globe_cache[3u * slot + 2u] = globe_VertexAt(v2);
}

// The geometry hooks of bisector/PoolBisect.glsl and PoolMergeWrite.glsl.
void bisector_WriteChildGeometry(uint slot, uint pattern, pool_ChildSlots c)
{
    i64vec3 p0 = globe_exact[3u * slot].xyz;
    i64vec3 p1 = globe_exact[3u * slot + 1u].xyz;
    i64vec3 p2 = globe_exact[3u * slot + 2u].xyz;
    i64vec3 m = (p0 + p2) / 2l;
    if ((pattern & POOL_SPLIT_RIGHT) != 0u) {  // child 0 = (p0, m, p1) split at m0
        i64vec3 m0 = (p0 + p1) / 2l;
        globe_WriteGeometry(c.c00, p0, m0, m);
        globe_WriteGeometry(c.c01, m, m0, p1);
    } else {
        globe_WriteGeometry(c.c0, p0, m, p1);
    }
    if ((pattern & POOL_SPLIT_LEFT) != 0u) {  // child 1 = (p1, m, p2) split at m1
        i64vec3 m1 = (p1 + p2) / 2l;
        globe_WriteGeometry(c.c10, p1, m1, m);
        globe_WriteGeometry(c.c11, m, m1, p2);
    } else {
        globe_WriteGeometry(c.c1, p1, m, p2);
    }
}

// The parent of (even, odd) = (v0, m, v1), (v1, m, v2) is (v0, v1, v2).
void bisector_WriteParentGeometry(uint even, uint odd)
{
    globe_exact[3u * even + 1u] = globe_exact[3u * even + 2u];
    globe_exact[3u * even + 2u] = globe_exact[3u * odd + 2u];
    globe_cache[3u * even + 1u] = globe_cache[3u * even + 2u];
    globe_cache[3u * even + 2u] = globe_cache[3u * odd + 2u];
}

#endif  // PLANET_GLOBE_GEOMETRY_GLSL
