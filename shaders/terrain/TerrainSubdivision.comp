#version 460
// The subdivision kernel (leb/Subdivision.glsl) with the terrain's
// level-of-detail criterion, paper §5.3 (terrain/TerrainCriterion.glsl).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_memory_scope_semantics : require

#include "leb/Subdivision.glsl"
#include "terrain/TerrainCriterion.glsl"
