// GLSL mirror of bisector::pointDecision (src/bisector/PointRefinement.cpp)
// on the unit square: Split when the bisector's closed triangle contains the
// point, Merge when its parent's does not, Keep otherwise; exact, for a
// point on the 2^-60 grid (bisector::gpu::PointCriterion rounds it there).
// Every bisector is visible.
#ifndef BISECTOR_POINT_CRITERION_GLSL
#define BISECTOR_POINT_CRITERION_GLSL

#include "bisector/UnitSquareGeometry.glsl"

layout(std430, set = 1, binding = 0) readonly buffer PoolPointCriterion {
    i64vec2 point_target;  // units of 2^-60
};

uint bisector_Decide(uint slot, uint64_t key, out bool visible)
{
    visible = true;
    square_Triangle triangle = square_TriangleOf(key);
    if (square_Contains(triangle, point_target)) {
        return POOL_DECISION_SPLIT;
    }
    if (pool_LevelsBelowRoot(key) == 0) {
        return POOL_DECISION_KEEP;
    }
    square_Triangle parent = square_Parent(triangle, uint(key) & 1u);
    return square_Contains(parent, point_target) ? POOL_DECISION_KEEP : POOL_DECISION_MERGE;
}

bool bisector_IsVisible(uint slot, uint64_t key)
{
    return true;
}

#endif  // BISECTOR_POINT_CRITERION_GLSL
