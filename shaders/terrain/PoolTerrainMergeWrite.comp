#version 460
// The bisector pool's merge pass (writing) for the terrain (its criterion and geometry).
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "terrain/PoolTerrainCriterion.glsl"
#include "bisector/PoolMergeWrite.glsl"
