#version 460
// The bisector pool's index pass on the globe (its visibility).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "planet/GlobeCriterion.glsl"
#include "bisector/PoolIndex.glsl"
