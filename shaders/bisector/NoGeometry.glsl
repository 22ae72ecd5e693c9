// The geometry hooks of PoolBisect.glsl and PoolMergeWrite.glsl for a pool
// that keeps no geometry (its tests and benchmarks of topology alone).
#ifndef BISECTOR_NO_GEOMETRY_GLSL
#define BISECTOR_NO_GEOMETRY_GLSL

void bisector_WriteChildGeometry(uint slot, uint pattern, pool_ChildSlots children)
{
}

void bisector_WriteParentGeometry(uint even, uint odd)
{
}

#endif  // BISECTOR_NO_GEOMETRY_GLSL
