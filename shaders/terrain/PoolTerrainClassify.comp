#version 460
// The bisector pool's classify pass for the terrain (its criterion and geometry).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "terrain/PoolTerrainCriterion.glsl"
#include "bisector/PoolClassify.glsl"
