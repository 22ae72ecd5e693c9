#version 460
// The pool's index, every bisector visible.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "bisector/HashedCriterion.glsl"
#include "bisector/PoolIndex.glsl"
