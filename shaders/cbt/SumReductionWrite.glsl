// Writing one workgroup's share of a level of the sum-reduction into the
// packed heap (shared by cbt/SumReductionBitfield.comp and
// cbt/SumReductionUpper.comp; see the design notes at the top of
// SumReductionBitfield.comp).
//
// A block's segment of level d is `fieldsPerBlock` consecutive fields of
// N = D - d + 1 bits. Each 32-bit word overlapping the segment is composed by
// exactly one thread of the workgroup, which gathers every field overlapping
// that word. A word that lies entirely inside the segment is written with a
// plain store; a word shared with anything else (a neighbouring block's
// segment, the next level, the header or the bitfield) is updated with
// atomicAnd / atomicOr on this segment's bits only, so concurrent writers of
// the other bits (in this or another workgroup) are left intact.
//
// The including shader defines SUM_REDUCTION_THREADS (the workgroup size),
// declares `shared uint sumReduction_tree[]` and defines
// `uint sumReduction_BlockFieldValue(uint levelsUp, uint localField)`,
// the value of field `localField` of the block's segment `levelsUp` levels
// above the pass's input level.
#ifndef CBT_SUM_REDUCTION_WRITE_GLSL
#define CBT_SUM_REDUCTION_WRITE_GLSL

uint sumReduction_BlockFieldValue(uint levelsUp, uint localField);

// Bit offset of the first field of level `depth`: 2^d * (N_d + 2).
uint sumReduction_LevelOffset(uint maxDepth, uint depth)
{
    return (1u << depth) * (maxDepth - depth + 3u);
}

// Segments are written rotated: word w of a segment (w = 0, 1, ...) is
// composed by the invocation with local index (w + rotation) mod
// SUM_REDUCTION_THREADS (a power of two). Rotating each level by a different
// multiple of the subgroup size spreads the small segments of several levels
// over several subgroups instead of giving them all to the first one.
// Returns the first word of the segment this invocation composes (it also
// composes every SUM_REDUCTION_THREADS-th word after it).
uint sumReduction_FirstRotatedWord(uint rotation)
{
    return (gl_LocalInvocationIndex - rotation) & (SUM_REDUCTION_THREADS - 1u);
}

// Writes the block's segment of level `depth`, rotated by `rotation`.
void sumReduction_WriteSegment(uint maxDepth, uint depth, uint levelsUp, uint blockIndex,
                               uint fieldsPerBlock, uint rotation)
{
    uint width = maxDepth - depth + 1u;
    uint fieldMask = cbt_LowBitsMask(width);
    uint segmentFirstBit = sumReduction_LevelOffset(maxDepth, depth) + blockIndex * fieldsPerBlock * width;
    uint segmentLastBit = segmentFirstBit + fieldsPerBlock * width - 1u;
    uint lastWord = segmentLastBit >> 5u;
    uint firstWord = (segmentFirstBit >> 5u) + sumReduction_FirstRotatedWord(rotation);
    for (uint word = firstWord; word <= lastWord; word += SUM_REDUCTION_THREADS) {
        uint wordFirstBit = word << 5u;
        uint firstBit = max(wordFirstBit, segmentFirstBit);
        uint lastBit = min(wordFirstBit + 31u, segmentLastBit);
        uint firstField = (firstBit - segmentFirstBit) / width;
        uint lastField = (lastBit - segmentFirstBit) / width;
        uint bits = 0u;
        uint mask = 0u;
        for (uint field = firstField; field <= lastField; ++field) {
            uint value = sumReduction_BlockFieldValue(levelsUp, field);
            uint fieldFirstBit = segmentFirstBit + field * width;
            if (fieldFirstBit >= wordFirstBit) {
                uint shift = fieldFirstBit - wordFirstBit;
                bits |= value << shift;
                mask |= fieldMask << shift;
            } else {
                uint shift = wordFirstBit - fieldFirstBit;
                bits |= value >> shift;
                mask |= fieldMask >> shift;
            }
        }
        if (mask == 0xFFFFFFFFu) {
            cbt_heap[word] = bits;
        } else {
            atomicAnd(cbt_heap[word], ~mask);
            atomicOr(cbt_heap[word], bits);
        }
    }
}

// Builds the block's reduction tree in `sumReduction_tree` (a `shared uint`
// array the including shader declares before this file): the leaves at
// [leafCount, 2 * leafCount) are stored by the caller before the call, node n
// becomes node 2n + node 2n + 1, and the root is node 1. leafCount is a power
// of two, the same for the whole workgroup (every thread calls this).
void sumReduction_BuildTree(uint leafCount)
{
    for (uint nodesAtLevel = leafCount >> 1u; nodesAtLevel >= 1u; nodesAtLevel >>= 1u) {
        memoryBarrierShared();
        barrier();
        for (uint node = nodesAtLevel + gl_LocalInvocationIndex; node < 2u * nodesAtLevel;
             node += SUM_REDUCTION_THREADS) {
            sumReduction_tree[node] = sumReduction_tree[2u * node] + sumReduction_tree[2u * node + 1u];
        }
    }
    memoryBarrierShared();
    barrier();
}

// The flattened workgroup index of a dispatch that may use a second
// dimension when there are more blocks than maxComputeWorkGroupCount[0].
uint sumReduction_BlockIndex()
{
    return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
}

#endif  // CBT_SUM_REDUCTION_WRITE_GLSL
