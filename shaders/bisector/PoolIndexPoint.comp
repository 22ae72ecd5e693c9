#version 460
// The pool's index when refining around a point.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "bisector/PointCriterion.glsl"
#include "bisector/PoolIndex.glsl"
