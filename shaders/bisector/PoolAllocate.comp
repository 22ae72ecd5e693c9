#version 460
// Allocate (PoolUpdate.cpp, allocate): one thread per changed bisector takes
// as many consecutive free-slot ranks from one atomic cursor as its pattern
// has bits, and finds each slot by select0 on the occupancy tree, which
// holds the frame-start occupancy (rebuilt only at the end of the frame).
// No slot is handed out twice.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_CHANGED_LIST]) {
        return;
    }
    uint slot = pool_ListEntry(POOL_CHANGED_LIST, index);
    uint count = uint(bitCount(pool_Pattern(slot)));
    uint first = atomicAdd(pool_counters.allocationCursor, count);
    for (uint i = 0u; i < count; ++i) {
        pool_newSlots[3u * slot + i] = pool_SelectFree(first + i);
    }
}
