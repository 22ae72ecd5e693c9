// Subdivision criterion that picks every leaf: in a split phase every leaf
// splits, in a merge phase every leaf merges (where conforming merging
// allows). Refines or coarsens the whole tessellation by one level per
// update; used by tests and the subdivision benchmark. No descriptor set.
// Compiled into the subdivision kernel by leb/UniformSubdivision.comp.
#ifndef LEB_UNIFORM_CRITERION_GLSL
#define LEB_UNIFORM_CRITERION_GLSL

bool lebShouldSplit(uint heapIndex, uint domain)
{
    return true;
}

bool lebShouldMerge(uint heapIndex, uint domain)
{
    return true;
}

#endif  // LEB_UNIFORM_CRITERION_GLSL
