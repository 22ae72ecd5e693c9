// Classify (PoolUpdate.cpp, classify): one thread per live bisector asks the
// criterion, which the entry program includes before this file and which
// defines
//   uint bisector_Decide(uint slot, uint64_t key, out bool visible)   -> POOL_DECISION_*
// and whether the draw would show the bisector, kept in its flags for the
// index pass (which asks bisector_IsVisible only of bisectors created since).
// A split request below the max depth joins the split list; a bisector below
// its root that may merge (the criterion's Merge, or deeper than the max
// depth) is marked, and joins the merge list when it is an even child (a
// diamond's possible head). Its pattern starts the frame empty, and its
// links are copied into the copy this frame writes (a frame reads one copy
// and writes the other; the bisect and merge passes rewrite those that
// change, and no pass before them reads that copy).
#ifndef BISECTOR_POOL_CLASSIFY_GLSL
#define BISECTOR_POOL_CLASSIFY_GLSL

#include "bisector/PoolListAppend.glsl"

layout(local_size_x = 64) in;

void main()
{
    uint index = gl_GlobalInvocationID.x;
    if (index >= pool_counters.counts[POOL_LIVE_LIST]) {
        return;
    }
    uint slot = pool_ListEntry(POOL_LIVE_LIST, index);
    for (uint edge = 0u; edge < 3u; ++edge) {
        pool_SetNewLink(slot, edge, pool_Link(slot, edge));
    }
    uint64_t key = pool_keys[slot];
    int depth = pool_Depth(key);
    bool visible;
    uint decision = bisector_Decide(slot, key, visible);
    bool belowRoot = pool_LevelsBelowRoot(key) > 0;
    bool mayMerge = belowRoot && (decision == POOL_DECISION_MERGE || depth > int(pool.maxDepth));
    pool_flags[slot] =
        (mayMerge ? POOL_MERGE_CANDIDATE : 0u) | POOL_CLASSIFIED | (visible ? POOL_CLASSIFIED_VISIBLE : 0u);
    bool mergeCandidate = mayMerge && (key & 1ul) == 0ul;
    uint candidate = pool_AppendEntry(POOL_MERGE_LIST, mergeCandidate);
    if (mergeCandidate) {
        pool_SetListEntry(POOL_MERGE_LIST, candidate, slot);
    }
    bool splitRequest = decision == POOL_DECISION_SPLIT && depth < int(pool.maxDepth);
    uint request = pool_AppendEntry(POOL_SPLIT_LIST, splitRequest);
    if (splitRequest) {
        pool_SetListEntry(POOL_SPLIT_LIST, request, slot);
    }
}

#endif  // BISECTOR_POOL_CLASSIFY_GLSL
