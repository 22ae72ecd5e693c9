// GLSL mirror of src/cbt/ConcurrentBinaryTree.{h,cpp}: the concurrent binary
// tree (Dupuy 2020, §3) read and modified on the GPU.
//
// Heap layout (bit-exact with the CPU): element k >= 1 at depth d = findMSB(k)
// is N = D - d + 1 bits wide and starts at bit 2^(d+1) + k * N; the bitfield
// (depth D) starts at bit 3 * 2^D; bits [0, D + 3) hold 1 << D. The heap is an
// array of 32-bit words, the same little-endian bytes as the CPU's uint64
// words. A field may straddle two words. Bit addresses fit 32 bits up to D=30.
//
// The including shader chooses the binding before including this file:
//   #define CBT_HEAP_BUFFER_BINDING 0      (required)
//   #define CBT_HEAP_BUFFER_SET 0          (optional, default 0)
//   #define CBT_HEAP_READ_ONLY             (optional: a readonly heap, e.g. in
//                                           a vertex shader; leaves out every
//                                           function that writes)
//   #define CBT_HEAP_ATOMIC_LOADS          (optional: every word is loaded
//                                           atomically, for a pass whose
//                                           threads write fields anywhere)
// and gets `cbt_heap[]` plus the cbt_* functions below.
//
// Concurrency: cbt_SplitNode / cbt_MergeNode change one bitfield bit with
// atomicOr / atomicAnd and may run in many threads at once. In a writable
// heap, reads of words in the bitfield region (and of the header word) use
// relaxed atomic loads, so a read that shares a word with another thread's
// split / merge / atomic field write is not a data race.
#ifndef CBT_CONCURRENT_BINARY_TREE_GLSL
#define CBT_CONCURRENT_BINARY_TREE_GLSL

#ifndef CBT_HEAP_BUFFER_BINDING
#error "define CBT_HEAP_BUFFER_BINDING before including cbt/ConcurrentBinaryTree.glsl"
#endif
#ifndef CBT_HEAP_BUFFER_SET
#define CBT_HEAP_BUFFER_SET 0
#endif

#ifndef CBT_HEAP_READ_ONLY
#extension GL_KHR_memory_scope_semantics : require
#endif

#ifdef CBT_HEAP_READ_ONLY
layout(std430, set = CBT_HEAP_BUFFER_SET, binding = CBT_HEAP_BUFFER_BINDING) readonly buffer CbtHeapBuffer {
    uint cbt_heap[];
};
#else
layout(std430, set = CBT_HEAP_BUFFER_SET, binding = CBT_HEAP_BUFFER_BINDING) buffer CbtHeapBuffer {
    uint cbt_heap[];
};
#endif

// ---------------------------------------------------------------------------
// Depths and bit ranges

// Alg. 9: the header holds 1 << D. Word 0 also holds level-0 bits (and
// more for small D) that atomic field writes may change concurrently, so a
// writable heap loads it atomically.
uint cbt_MaxDepth()
{
#ifdef CBT_HEAP_READ_ONLY
    return uint(findLSB(cbt_heap[0]));
#else
    return uint(findLSB(atomicLoad(cbt_heap[0], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed)));
#endif
}

// findMSB(heapIndex); heapIndex >= 1.
uint cbt_DepthOf(uint heapIndex)
{
    return uint(findMSB(heapIndex));
}

struct cbt_BitRange {
    uint offset;  // first bit
    uint width;   // 1 .. D + 1 bits
};

// Paper §3.3: x_k = 2^(d_k + 1) + k * N_k with N_k = D - d_k + 1.
cbt_BitRange cbt_ElementBitRange(uint maxDepth, uint heapIndex)
{
    uint depth = cbt_DepthOf(heapIndex);
    uint width = maxDepth - depth + 1u;
    return cbt_BitRange((2u << depth) + heapIndex * width, width);
}

// First bit of the bitfield: 3 * 2^D.
uint cbt_BitfieldOffset(uint maxDepth)
{
    return 3u << maxDepth;
}

// ---------------------------------------------------------------------------
// Raw word and field access

// One heap word. In a writable heap, words of the bitfield region may be
// changed by other threads' atomics during a pass: read them atomically
// (every word, with CBT_HEAP_ATOMIC_LOADS).
uint cbt_LoadWord(uint wordIndex, uint maxDepth)
{
#if defined(CBT_HEAP_READ_ONLY)
    return cbt_heap[wordIndex];
#elif defined(CBT_HEAP_ATOMIC_LOADS)
    return atomicLoad(cbt_heap[wordIndex], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
#else
    if (wordIndex >= (cbt_BitfieldOffset(maxDepth) >> 5u)) {
        return atomicLoad(cbt_heap[wordIndex], gl_ScopeDevice, gl_StorageSemanticsBuffer,
                          gl_SemanticsRelaxed);
    }
    return cbt_heap[wordIndex];
#endif
}

// Mask of the `width` low bits, width in 1 .. 32.
uint cbt_LowBitsMask(uint width)
{
    return width >= 32u ? 0xFFFFFFFFu : ((1u << width) - 1u);
}

// The `width`-bit field at bit `offset`, which may straddle two words.
uint cbt_ReadBits(uint offset, uint width, uint maxDepth)
{
    uint wordIndex = offset >> 5u;
    uint bitInWord = offset & 31u;
    uint value = cbt_LoadWord(wordIndex, maxDepth) >> bitInWord;
    if (bitInWord + width > 32u) {
        value |= cbt_LoadWord(wordIndex + 1u, maxDepth) << (32u - bitInWord);
    }
    return value & cbt_LowBitsMask(width);
}

// True for 1 <= k < 2^(D+1).
bool cbt_IsValidHeapIndex(uint maxDepth, uint heapIndex)
{
    return heapIndex != 0u && heapIndex < (2u << maxDepth);
}

// CBT[k] of a valid heap index k at depth d (the CPU's readField).
uint cbt_ReadField(uint maxDepth, uint heapIndex, uint depth)
{
    uint width = maxDepth - depth + 1u;
    return cbt_ReadBits((2u << depth) + heapIndex * width, width, maxDepth);
}

// CBT[k] for 1 <= k < 2^(D+1); 0 for any other k.
uint cbt_HeapRead(uint heapIndex)
{
    uint maxDepth = cbt_MaxDepth();
    if (!cbt_IsValidHeapIndex(maxDepth, heapIndex)) {
        return 0u;
    }
    return cbt_ReadField(maxDepth, heapIndex, cbt_DepthOf(heapIndex));
}

#ifndef CBT_HEAP_READ_ONLY
// Plain (non-atomic) write of a field: only for a heap no other thread
// writes near this field during the pass.
void cbt_WriteBits(uint offset, uint width, uint value)
{
    uint wordIndex = offset >> 5u;
    uint bitInWord = offset & 31u;
    uint mask = cbt_LowBitsMask(width);
    value &= mask;
    cbt_heap[wordIndex] = (cbt_heap[wordIndex] & ~(mask << bitInWord)) | (value << bitInWord);
    if (bitInWord + width > 32u) {
        uint shift = 32u - bitInWord;
        cbt_heap[wordIndex + 1u] = (cbt_heap[wordIndex + 1u] & ~(mask >> shift)) | (value >> shift);
    }
}

// Writes a field touching only its own bits with atomics, so other threads
// may write neighbouring fields of the same words concurrently.
void cbt_WriteBitsAtomic(uint offset, uint width, uint value)
{
    uint wordIndex = offset >> 5u;
    uint bitInWord = offset & 31u;
    uint mask = cbt_LowBitsMask(width);
    value &= mask;
    atomicAnd(cbt_heap[wordIndex], ~(mask << bitInWord));
    atomicOr(cbt_heap[wordIndex], value << bitInWord);
    if (bitInWord + width > 32u) {
        uint shift = 32u - bitInWord;
        atomicAnd(cbt_heap[wordIndex + 1u], ~(mask >> shift));
        atomicOr(cbt_heap[wordIndex + 1u], value >> shift);
    }
}

void cbt_HeapWrite(uint heapIndex, uint value)
{
    cbt_BitRange range = cbt_ElementBitRange(cbt_MaxDepth(), heapIndex);
    cbt_WriteBits(range.offset, range.width, value);
}

void cbt_HeapWriteAtomic(uint heapIndex, uint value)
{
    cbt_BitRange range = cbt_ElementBitRange(cbt_MaxDepth(), heapIndex);
    cbt_WriteBitsAtomic(range.offset, range.width, value);
}
#endif

// ---------------------------------------------------------------------------
// Queries

// Alg. 10: CBT[1], the number of leaves.
uint cbt_NodeCount()
{
    return cbt_ReadField(cbt_MaxDepth(), 1u, 0u);
}

// Alg. 11.
bool cbt_IsLeaf(uint heapIndex)
{
    return cbt_HeapRead(heapIndex) == 1u;
}

// A node at the max depth can not split.
bool cbt_IsCeil(uint heapIndex)
{
    return heapIndex != 0u && cbt_DepthOf(heapIndex) == cbt_MaxDepth();
}

// Alg. 1 with the erratum: compare with and subtract the left child.
// Level-D fields are single bits, so the loop stops by depth D at the latest.
uint cbt_DecodeNode(uint leafIndex)
{
    uint maxDepth = cbt_MaxDepth();
    uint heapIndex = 1u;
    uint depth = 0u;
    while (cbt_ReadField(maxDepth, heapIndex, depth) > 1u) {
        uint leftCount = cbt_ReadField(maxDepth, heapIndex << 1u, depth + 1u);
        if (leafIndex < leftCount) {
            heapIndex = heapIndex << 1u;
        } else {
            leafIndex -= leftCount;
            heapIndex = (heapIndex << 1u) | 1u;
        }
        ++depth;
    }
    return heapIndex;
}

// Alg. 13 with the erratum: a right child adds its left sibling's count.
uint cbt_EncodeNode(uint heapIndex)
{
    uint maxDepth = cbt_MaxDepth();
    if (!cbt_IsValidHeapIndex(maxDepth, heapIndex)) {
        return 0u;
    }
    uint leafIndex = 0u;
    uint depth = cbt_DepthOf(heapIndex);
    while (heapIndex > 1u) {
        if ((heapIndex & 1u) != 0u) {
            leafIndex += cbt_ReadField(maxDepth, heapIndex ^ 1u, depth);
        }
        heapIndex >>= 1u;
        --depth;
    }
    return leafIndex;
}

// ---------------------------------------------------------------------------
// Split and merge (Alg. 12)

#ifndef CBT_HEAP_READ_ONLY
// Bit offset of the bitfield bit where the subtree of `heapIndex` starts:
// bitfield heap index heapIndex * 2^(D - d) at bit 2^(D+1) + that index.
uint cbt_BitfieldBitOffset(uint maxDepth, uint heapIndex)
{
    uint bitfieldIndex = heapIndex << (maxDepth - cbt_DepthOf(heapIndex));
    return (2u << maxDepth) + bitfieldIndex;
}

// Sets the bit of the right child 2k + 1. A ceil node does not split.
void cbt_SplitNode(uint heapIndex)
{
    uint maxDepth = cbt_MaxDepth();
    if (!cbt_IsValidHeapIndex(maxDepth, heapIndex) || cbt_DepthOf(heapIndex) >= maxDepth) {
        return;
    }
    uint bitOffset = cbt_BitfieldBitOffset(maxDepth, (heapIndex << 1u) | 1u);
    atomicOr(cbt_heap[bitOffset >> 5u], 1u << (bitOffset & 31u));
}

// Clears the bit of the right sibling k | 1. The root does not merge.
void cbt_MergeNode(uint heapIndex)
{
    uint maxDepth = cbt_MaxDepth();
    if (heapIndex <= 1u || !cbt_IsValidHeapIndex(maxDepth, heapIndex)) {
        return;
    }
    uint bitOffset = cbt_BitfieldBitOffset(maxDepth, heapIndex | 1u);
    atomicAnd(cbt_heap[bitOffset >> 5u], ~(1u << (bitOffset & 31u)));
}
#endif

#endif  // CBT_CONCURRENT_BINARY_TREE_GLSL
