// Bisect and relink (PoolUpdate.cpp, bisectAndRelink and writeChildren): one
// thread per bisector given a pattern this frame (the changed list) writes
// its children's keys, links, occupancy bits and (through the geometry the
// entry program includes before this file) geometry into the link copy this
// frame writes, which classify (bisector/PoolClassify.glsl) has filled with
// every live bisector's links before. An unchanged neighbour faces one child
// across the shared edge: this thread rewrites that one link of the
// neighbour's (no other thread touches it). The geometry hook is
//   void bisector_WriteChildGeometry(uint slot, uint pattern, pool_ChildSlots children)
// which reads the parent's geometry from `slot` before writing any child's.
//
// Two bisectors of equal depth traverse their shared edge in opposite
// directions, two of different depth in the same direction; equal depth is
// read off the link types (base to base or leg to leg), not the keys, which
// this pass rewrites.
#ifndef BISECTOR_POOL_BISECT_GLSL
#define BISECTOR_POOL_BISECT_GLSL

layout(local_size_x = 64) in;

void linkAcross(uint slot, uint edge)
{
    pool_Piece mine[2];
    uint count = pool_PiecesAlong(slot, edge, mine);
    uint neighbour = pool_Link(slot, edge);
    if (neighbour == POOL_NO_SLOT) {
        for (uint i = 0u; i < count; ++i) {
            pool_SetNewLink(mine[i].slot, mine[i].edge, POOL_NO_SLOT);
        }
        return;
    }
    uint theirEdge = pool_EdgeFacing(neighbour, slot);
    pool_Piece theirs[2];
    pool_PiecesAlong(neighbour, theirEdge, theirs);
    bool opposite = (edge == POOL_BASE_EDGE) == (theirEdge == POOL_BASE_EDGE);
    for (uint i = 0u; i < count; ++i) {
        uint j = opposite ? count - 1u - i : i;
        pool_SetNewLink(mine[i].slot, mine[i].edge, theirs[j].slot);
    }
    if (pool_Pattern(neighbour) == 0u) {
        pool_SetNewLink(neighbour, theirEdge, mine[0].slot);
    }
}

void startSlot(uint slot, uint64_t key)
{
    pool_keys[slot] = key;
    pool_flags[slot] = 0u;
    pool_forward[slot] = POOL_NO_SLOT;
}

void writeChildren(uint slot, uint pattern)
{
    uint64_t key = pool_keys[slot];
    pool_ChildSlots c = pool_ChildSlotsOf(slot, pattern);
    bisector_WriteChildGeometry(slot, pattern, c);
    bool right = (pattern & POOL_SPLIT_RIGHT) != 0u;
    bool left = (pattern & POOL_SPLIT_LEFT) != 0u;
    if (right) {
        // The parent's slot keeps its pattern flags until the merge passes
        // have run: they exclude it from merging this frame.
        pool_keys[c.c00] = 4ul * key;
        startSlot(c.c01, 4ul * key + 1ul);
        pool_SetOccupied(c.c01);
        pool_SetNewLink(c.c00, POOL_LEFT_EDGE, c.c01);
        pool_SetNewLink(c.c01, POOL_RIGHT_EDGE, c.c00);
    } else {
        pool_keys[c.c0] = 2ul * key;
    }
    if (left) {
        startSlot(c.c10, 4ul * key + 2ul);
        startSlot(c.c11, 4ul * key + 3ul);
        pool_SetOccupied(c.c10);
        pool_SetOccupied(c.c11);
        pool_SetNewLink(c.c10, POOL_LEFT_EDGE, c.c11);
        pool_SetNewLink(c.c11, POOL_RIGHT_EDGE, c.c10);
    } else {
        startSlot(c.c1, 2ul * key + 1ul);
        pool_SetOccupied(c.c1);
    }
    // The edge m - v1 between the two halves.
    pool_Piece half0 = right ? pool_Piece(c.c01, POOL_BASE_EDGE) : pool_Piece(c.c0, POOL_LEFT_EDGE);
    pool_Piece half1 = left ? pool_Piece(c.c10, POOL_BASE_EDGE) : pool_Piece(c.c1, POOL_RIGHT_EDGE);
    pool_SetNewLink(half0.slot, half0.edge, half1.slot);
    pool_SetNewLink(half1.slot, half1.edge, half0.slot);
}

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_CHANGED_LIST]) {
        return;
    }
    uint slot = pool_ListEntry(POOL_CHANGED_LIST, index);
    writeChildren(slot, pool_Pattern(slot));
    for (uint edge = 0u; edge < 3u; ++edge) {
        linkAcross(slot, edge);
    }
}

#endif  // BISECTOR_POOL_BISECT_GLSL
