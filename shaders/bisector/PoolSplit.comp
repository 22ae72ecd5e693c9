#version 460
// Split (PoolUpdate.cpp, split and splitChain): one thread per split request
// reserves the most its chain can cost (2 per level below the root, plus 2)
// from the budget, walks the chain across bases setting patterns with
// atomicOr (so the union does not depend on thread order), and gives back
// what it did not use. A request the budget cannot pay for waits: the
// slots promised never exceed the free ones. The first thread to give a
// bisector a pattern puts it on the changed list.
#extension GL_GOOGLE_include_directive : require
#include "bisector/BisectorPool.glsl"

layout(local_size_x = 64) in;

// ORs `bits` into the pattern of `slot`; returns the pattern before and adds
// the bits this call set (one new slot each) to `cost`.
uint orPattern(uint slot, uint bits, inout uint cost)
{
    uint before = atomicOr(pool_flags[slot], bits) & POOL_PATTERN_BITS;
    cost += uint(bitCount((before | bits) & POOL_PATTERN_BITS) - bitCount(before));
    if (before == 0u) {
        pool_AppendOne(POOL_CHANGED_LIST, slot);
    }
    return before;
}

// A twin gets CENTER and the walk stops; a coarser base neighbour gets
// CENTER and the side the chain leans on, and the walk goes on from it
// unless it already had CENTER (another chain walks on from it).
uint splitChain(uint request)
{
    uint cost = 0u;
    if ((orPattern(request, POOL_SPLIT_CENTER, cost) & POOL_SPLIT_CENTER) != 0u) {
        return cost;
    }
    uint slot = request;
    for (int step = 0; step < 64; ++step) {
        uint neighbour = pool_Link(slot, POOL_BASE_EDGE);
        if (neighbour == POOL_NO_SLOT) {
            break;
        }
        if (pool_Depth(pool_keys[neighbour]) == pool_Depth(pool_keys[slot])) {
            orPattern(neighbour, POOL_SPLIT_CENTER, cost);
            break;
        }
        uint side = pool_EdgeFacing(neighbour, slot) == POOL_RIGHT_EDGE ? POOL_SPLIT_RIGHT : POOL_SPLIT_LEFT;
        if ((orPattern(neighbour, POOL_SPLIT_CENTER | side, cost) & POOL_SPLIT_CENTER) != 0u) {
            break;
        }
        slot = neighbour;
    }
    return cost;
}

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_SPLIT_LIST]) {
        return;
    }
    uint request = pool_ListEntry(POOL_SPLIT_LIST, index);
    int reserve = 2 * pool_LevelsBelowRoot(pool_keys[request]) + 2;
    int before = atomicAdd(pool_counters.budget, -reserve);
    if (before < reserve) {
        atomicAdd(pool_counters.budget, reserve);
        atomicAdd(pool_counters.deferredCount, 1u);
        return;
    }
    uint cost = splitChain(request);
    atomicAdd(pool_counters.budget, reserve - int(cost));
}
