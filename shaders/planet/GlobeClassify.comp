#version 460
// The bisector pool's classify pass on the globe (its level of detail).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
// Classify asks for the tiles of a streamed model its visible bisectors want.
#define GLOBE_REQUESTS_TILES
#include "planet/GlobeCriterion.glsl"
#include "bisector/PoolClassify.glsl"
