#version 460
// The bisector pool's bisect pass on the globe (its geometry).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "planet/GlobeCriterion.glsl"
#include "planet/GlobeGeometry.glsl"
#include "bisector/PoolBisect.glsl"
