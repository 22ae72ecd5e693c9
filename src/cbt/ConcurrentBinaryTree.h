// The concurrent binary tree (CBT) of Dupuy 2020, §3: a binary tree encoded
// as a bitfield of 2^D bits plus its sum-reduction, packed into one binary
// heap of exactly 2^(D+2) bits.
//
// Heap layout (bit-exact, shared with shaders/cbt/ConcurrentBinaryTree.glsl):
//   - element k >= 1 (heap index) at depth d_k = findMSB(k) is
//     N_k = D - d_k + 1 bits wide and starts at bit x_k = 2^(d_k+1) + k * N_k;
//   - the bitfield (k in [2^D, 2^(D+1))) starts at bit 3 * 2^D;
//   - bits [0, D+3) are the header: the max depth D is stored one-hot, i.e.
//     the header's value is exactly 1 << D (read back with findLSB);
//   - bits are packed little-endian into 64-bit words (CPU) which are the same
//     bytes as the 32-bit words the GLSL code addresses.
//
// Thread safety: splitNode / mergeNode are atomic bit operations and may be
// called from many threads at once, concurrently with reads of the heap
// (that is what the parallel update does). Everything else is single-writer.
#pragma once

#include "cbt/DirtyWordMap.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace cbt {

inline constexpr int kMinMaxDepth = 1;
inline constexpr int kMaxMaxDepth = 30;

// Heap indices fit 32 bits for every allowed depth (k < 2^(D+1) <= 2^31).
using HeapIndex = std::uint32_t;

// Position of the most significant set bit; findMSB(1) == 0. Undefined for 0.
int findMSB(std::uint64_t value) noexcept;

// Depth of a heap index: findMSB(heapIndex).
int depthOf(HeapIndex heapIndex) noexcept;

// Bit range of element k of a heap of max depth D, per paper §3.3.
// Heap index 0 is the header: {0, D + 3}.
struct BitRange {
    std::uint64_t offset;  // first bit
    int width;             // number of bits, 1 .. D + 1
};
BitRange elementBitRange(int maxDepth, HeapIndex heapIndex) noexcept;

// Size of the heap in bytes: 2^(D+2) bits / 8 (D = 1 is one byte).
// Throws std::invalid_argument when D is outside 1..30.
std::size_t heapByteSize(int maxDepth);

class ConcurrentBinaryTree {
public:
    // Creates a tree of max depth D (1..30) initialised uniformly at
    // `initDepth` (0..D), i.e. paper Alg. 3 followed by a reduction.
    // Throws std::invalid_argument naming the allowed range otherwise.
    explicit ConcurrentBinaryTree(int maxDepth, int initDepth = 0);

    // Loads a heap from its bytes (as returned by bytes()). Validates the
    // size (must be 2^(D+2) bits for the D in the header), the header and the
    // consistency of the sum-reduction with the bitfield; throws
    // std::invalid_argument with a one-line message otherwise.
    static ConcurrentBinaryTree fromBytes(std::span<const std::byte> bytes);

    ConcurrentBinaryTree(const ConcurrentBinaryTree&);
    ConcurrentBinaryTree& operator=(const ConcurrentBinaryTree&);
    // A moved-from tree is empty (maxDepth() == 0, byteSize() == 0) and may
    // only be assigned to or destroyed.
    ConcurrentBinaryTree(ConcurrentBinaryTree&&) noexcept;
    ConcurrentBinaryTree& operator=(ConcurrentBinaryTree&&) noexcept;
    ~ConcurrentBinaryTree();

    // Alg. 3: every 2^(D-d)-th bit set, then a full reduction.
    void resetToDepth(int depth);

    int maxDepth() const noexcept { return maxDepth_; }
    // Alg. 10: CBT[1], the number of leaves.
    std::uint32_t nodeCount() const noexcept;
    // CBT[k] for 1 <= k < 2^(D+1); 0 for any other k.
    std::uint32_t heapRead(HeapIndex heapIndex) const noexcept;
    // Alg. 11: CBT[k] == 1. Meaningful for nodes that exist in the tree or
    // whose parent is split (a missing right child reads 0).
    bool isLeaf(HeapIndex heapIndex) const noexcept;
    // True when the node sits at the max depth and can not split further.
    bool isCeil(HeapIndex heapIndex) const noexcept;

    // Alg. 1 (with the erratum: compare and subtract the left child).
    HeapIndex decodeNode(std::uint32_t leafIndex) const noexcept;
    // Alg. 13 (with the erratum: test IsOdd(heapID), add CBT[heapID ^ 1]).
    std::uint32_t encodeNode(HeapIndex heapIndex) const noexcept;

    // Alg. 12. Set / clear the bitfield bit of the right child of
    // `heapIndex` (split) or of `heapIndex | 1` (merge). Atomic, idempotent.
    // A ceil node does not split; the root (heap index 1) does not merge;
    // heap indices outside [1, 2^(D+1)) are ignored.
    // The reduction is not updated: call computeSumReduction() afterwards.
    void splitNode(HeapIndex heapIndex) noexcept;
    void mergeNode(HeapIndex heapIndex) noexcept;

    // Alg. 2, bit-exact, fast: whole-word popcounts fill the bottom levels.
    // Cost follows the number of bitfield words touched by split/merge since
    // the last reduction when that is small; a full pass otherwise.
    void computeSumReduction();
    // Always recomputes every level from the bitfield (reference path).
    void computeSumReductionFull();

    // Alg. 4: runs `callback(tree, heapIndex)` for every leaf, spread over
    // `threadCount` threads (0 = hardware concurrency), then reduces.
    // The callback may call splitNode / mergeNode and read the heap. If a
    // callback throws, the remaining leaves are skipped, the threads are
    // joined, the tree is reduced (so it stays consistent) and the first
    // exception is rethrown.
    using LeafCallback = std::function<void(ConcurrentBinaryTree&, HeapIndex)>;
    void update(const LeafCallback& callback, unsigned threadCount = 1);

    // The bitfield as a plain array of 2^D bits (bit i = bitfield bit i),
    // for a tree used as an occupancy index over 2^D slots: CBT[k] is then
    // the number of set bits below node k. Bit i of word w is bit 64w + i.
    //
    // Words of the bitfield: 2^D / 64, or one when D < 6.
    std::size_t bitfieldWordCount() const noexcept;
    // Bits 64w .. 64w + 63 of the bitfield (the 2^D bits, zero-padded, when
    // D < 6). Requires wordIndex < bitfieldWordCount().
    std::uint64_t bitfieldWord(std::size_t wordIndex) const noexcept;
    // Replaces the whole bitfield with `words` and recomputes the sum
    // reduction on `threadCount` threads (0: automatic). Throws
    // std::invalid_argument when the word count is not bitfieldWordCount()
    // or, for D < 6, a bit at 2^D or above is set.
    void loadBitfield(std::span<const std::uint64_t> words, unsigned threadCount = 0);
    // Sets (value true) or clears bitfield bit `bitIndex` and adds or
    // subtracts one along its D ancestors, so that the sum reduction stays
    // exact without computeSumReduction(). Returns whether the bit changed;
    // an index at 2^D or above is ignored. Single-writer: unlike splitNode /
    // mergeNode it must not run concurrently with anything on the tree.
    bool updateBitfieldBit(std::uint32_t bitIndex, bool value) noexcept;

    // The heap as bytes, bit-exactly as uploaded to the GPU.
    std::span<const std::byte> bytes() const noexcept;
    std::size_t byteSize() const noexcept;

private:
    ConcurrentBinaryTree() = default;
    // Allocates a zeroed heap for max depth D with its header written.
    void allocate(int maxDepth);
    // CBT[k] for a heap index at `depth`, read with relaxed atomic loads so
    // that it may race with splitNode / mergeNode.
    std::uint32_t readField(HeapIndex heapIndex, int depth) const noexcept;
    // Atomically applies `set` (fetch_or) or clear (fetch_and) to the
    // bitfield bit encoding `heapIndex` at `depth`; flags the word dirty.
    void writeBitfieldBit(HeapIndex heapIndex, int depth, bool set) noexcept;

    int maxDepth_ = 0;
    // 2^(D+2) bits as little-endian 64-bit words (one word when D < 4).
    std::vector<std::uint64_t> words_;
    // Bitfield words changed since the last reduction (tracked for D >= 12).
    DirtyWordMap dirtyWords_;
    // Reused storage for the incremental reduction.
    std::vector<std::uint32_t> reductionScratch_;
    std::vector<std::uint32_t> dirtyWordList_;
};

}  // namespace cbt
