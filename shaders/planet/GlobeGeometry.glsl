// The globe's geometry on the bisector pool, per bisector: its exact cube
// vertices (planet/CubeGeometry.glsl units) and, for the draw, their points
// on the elevation relative to an origin near the camera, in float (the
// subtraction done in double). Children take their vertices from their
// parent's (midpoints, exact) when split, parents from their children's when
// merged; GlobeRefresh.comp recomputes every live bisector's when the origin
// moves. Set 1 of the pool kernels, after planet/GlobeCriterion.glsl:
//   binding 3  exact vertices, 3 i64vec4 per slot: xyz, w the data's height
//              there (its double's bits; declared by planet/GlobeCriterion.glsl)
//   binding 4  the cache, 3 vec4 per slot: xyz from the origin, w the surface height
//              (planet/SurfaceDetail.glsl: the data and the detail below it)
//   binding 5  GlobeFrame: the origin in ECEF metres
//   binding 7  the detail's octave sums at the vertices (planet/GlobeCriterion.glsl)
//   binding 13 for the draw's shading, 3 uints per slot: the data's normal
//              (planet/SurfaceNormal.glsl) and the grid whose detail lies
//              under the vertex (planet/VertexShading.glsl)
#ifndef PLANET_GLOBE_GEOMETRY_GLSL
#define PLANET_GLOBE_GEOMETRY_GLSL

#include "planet/VertexShading.glsl"
#include "planet/SurfaceNormal.glsl"

layout(std430, set = 1, binding = 4) buffer GlobeCache {
    vec4 globe_cache[];
};
layout(std430, set = 1, binding = 5) readonly buffer GlobeFrame {
    dvec4 globe_origin;
};
layout(std430, set = 1, binding = 13) buffer GlobeShading {
    uint globe_shading[];
};

// A vertex as a slot stores it: exact, the data's height and the detail's
// octave sum there (for the criterion), its cache entry and its shading.
struct globe_Vertex {
    i64vec3 exact;
    double data;
    double detailSum;
    vec4 cache;
    uint shading;
};

// The data's normal at a cube point whose data comes from a grid of `grid`
// intervals a side.
dvec3 globe_DataNormalAt(dvec3 cube, uint grid)
{
    dvec3 stencil[4] = planet_DataNormalStencil(cube, grid);
    dvec3 ecef[4];
    for (uint i = 0u; i < 4u; ++i) {
        uint stencilGrid;
        ecef[i] = planet_GroundToEcef(stencil[i], globe_DataHeightAt(stencil[i], stencilGrid));
    }
    return planet_DataNormalFrom(ecef, cube);
}

globe_Vertex globe_NewVertex(i64vec3 exact)
{
    dvec3 cube = planet_CubePointOf(exact);
    uint grid;
    double data = globe_DataHeightAt(cube, grid);
    double detailSum = planet_SurfaceDetailSum(cube, grid);
    precise double height = data + planet_SurfaceDetailFromSum(detailSum, data);
    precise dvec3 fromOrigin = planet_GroundToEcef(cube, height) - globe_origin.xyz;
    uint shading = planet_PackVertexShading(vec3(globe_DataNormalAt(cube, grid)), grid);
    return globe_Vertex(exact, data, detailSum, vec4(vec3(fromOrigin), float(height)), shading);
}

globe_Vertex globe_StoredVertex(uint slot, uint corner)
{
    uint index = 3u * slot + corner;
    return globe_Vertex(globe_exact[index].xyz, globe_StoredDataHeight(index), globe_detailSums[index],
                        globe_cache[index], globe_shading[index]);
}

void globe_Write(uint slot, globe_Vertex a, globe_Vertex b, globe_Vertex c)
{
    globe_Vertex vertices[3] = globe_Vertex[3](a, b, c);
    for (uint i = 0u; i < 3u; ++i) {
        globe_exact[3u * slot + i] = i64vec4(vertices[i].exact, doubleBitsToInt64(vertices[i].data));
        globe_detailSums[3u * slot + i] = vertices[i].detailSum;
        globe_cache[3u * slot + i] = vertices[i].cache;
        globe_shading[3u * slot + i] = vertices[i].shading;
    }
}

void globe_WriteGeometry(uint slot, i64vec3 v0, i64vec3 v1, i64vec3 v2)
{
    globe_Write(slot, globe_NewVertex(v0), globe_NewVertex(v1), globe_NewVertex(v2));
}

// The geometry hooks of bisector/PoolBisect.glsl and PoolMergeWrite.glsl.
// Children keep their parent's vertices as stored and compute only the
// midpoints (the parent's slot may be one of theirs: read first).
void bisector_WriteChildGeometry(uint slot, uint pattern, pool_ChildSlots c)
{
    globe_Vertex p0 = globe_StoredVertex(slot, 0u);
    globe_Vertex p1 = globe_StoredVertex(slot, 1u);
    globe_Vertex p2 = globe_StoredVertex(slot, 2u);
    globe_Vertex m = globe_NewVertex((p0.exact + p2.exact) / 2l);
    if ((pattern & POOL_SPLIT_RIGHT) != 0u) {  // child 0 = (p0, m, p1) split at m0
        globe_Vertex m0 = globe_NewVertex((p0.exact + p1.exact) / 2l);
        globe_Write(c.c00, p0, m0, m);
        globe_Write(c.c01, m, m0, p1);
    } else {
        globe_Write(c.c0, p0, m, p1);
    }
    if ((pattern & POOL_SPLIT_LEFT) != 0u) {  // child 1 = (p1, m, p2) split at m1
        globe_Vertex m1 = globe_NewVertex((p1.exact + p2.exact) / 2l);
        globe_Write(c.c10, p1, m1, m);
        globe_Write(c.c11, m, m1, p2);
    } else {
        globe_Write(c.c1, p1, m, p2);
    }
}

// The parent of (even, odd) = (v0, m, v1), (v1, m, v2) is (v0, v1, v2).
void bisector_WriteParentGeometry(uint even, uint odd)
{
    globe_Write(even, globe_StoredVertex(even, 0u), globe_StoredVertex(even, 2u), globe_StoredVertex(odd, 2u));
}

#endif  // PLANET_GLOBE_GEOMETRY_GLSL
