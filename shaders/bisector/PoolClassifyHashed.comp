#version 460
// The pool's classify with the hashed criterion.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "bisector/HashedCriterion.glsl"
#include "bisector/PoolClassify.glsl"
