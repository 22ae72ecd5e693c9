#version 460
// Includes a file next to itself ("Sibling.glsl") and one from the shader root.
#include "Sibling.glsl"
#include "include/Saxpy.glsl"

layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) writeonly buffer Outputs { uint y[]; };

void main() {
    y[0] = saxpy(kSiblingValue, 2u, 1u);
}
