// GLSL mirror of src/bisector (Pool, PoolUpdate.cpp): the bisector pool's
// buffers and the topology every pass shares. Every pool kernel binds the
// same set (bisector::gpu::PoolBuffers) and push constants
// (bisector::gpu::PoolPushConstants).
//
// Per slot s (structure of arrays):
//   pool_keys[s]            64-bit key, 0 = free
//   pool_links[c][3 s + e]  neighbour slot across edge e (left, right, base),
//                           two copies c: a frame reads one and writes the other
//   pool_flags[s]           this frame's split pattern (bits 0-2), whether
//                           the criterion lets it merge (bit 3), whether
//                           classify saw it and found it visible (bits 4, 5)
//   pool_newSlots[3 s + i]  the slots its pattern was given
//   pool_forward[s]         where a slot freed by a merge went (its sibling)
// The occupancy bits are the bitfield of a CBT of depth log2(P) (binding 7):
// its sum reduction is the allocator's index.
#ifndef BISECTOR_POOL_GLSL
#define BISECTOR_POOL_GLSL

#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

const uint POOL_NO_SLOT = 0xFFFFFFFFu;
const uint POOL_LEFT_EDGE = 0u;
const uint POOL_RIGHT_EDGE = 1u;
const uint POOL_BASE_EDGE = 2u;
const uint POOL_SPLIT_CENTER = 1u;
const uint POOL_SPLIT_LEFT = 2u;
const uint POOL_SPLIT_RIGHT = 4u;
const uint POOL_PATTERN_BITS = 7u;
const uint POOL_MERGE_CANDIDATE = 8u;
// Set by classify: the bisector was classified this frame, and whether the
// criterion found it visible then. The index pass trusts them only where no
// pattern bits were added since (a split parent's slot, reused by a child)
// and the slot was not restarted (new children) or merged (the parent).
const uint POOL_CLASSIFIED = 16u;
const uint POOL_CLASSIFIED_VISIBLE = 32u;

// Lists in pool_lists, each P entries long.
const uint POOL_LIVE_LIST = 0u;     // live bisectors, from the index pass
const uint POOL_SPLIT_LIST = 1u;    // split requests of this frame
const uint POOL_CHANGED_LIST = 2u;  // bisectors given a pattern this frame
const uint POOL_DIAMOND_LIST = 3u;  // diamonds to merge, by their working even child
const uint POOL_MERGE_LIST = 4u;    // even children that may merge (candidate diamond heads)
const uint POOL_VISIBLE_LIST = 5u;  // live bisectors the draw shows
const uint POOL_LIST_COUNT = 6u;

// Entries of the first five lists, in pool_counters.counts, and the
// indirect dispatch arguments over them, in pool_counters.dispatch.
const uint POOL_LIST_WITH_COUNTS = 5u;

const uint POOL_WORKGROUP_SIZE = 64u;

struct pool_DispatchArguments {
    uint x;
    uint y;
    uint z;
};

layout(push_constant) uniform PoolPushConstants {
    uint capacity;   // P
    uint linkRead;   // 0 or 1: the link copy this frame reads
    uint maxDepth;   // counted with rootDepth
    uint rootDepth;  // depth of the roots
    uint rootBits;   // bit length of a root key
    uint frame;      // frame number (for the test criteria)
    uint argument;   // per-pass argument (the criterion's: the hashed one's middle depth)
} pool;

// bisector::gpu::PoolCounters.
layout(std430, set = 0, binding = 0) buffer PoolCounters {
    int budget;             // free slots not yet promised to a split chain
    uint allocationCursor;  // free slots handed out so far (select0 rank)
    uint deferredCount;     // split requests the pool could not pay for
    uint freedCount;        // slots freed by merges
    uint counts[POOL_LIST_WITH_COUNTS];  // live, split, changed, diamond, merge list entries
    uint visibleCount;      // entries of the visible list
    uint liveStatistic;     // copies of the live and visible counts, side by
    uint visibleStatistic;  // side for a read-back of them and of the
    uint deferredStatistic; // split requests the pool could not pay for
    uint changedStatistic;  // bisectors split and diamonds merged by the update
    pool_DispatchArguments dispatch[POOL_LIST_WITH_COUNTS];
    uint drawVertexCount;  // VkDrawIndirectCommand of the draw
    uint drawInstanceCount;
    uint drawFirstVertex;
    uint drawFirstInstance;
    pool_DispatchArguments visibleDispatch;  // 64 a workgroup over the visible list, at most 65535
    pool_DispatchArguments createdDispatch;  // the changed list's workgroups, then the diamond list's
} pool_counters;

layout(std430, set = 0, binding = 1) buffer PoolKeys {
    uint64_t pool_keys[];
};
layout(std430, set = 0, binding = 2) buffer PoolLinks {
    uint pool_linkWords[];
};
layout(std430, set = 0, binding = 3) buffer PoolFlags {
    uint pool_flags[];
};
layout(std430, set = 0, binding = 4) buffer PoolNewSlots {
    uint pool_newSlots[];
};
layout(std430, set = 0, binding = 5) buffer PoolForward {
    uint pool_forward[];
};
layout(std430, set = 0, binding = 6) buffer PoolLists {
    uint pool_lists[];
};

#define CBT_HEAP_BUFFER_BINDING 7
#define CBT_HEAP_BUFFER_SET 0
#include "cbt/ConcurrentBinaryTree.glsl"

// ---------------------------------------------------------------------------
// Keys

int pool_BitLength(uint64_t key)
{
    uint high = uint(key >> 32);
    return high != 0u ? 33 + findMSB(high) : 1 + findMSB(uint(key));
}

int pool_LevelsBelowRoot(uint64_t key)
{
    return pool_BitLength(key) - int(pool.rootBits);
}

int pool_Depth(uint64_t key)
{
    return int(pool.rootDepth) + pool_LevelsBelowRoot(key);
}

// ---------------------------------------------------------------------------
// Lists and links

uint pool_ListEntry(uint list, uint index)
{
    return pool_lists[list * pool.capacity + index];
}

// Entries [first, first + total) were just appended to list `list`
// (POOL_LIVE_LIST .. POOL_MERGE_LIST): the workgroups of POOL_WORKGROUP_SIZE
// that start among them are added to the list's indirect dispatch. Appends
// partition 0 .. count, so the dispatch ends as ceil(count / 64) workgroups
// without a pass of its own; PoolReset.comp starts it at {0, 1, 1}. The
// changed and diamond lists' also add to createdDispatch.
void pool_CountWorkgroups(uint list, uint first, uint total)
{
    uint groups = (first + total + POOL_WORKGROUP_SIZE - 1u) / POOL_WORKGROUP_SIZE -
                  (first + POOL_WORKGROUP_SIZE - 1u) / POOL_WORKGROUP_SIZE;
    if (groups > 0u) {
        atomicAdd(pool_counters.dispatch[list].x, groups);
        if (list == POOL_CHANGED_LIST || list == POOL_DIAMOND_LIST) {
            atomicAdd(pool_counters.createdDispatch.x, groups);
        }
    }
}

void pool_SetListEntry(uint list, uint index, uint slot)
{
    pool_lists[list * pool.capacity + index] = slot;
}

// Appends `slot` to list `list` with one atomic: for passes whose entries
// come one by one.
uint pool_AppendOne(uint list, uint slot)
{
    uint entry = atomicAdd(pool_counters.counts[list], 1u);
    pool_CountWorkgroups(list, entry, 1u);
    pool_SetListEntry(list, entry, slot);
    return entry;
}

uint pool_LinkIndex(uint copy, uint slot, uint edge)
{
    return copy * 3u * pool.capacity + 3u * slot + edge;
}

// The frame-start links (the copy this frame reads).
uint pool_Link(uint slot, uint edge)
{
    return pool_linkWords[pool_LinkIndex(pool.linkRead, slot, edge)];
}

// The links being written this frame (the other copy).
uint pool_NewLink(uint slot, uint edge)
{
    return pool_linkWords[pool_LinkIndex(1u - pool.linkRead, slot, edge)];
}

void pool_SetNewLink(uint slot, uint edge, uint neighbour)
{
    pool_linkWords[pool_LinkIndex(1u - pool.linkRead, slot, edge)] = neighbour;
}

// Which edge of `of` faces `to` in the frame-start links.
uint pool_EdgeFacing(uint of, uint to)
{
    if (pool_Link(of, POOL_LEFT_EDGE) == to) {
        return POOL_LEFT_EDGE;
    }
    return pool_Link(of, POOL_RIGHT_EDGE) == to ? POOL_RIGHT_EDGE : POOL_BASE_EDGE;
}

uint pool_Pattern(uint slot)
{
    return pool_flags[slot] & POOL_PATTERN_BITS;
}

// ---------------------------------------------------------------------------
// The leaves a patterned bisector becomes (PoolUpdate.cpp, childSlots): the
// first in key order keeps its slot, the others take the new slots in key
// order. c0 = 2k, c1 = 2k + 1, c00 .. c11 = 4k .. 4k + 3.

struct pool_ChildSlots {
    uint c0;
    uint c1;
    uint c00;
    uint c01;
    uint c10;
    uint c11;
};

pool_ChildSlots pool_ChildSlotsOf(uint slot, uint pattern)
{
    pool_ChildSlots c = pool_ChildSlots(POOL_NO_SLOT, POOL_NO_SLOT, POOL_NO_SLOT, POOL_NO_SLOT, POOL_NO_SLOT,
                                        POOL_NO_SLOT);
    uint next = 3u * slot;
    if ((pattern & POOL_SPLIT_RIGHT) != 0u) {
        c.c00 = slot;
        c.c01 = pool_newSlots[next++];
    } else {
        c.c0 = slot;
    }
    if ((pattern & POOL_SPLIT_LEFT) != 0u) {
        c.c10 = pool_newSlots[next++];
        c.c11 = pool_newSlots[next++];
    } else {
        c.c1 = pool_newSlots[next++];
    }
    return c;
}

// A face along an edge: its slot and which of its edges lies there.
struct pool_Piece {
    uint slot;
    uint edge;
};

// The faces along `edge` of a frame-start bisector after the split, in the
// order its cyclic traversal v0 -> v1 -> v2 -> v0 meets them: one or two.
uint pool_PiecesAlong(uint slot, uint edge, out pool_Piece pieces[2])
{
    uint pattern = pool_Pattern(slot);
    if (pattern == 0u) {
        pieces[0] = pool_Piece(slot, edge);
        pieces[1] = pieces[0];
        return 1u;
    }
    pool_ChildSlots c = pool_ChildSlotsOf(slot, pattern);
    bool right = (pattern & POOL_SPLIT_RIGHT) != 0u;
    bool left = (pattern & POOL_SPLIT_LEFT) != 0u;
    if (edge == POOL_RIGHT_EDGE) {
        pieces[0] = right ? pool_Piece(c.c00, POOL_RIGHT_EDGE) : pool_Piece(c.c0, POOL_BASE_EDGE);
        pieces[1] = pool_Piece(c.c01, POOL_LEFT_EDGE);
        return right ? 2u : 1u;
    }
    if (edge == POOL_LEFT_EDGE) {
        pieces[0] = left ? pool_Piece(c.c10, POOL_RIGHT_EDGE) : pool_Piece(c.c1, POOL_BASE_EDGE);
        pieces[1] = pool_Piece(c.c11, POOL_LEFT_EDGE);
        return left ? 2u : 1u;
    }
    pieces[0] = left ? pool_Piece(c.c11, POOL_BASE_EDGE) : pool_Piece(c.c1, POOL_LEFT_EDGE);
    pieces[1] = right ? pool_Piece(c.c00, POOL_BASE_EDGE) : pool_Piece(c.c0, POOL_RIGHT_EDGE);
    return 2u;
}

// ---------------------------------------------------------------------------
// The occupancy bits (the CBT's bitfield) and select0.

// Bit `slot` of the bitfield, which starts at bit 3 * 2^D of the heap.
void pool_SetOccupied(uint slot)
{
    uint bit = cbt_BitfieldOffset(cbt_MaxDepth()) + slot;
    atomicOr(cbt_heap[bit >> 5u], 1u << (bit & 31u));
}

void pool_ClearOccupied(uint slot)
{
    uint maxDepth = cbt_MaxDepth();
    uint bit = cbt_BitfieldOffset(maxDepth) + slot;
    atomicAnd(cbt_heap[bit >> 5u], ~(1u << (bit & 31u)));
}

// select0 and select1 on the tree's sum reduction: descend from the root by
// the left children's counts (free = capacity - count for select0) to the
// node over one 32-bit word of the bitfield, then pick the bit in that word
// by halving it with bitCount. One read of D is enough for the descent.
const uint POOL_WORD_LEVELS = 5u;  // a word of the bitfield holds 2^5 slots

// The depth of the tree's nodes over one word of the bitfield (0 for a pool
// smaller than a word).
uint pool_WordDepth(uint maxDepth)
{
    return maxDepth >= POOL_WORD_LEVELS ? maxDepth - POOL_WORD_LEVELS : 0u;
}

// The occupancy bits of slots firstSlot .. firstSlot + 31 (firstSlot a
// multiple of 32); for a pool smaller than a word, the whole bitfield in the
// low bits.
uint pool_OccupancyWord(uint maxDepth, uint firstSlot)
{
    if (maxDepth < POOL_WORD_LEVELS) {
        return cbt_ReadBits(cbt_BitfieldOffset(maxDepth), 1u << maxDepth, maxDepth);
    }
    return cbt_LoadWord((cbt_BitfieldOffset(maxDepth) + firstSlot) >> 5u, maxDepth);
}

// The `rank`-th set bit (0-based) of `word`; `rank` < bitCount(word).
uint pool_SelectInWord(uint word, uint rank)
{
    uint bit = 0u;
    for (uint width = 16u; width > 0u; width >>= 1u) {
        uint low = bitCount(word & ((1u << width) - 1u));
        if (rank >= low) {
            rank -= low;
            word >>= width;
            bit += width;
        }
    }
    return bit;
}

uint pool_Select(uint rank, bool free)
{
    uint maxDepth = cbt_MaxDepth();
    uint wordDepth = pool_WordDepth(maxDepth);
    uint heapIndex = 1u;
    for (uint depth = 0u; depth < wordDepth; ++depth) {
        uint leftChild = 2u * heapIndex;
        uint leftCount = cbt_ReadField(maxDepth, leftChild, depth + 1u);
        if (free) {
            leftCount = (1u << (maxDepth - depth - 1u)) - leftCount;
        }
        if (rank < leftCount) {
            heapIndex = leftChild;
        } else {
            rank -= leftCount;
            heapIndex = leftChild + 1u;
        }
    }
    uint firstSlot = (heapIndex - (1u << wordDepth)) << POOL_WORD_LEVELS;
    uint word = pool_OccupancyWord(maxDepth, firstSlot);
    if (free) {
        // A pool smaller than a word has only its low bits.
        word = maxDepth < POOL_WORD_LEVELS ? ~word & ((1u << (1u << maxDepth)) - 1u) : ~word;
    }
    return firstSlot + pool_SelectInWord(word, rank);
}

// The slot of the k-th free slot (0-based).
uint pool_SelectFree(uint rank)
{
    return pool_Select(rank, true);
}

// What a criterion decides for one bisector (bisector::Decision).
const uint POOL_DECISION_KEEP = 0u;
const uint POOL_DECISION_SPLIT = 1u;
const uint POOL_DECISION_MERGE = 2u;

#endif  // BISECTOR_POOL_GLSL
