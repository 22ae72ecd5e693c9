// Subdivision criterion refining around a point (the paper's Table 2
// experiment), the GPU mirror of leb::splitPassCriterion and
// leb::mergePassCriterion (src/leb/PointRefinement.h). Compiled into the
// subdivision kernel by leb/PointSubdivision.comp; see the interface in
// leb/Subdivision.glsl.
//
// Data: set 1, binding 0, a uniform buffer holding the target point, a
// multiple of 2^-20 in [0,1]^2 (leb::quantizePoint) so every orientation
// test is exact and matches the CPU bit for bit.
#ifndef LEB_POINT_CRITERION_GLSL
#define LEB_POINT_CRITERION_GLSL

#include "leb/DoubleGeometry.glsl"

layout(std140, set = 1, binding = 0) uniform LebPointCriterionData {
    dvec2 target;
} lebPointCriterion;

// Split pass: the leaf's closed triangle contains the point.
bool lebShouldSplit(uint heapIndex, uint domain)
{
    return leb_TriangleContains(leb_ToDouble(leb_DecodeTriangle(heapIndex, domain)), lebPointCriterion.target);
}

// Merge pass: neither the parent's triangle nor the triangle of the parent's
// longest-edge neighbour contains the point; never at the root level.
bool lebShouldMerge(uint heapIndex, uint domain)
{
    if (!leb_IsMergeableLevel(heapIndex, domain)) {
        return false;
    }
    uint parent = heapIndex / 2u;
    if (leb_TriangleContains(leb_ToDouble(leb_DecodeTriangle(parent, domain)), lebPointCriterion.target)) {
        return false;
    }
    uint diamond = leb_SameDepthNeighbors(parent, domain).edge;
    return diamond == LEB_NO_NEIGHBOR ||
           !leb_TriangleContains(leb_ToDouble(leb_DecodeTriangle(diamond, domain)), lebPointCriterion.target);
}

#endif  // LEB_POINT_CRITERION_GLSL
