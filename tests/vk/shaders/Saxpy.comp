#version 460
// y[i] = a * x[i] + b for i < count; the parameters are push constants.
#include "include/Saxpy.glsl"

layout(local_size_x = 64) in;

layout(push_constant) uniform Parameters {
    uint a;
    uint b;
    uint count;
} parameters;

layout(std430, set = 0, binding = 0) readonly buffer Inputs { uint x[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Outputs { uint y[]; };

void main() {
    const uint i = gl_GlobalInvocationID.x;
    if (i < parameters.count) {
        y[i] = saxpy(parameters.a, x[i], parameters.b);
    }
}
