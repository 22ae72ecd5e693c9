// Merge, writing (PoolUpdate.cpp, merge): one thread per listed diamond. The
// even children keep their slots as the parents; the odd ones are freed
// (key 0, occupancy bit cleared) and forwarded to their siblings. The
// parents' links are their children's outer links, which the index pass
// then forwards where they name a freed slot. The geometry the entry program
// includes before this file gives the parent's:
//   void bisector_WriteParentGeometry(uint even, uint odd)
// (the parent is (v0 of the even child, its v2, v2 of the odd child)).
#ifndef BISECTOR_POOL_MERGE_WRITE_GLSL
#define BISECTOR_POOL_MERGE_WRITE_GLSL

layout(local_size_x = 64) in;

// Merges the pair (even, odd) into `even`, with `twin` across the parent's base.
void mergePair(uint even, uint odd, uint twin)
{
    uint left = pool_NewLink(odd, POOL_BASE_EDGE);
    uint right = pool_NewLink(even, POOL_BASE_EDGE);
    bisector_WriteParentGeometry(even, odd);
    pool_keys[even] = pool_keys[even] >> 1u;
    pool_flags[even] = 0u;  // a new bisector: the index pass asks for its visibility
    pool_SetNewLink(even, POOL_LEFT_EDGE, left);
    pool_SetNewLink(even, POOL_RIGHT_EDGE, right);
    pool_SetNewLink(even, POOL_BASE_EDGE, twin);
    pool_keys[odd] = 0ul;
    pool_forward[odd] = even;
    pool_ClearOccupied(odd);
}

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_DIAMOND_LIST]) {
        return;
    }
    uint c0 = pool_ListEntry(POOL_DIAMOND_LIST, index);
    uint c1 = pool_NewLink(c0, POOL_LEFT_EDGE);
    uint q1 = pool_NewLink(c0, POOL_RIGHT_EDGE);
    uint q0 = pool_NewLink(c1, POOL_LEFT_EDGE);
    mergePair(c0, c1, q0);
    uint freed = 1u;
    if (q0 != POOL_NO_SLOT) {
        mergePair(q0, q1, c0);
        freed = 2u;
    }
    atomicAdd(pool_counters.freedCount, freed);
}

#endif  // BISECTOR_POOL_MERGE_WRITE_GLSL
