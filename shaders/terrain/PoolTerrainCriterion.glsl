// The terrain's level-of-detail criterion on the bisector pool: the heap
// backend's (terrain/TerrainCriterion.glsl: frustum, projected longest edge,
// flatness) on exact unit-square vertices and positions relative to the
// camera, so that it holds at any depth. Also the index pass's visibility
// (frustum, and back faces when the draw adds no uniform subdivision).
#ifndef TERRAIN_POOL_TERRAIN_CRITERION_GLSL
#define TERRAIN_POOL_TERRAIN_CRITERION_GLSL

#include "bisector/UnitSquareGeometry.glsl"
#include "terrain/PoolTerrain.glsl"

struct poolTerrain_Triangle {
    i64vec2 v[3];
};

poolTerrain_Triangle poolTerrain_TriangleOf(uint slot)
{
    return poolTerrain_Triangle(
        i64vec2[3](poolTerrain_exact[3u * slot], poolTerrain_exact[3u * slot + 1u], poolTerrain_exact[3u * slot + 2u]));
}

// The footprint of a triangle in the statistics and the heights under it
// (terrain/StreamedStatistics.glsl), and whether its displaced bounds (from
// the camera) meet the frustum.
bool poolTerrain_InFrustum(poolTerrain_Triangle t, out terrain_StatisticsFootprint footprint,
                           out terrain_HeightSummary summary, out vec3 boxLow, out vec3 boxHigh)
{
    i64vec2 lowest = min(min(t.v[0], t.v[1]), t.v[2]);
    i64vec2 highest = max(max(t.v[0], t.v[1]), t.v[2]);
    vec2 uvMin = vec2(lowest) * POOL_TERRAIN_UNIT;
    vec2 uvMax = vec2(highest) * POOL_TERRAIN_UNIT;
    footprint = terrain_FootprintOf(uvMin, uvMax);
    uint streamLevels = terrain_StreamLevelCount(uint(lowest.x));
    summary = terrain_HeightSummaryOf(uvMin, uvMax, footprint, streamLevels);
    vec2 heights = summary.bounds;
    vec2 extent = terrainFrame.worldExtentMetres;
    vec2 low = vec2(lowest - poolFrame.originUnits) * POOL_TERRAIN_UNIT * extent - poolFrame.cameraFromOrigin.xz;
    vec2 high = vec2(highest - poolFrame.originUnits) * POOL_TERRAIN_UNIT * extent - poolFrame.cameraFromOrigin.xz;
    float camera = poolFrame.cameraFromOrigin.y;
    boxLow = vec3(low.x, terrainFrame.heightOffsetMetres + heights.x * terrainFrame.heightScaleMetres - camera, low.y);
    boxHigh = vec3(high.x, terrainFrame.heightOffsetMetres + heights.y * terrainFrame.heightScaleMetres - camera,
                   high.y);
    return terrain_BoxIntersectsPlanes(poolFrame.frustumPlanesFromCamera, boxLow, boxHigh);
}

// Pixels the base a-b covers on screen: the heap backend's projected length
// while both ends lie beyond the near plane. A base that crosses the plane is
// measured up to it (the heap counts an end at or behind the camera plane as
// infinitely long; the pool, which may go 60 levels deep, cannot, or the
// triangles along the camera plane would all split to its max depth), and
// one wholly in front of it by its length seen from the nearest point of the
// triangle's bounds.
float poolTerrain_BasePixels(vec3 a, vec3 b, vec3 boxLow, vec3 boxHigh)
{
    mat4 viewProjection = poolFrame.viewProjectionFromCamera;
    float near = poolFrame.nearMetres;
    float wA = (viewProjection * vec4(a, 1.0)).w;
    float wB = (viewProjection * vec4(b, 1.0)).w;
    if (wA >= near && wB >= near) {
        return terrain_ProjectedLengthPixels(viewProjection, a, b);
    }
    if (wA < near && wB < near) {
        float nearest = max(length(clamp(vec3(0.0), boxLow, boxHigh)), near);
        return length(b - a) * poolFrame.focalPixels / nearest;
    }
    vec3 crossing = mix(a, b, (near - wA) / (wB - wA));
    return terrain_ProjectedLengthPixels(viewProjection, wA < near ? crossing : a, wB < near ? crossing : b);
}

// The split test, given the ends of the triangle's base as the draw places
// them; `inFrustum` tells whether the triangle meets the frustum.
bool poolTerrain_WantsSplit(poolTerrain_Triangle t, vec3 base0FromCamera, vec3 base2FromCamera, out bool inFrustum)
{
    terrain_StatisticsFootprint footprint;
    terrain_HeightSummary heights;
    vec3 boxLow;
    vec3 boxHigh;
    inFrustum = poolTerrain_InFrustum(t, footprint, heights, boxLow, boxHigh);
    if (!inFrustum || terrain_IsFlatDeviation(terrain_DeviationOf(heights, footprint))) {
        return false;
    }
    return poolTerrain_BasePixels(base0FromCamera, base2FromCamera, boxLow, boxHigh) > terrainFrame.targetEdgePixels;
}

// Unless back faces are kept, whether the upward normal of the displaced
// triangle, oriented as the draw emits it (positive area in (u, v)), has the
// camera on its side.
bool poolTerrain_FacesTheCamera(uint slot, uint64_t key)
{
    if (poolFrame.backFaceCulling == 0u) {
        return true;
    }
    vec3 a = poolTerrain_CachedFromCamera(slot, 0u);
    vec3 b = poolTerrain_CachedFromCamera(slot, 1u);
    vec3 c = poolTerrain_CachedFromCamera(slot, 2u);
    bool clockwise = (uint(pool_LevelsBelowRoot(key)) & 1u) != 0u;
    vec3 up = clockwise ? cross(b - a, c - a) : cross(c - a, b - a);
    return dot(up, -a) >= 0.0;
}

// Split when the bisector wants it; merge when its parent would not (the
// merge pass asks the same of the diamond's other parent); keep otherwise.
// Siblings share their parent, and a diamond merges only when its even
// children say so: an odd child leaves the parent's test to its sibling.
// `visible`: bisector_IsVisible, from the same frustum test.
uint bisector_Decide(uint slot, uint64_t key, out bool visible)
{
    poolTerrain_Triangle t = poolTerrain_TriangleOf(slot);
    bool inFrustum;
    bool split = poolTerrain_WantsSplit(t, poolTerrain_CachedFromCamera(slot, 0u),
                                        poolTerrain_CachedFromCamera(slot, 2u), inFrustum);
    visible = inFrustum && poolTerrain_FacesTheCamera(slot, key);
    if (split) {
        return POOL_DECISION_SPLIT;
    }
    if (pool_LevelsBelowRoot(key) == 0) {
        return POOL_DECISION_KEEP;
    }
    if ((key & 1ul) != 0ul) {
        return POOL_DECISION_MERGE;
    }
    // Without its sibling as a leaf no diamond merges this even child this
    // frame, whatever it says (the merge pass checks the sibling's key too).
    uint sibling = pool_Link(slot, POOL_LEFT_EDGE);
    if (sibling == POOL_NO_SLOT || pool_keys[sibling] != key + 1ul) {
        return POOL_DECISION_KEEP;
    }
    // The parent's base ends are this child's first corner and its sibling's
    // last (children (p0, m, p1) and (p1, m, p2)): their cached positions are
    // the ones poolTerrain_VertexAt would compute again.
    square_Triangle parent = square_Parent(square_Triangle(t.v), 0u);
    poolTerrain_Triangle p = poolTerrain_Triangle(parent.v);
    bool parentInFrustum;
    bool parentSplits = poolTerrain_WantsSplit(p, poolTerrain_CachedFromCamera(slot, 0u),
                                               poolTerrain_CachedFromCamera(sibling, 2u), parentInFrustum);
    return parentSplits ? POOL_DECISION_KEEP : POOL_DECISION_MERGE;
}

// In the frustum and, unless back faces are kept, facing the camera.
bool bisector_IsVisible(uint slot, uint64_t key)
{
    terrain_StatisticsFootprint footprint;
    terrain_HeightSummary heights;
    vec3 boxLow;
    vec3 boxHigh;
    return poolTerrain_InFrustum(poolTerrain_TriangleOf(slot), footprint, heights, boxLow, boxHigh) &&
           poolTerrain_FacesTheCamera(slot, key);
}

#endif  // TERRAIN_POOL_TERRAIN_CRITERION_GLSL
