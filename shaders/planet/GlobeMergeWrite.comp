#version 460
// The bisector pool's merge-write pass on the globe (its geometry).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "planet/GlobeCriterion.glsl"
#include "planet/GlobeGeometry.glsl"
#include "bisector/PoolMergeWrite.glsl"
