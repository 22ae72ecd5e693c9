// Subdivision kernel (paper §4.2, Alg. 4 lines 3-6): one thread per leaf,
// launched with vkCmdDispatchIndirect on the dispatcher's arguments. Each
// thread decodes its leaf (Alg. 1) and asks a pluggable criterion whether to
// split it (conforming split, Alg. 7) or merge it (conforming merge, Alg. 8).
// Split and merge alternate: the push constant `phase` selects which one this
// dispatch does, as refineAroundPoint alternates its split and merge passes.
//
// Criterion interface. Each criterion has a program of its own, a .comp
// file that includes this file and then the criterion's GLSL file (e.g.
// leb/UniformSubdivision.comp; leb::gpu::SubdivisionCriterion names it).
// The criterion's file defines
//     bool lebShouldSplit(uint heapIndex, uint domain);
//     bool lebShouldMerge(uint heapIndex, uint domain);
// (declared below, so the definitions may come after main). heapIndex is a
// leaf of the tree as it was before this dispatch; domain is LEB_DOMAIN_*.
// Everything of cbt/ConcurrentBinaryTree.glsl and leb/LongestEdgeBisection.glsl
// is in scope (read the tree only: the kernel does the split / merge). The
// criterion owns descriptor set 1 for its data (uniforms, textures); set 0
// binding 0 is the heap, and the push constants below are the kernel's.
// Example: leb/PointCriterion.glsl.
#ifndef LEB_SUBDIVISION_GLSL
#define LEB_SUBDIVISION_GLSL

#define CBT_HEAP_BUFFER_BINDING 0
#include "cbt/ConcurrentBinaryTree.glsl"
#include "leb/LongestEdgeBisection.glsl"

layout(local_size_x = 256) in;

const uint SUBDIVISION_PHASE_SPLIT = 0u;
const uint SUBDIVISION_PHASE_MERGE = 1u;

layout(push_constant) uniform SubdivisionConstants {
    uint phase;   // SUBDIVISION_PHASE_*
    uint domain;  // LEB_DOMAIN_*
} subdivision;

bool lebShouldSplit(uint heapIndex, uint domain);
bool lebShouldMerge(uint heapIndex, uint domain);

void main()
{
    uint workgroupIndex = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint leafIndex = workgroupIndex * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
    if (leafIndex >= cbt_NodeCount()) {
        return;
    }
    uint heapIndex = cbt_DecodeNode(leafIndex);
    if (subdivision.phase == SUBDIVISION_PHASE_SPLIT) {
        if (lebShouldSplit(heapIndex, subdivision.domain)) {
            leb_ConformingSplit(heapIndex, subdivision.domain);
        }
    } else if (lebShouldMerge(heapIndex, subdivision.domain)) {
        leb_ConformingMerge(heapIndex, subdivision.domain);
    }
}

#endif  // LEB_SUBDIVISION_GLSL
