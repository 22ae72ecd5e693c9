#version 460
// The pool's classify around a point.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "bisector/PointCriterion.glsl"
#include "bisector/PoolClassify.glsl"
