#version 460
// The pool's bisect, no geometry.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"
#include "bisector/NoGeometry.glsl"
#include "bisector/PoolBisect.glsl"
