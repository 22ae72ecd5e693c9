#version 460
// The subdivision kernel (leb/Subdivision.glsl) with the uniform criterion
// (leb/UniformCriterion.glsl): every leaf splits in a split phase and merges
// in a merge phase.
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_memory_scope_semantics : require

#include "leb/Subdivision.glsl"
#include "leb/UniformCriterion.glsl"
