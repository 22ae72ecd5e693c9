#version 460
// The subdivision kernel (leb/Subdivision.glsl) refining around a point,
// the paper's Table 2 experiment (leb/PointCriterion.glsl).
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_memory_scope_semantics : require

#include "leb/Subdivision.glsl"
#include "leb/PointCriterion.glsl"
