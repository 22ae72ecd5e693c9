#version 460
// The terrain's draw arguments: one thread turns the leaf count L that the
// dispatcher left (shaders/cbt/Dispatcher.comp) into the
// VkDrawIndirectCommand {V * L, 1, 0, 0} of the terrain draw: one instance of
// V = 3 * 2^s vertices per leaf, s the uniform subdivision, the vertex
// shader decoding leaf gl_VertexIndex / V. (One instance per leaf drew the
// same triangles, but lavapipe runs a vertex batch per instance: with 3
// vertices each, most SIMD lanes idled and its draw took about 13 % longer;
// an H100 did not tell the two apart.) Should V * L not fit 32 bits (at the
// most, 192 vertices per leaf, that takes 22 million leaves, far more than a
// target of a few pixels per edge gives on any screen), only the leaves that
// fit are drawn, never a wrapped count.
layout(local_size_x = 1) in;

// cbt::gpu::IndirectArguments.
layout(std430, binding = 0) readonly buffer CbtIndirectArguments {
    uint dispatchX;
    uint dispatchY;
    uint dispatchZ;
    uint leafCount;
} dispatcher;

layout(std430, binding = 1) writeonly buffer TerrainDrawArguments {
    uint vertexCount;
    uint instanceCount;
    uint firstVertex;
    uint firstInstance;
} draw;

layout(push_constant) uniform DrawArgumentsConstants {
    uint verticesPerLeaf;  // V
} constants;

void main()
{
    uint drawnLeafCount = min(dispatcher.leafCount, 0xFFFFFFFFu / constants.verticesPerLeaf);
    draw.vertexCount = drawnLeafCount * constants.verticesPerLeaf;
    draw.instanceCount = 1u;
    draw.firstVertex = 0u;
    draw.firstInstance = 0u;
}
