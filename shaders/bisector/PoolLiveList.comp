#version 460
// Live list (the index pass's first half, after the occupancy tree's
// reduction): one thread per 32-bit word of the occupancy bitfield. A word
// with live slots finds how many live slots precede it by one descent of the
// tree (the left siblings' counts along its path) and writes its slots, in
// slot order, from there. The list equals select1 (pool_Select) of every
// rank, as the CPU reference lists its live slots, for one descent per
// occupied word instead of one per live bisector; empty words, the pool's
// unused tail, cost a read. Dispatched over max(1, capacity / 32) threads,
// the first of which also takes the live count from the tree's root, writes
// the indirect dispatch over the live list and empties the visible list, for
// the index pass.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint wordIndex = gl_GlobalInvocationID.x;
    if (wordIndex == 0u) {
        uint live = cbt_HeapRead(1u);
        pool_counters.counts[POOL_LIVE_LIST] = live;
        pool_counters.dispatch[POOL_LIVE_LIST] =
            pool_DispatchArguments((live + POOL_WORKGROUP_SIZE - 1u) / POOL_WORKGROUP_SIZE, 1u, 1u);
        pool_counters.visibleCount = 0u;
    }
    uint maxDepth = cbt_MaxDepth();
    uint wordDepth = pool_WordDepth(maxDepth);
    if (wordIndex >= (1u << wordDepth)) {
        return;
    }
    uint firstSlot = wordIndex << POOL_WORD_LEVELS;
    uint word = pool_OccupancyWord(maxDepth, firstSlot);
    if (word == 0u) {
        return;
    }
    uint rank = 0u;
    uint heapIndex = 1u;
    for (uint depth = 0u; depth < wordDepth; ++depth) {
        uint right = (wordIndex >> (wordDepth - 1u - depth)) & 1u;
        if (right != 0u) {
            rank += cbt_ReadField(maxDepth, 2u * heapIndex, depth + 1u);
        }
        heapIndex = 2u * heapIndex + right;
    }
    while (word != 0u) {
        uint bit = uint(findLSB(word));
        pool_SetListEntry(POOL_LIVE_LIST, rank, firstSlot + bit);
        ++rank;
        word &= word - 1u;
    }
}
