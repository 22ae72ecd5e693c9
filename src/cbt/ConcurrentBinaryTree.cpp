// The CPU concurrent binary tree. It is the reference the GLSL mirror
// (shaders/cbt) is tested against, so here is every algorithm exactly as
// implemented; D is the max depth, CBT[k] the field of heap index k (layout
// in ConcurrentBinaryTree.h / HeapLayout.h), d_k = findMSB(k).
//
// DecodeNode(leafIndex)                        (paper Alg. 1 with the erratum)
//     k = 1
//     while CBT[k] > 1:
//         left = CBT[2k]
//         if leafIndex < left: k = 2k
//         else:                leafIndex -= left; k = 2k + 1
//     return k
//   (CBT[k] is re-read at every step; nothing is derived from the parent.)
//
// EncodeNode(k)                                (paper Alg. 13 with the erratum)
//     leafIndex = 0
//     while k > 1:
//         if k is odd: leafIndex += CBT[k ^ 1]
//         k = k / 2
//     return leafIndex
//
// Bitfield bit of node k: bitfield index k * 2^(D - d_k) - 2^D, i.e. heap bit
// k * 2^(D - d_k) + 2^(D+1).
// SplitNode(k): if d_k < D, atomically set the bit of node 2k + 1 (depth d_k+1).
// MergeNode(k): if k > 1, atomically clear the bit of node k | 1 (depth d_k).
// Both are one 64-bit atomicOr / atomicAnd (a 32-bit one on the GPU).
// IsLeaf(k): CBT[k] == 1.  IsCeil(k): d_k == D.  NodeCount: CBT[1].
//
// InitAtDepth(d) (Alg. 3): zero the heap, write the header 1 << D, set the
// bitfield bits i * 2^(D-d) for i in [0, 2^d), then reduce.
//
// SumReduction (Alg. 2): for d = D-1 down to 0, for every k in [2^d, 2^(d+1)):
// CBT[k] = CBT[2k] + CBT[2k+1]. The CPU computes the same bytes faster (see
// SumReduction.cpp): depths D-1 .. D-6 from each 64-bit bitfield word with
// SWAR popcounts, then level by level with word streams; an incremental pass
// redoes only the bitfield words split/merge touched and their ancestors.
//
// Update (Alg. 4): L = CBT[1]; leaf indices [0, L) are cut into contiguous
// ranges, one per thread; each thread runs callback(DecodeNode(l)) for its
// range; after all threads have joined, one sum reduction.
#include "cbt/ConcurrentBinaryTree.h"

#include "cbt/BitAccess.h"
#include "cbt/HeapLayout.h"
#include "cbt/SumReduction.h"
#include "cbt/TreeErrors.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

namespace cbt {

namespace {

// Beyond this share of dirty bitfield words a full pass is cheaper.
constexpr std::uint64_t kIncrementalWordShareDivisor = 16;

bool isValidHeapIndex(HeapIndex heapIndex, int maxDepth) noexcept
{
    return heapIndex != 0 && std::uint64_t{heapIndex} < (std::uint64_t{2} << maxDepth);
}

}  // namespace

ConcurrentBinaryTree::ConcurrentBinaryTree(int maxDepth, int initDepth)
{
    errors::requireMaxDepthInRange(maxDepth, "ConcurrentBinaryTree");
    errors::requireDepthInRange(initDepth, maxDepth, "ConcurrentBinaryTree");
    allocate(maxDepth);
    resetToDepth(initDepth);
}

ConcurrentBinaryTree::ConcurrentBinaryTree(const ConcurrentBinaryTree&) = default;
ConcurrentBinaryTree& ConcurrentBinaryTree::operator=(const ConcurrentBinaryTree&) = default;
ConcurrentBinaryTree::~ConcurrentBinaryTree() = default;

ConcurrentBinaryTree::ConcurrentBinaryTree(ConcurrentBinaryTree&& other) noexcept
    : maxDepth_(std::exchange(other.maxDepth_, 0)),
      words_(std::move(other.words_)),
      dirtyWords_(std::move(other.dirtyWords_)),
      reductionScratch_(std::move(other.reductionScratch_)),
      dirtyWordList_(std::move(other.dirtyWordList_))
{
}

ConcurrentBinaryTree& ConcurrentBinaryTree::operator=(ConcurrentBinaryTree&& other) noexcept
{
    if (this != &other) {
        maxDepth_ = std::exchange(other.maxDepth_, 0);
        words_ = std::move(other.words_);
        dirtyWords_ = std::move(other.dirtyWords_);
        reductionScratch_ = std::move(other.reductionScratch_);
        dirtyWordList_ = std::move(other.dirtyWordList_);
    }
    return *this;
}

void ConcurrentBinaryTree::allocate(int maxDepth)
{
    maxDepth_ = maxDepth;
    words_.assign(layout::heapWordCount(maxDepth), 0);
    words_[0] = layout::headerValue(maxDepth);
    dirtyWords_ =
        maxDepth >= reduction::kWordKernelMinDepth ? DirtyWordMap(layout::bitfieldWordCount(maxDepth)) : DirtyWordMap();
}

void ConcurrentBinaryTree::resetToDepth(int depth)
{
    errors::requireDepthInRange(depth, maxDepth_, "resetToDepth");
    std::fill(words_.begin(), words_.end(), 0);
    bits::writeBits(words_.data(), 0, layout::headerBitCount(maxDepth_), layout::headerValue(maxDepth_));
    const int spacingLog2 = maxDepth_ - depth;  // one set bit every 2^spacingLog2 bitfield bits
    const std::uint64_t bitfieldStart = layout::bitfieldStartBit(maxDepth_);
    if (maxDepth_ < layout::kWordBitsLog2) {
        for (std::uint64_t node = 0; node < (std::uint64_t{1} << depth); ++node) {
            bits::writeBits(words_.data(), bitfieldStart + (node << spacingLog2), 1, 1);
        }
    } else {
        std::uint64_t* bitfield = words_.data() + (bitfieldStart >> layout::kWordBitsLog2);
        const std::uint64_t wordCount = layout::bitfieldWordCount(maxDepth_);
        if (spacingLog2 < layout::kWordBitsLog2) {
            std::uint64_t pattern = 0;
            for (int bit = 0; bit < layout::kWordBits; bit += 1 << spacingLog2) {
                pattern |= std::uint64_t{1} << bit;
            }
            std::fill(bitfield, bitfield + wordCount, pattern);
        } else {
            const std::uint64_t wordStride = std::uint64_t{1} << (spacingLog2 - layout::kWordBitsLog2);
            for (std::uint64_t word = 0; word < wordCount; word += wordStride) {
                bitfield[word] = 1;
            }
        }
    }
    computeSumReductionFull();
}

std::uint32_t ConcurrentBinaryTree::readField(HeapIndex heapIndex, int depth) const noexcept
{
    return static_cast<std::uint32_t>(bits::readBitsRelaxed(
        words_.data(), layout::fieldFirstBit(maxDepth_, heapIndex, depth), layout::fieldWidth(maxDepth_, depth)));
}

std::uint32_t ConcurrentBinaryTree::nodeCount() const noexcept
{
    return readField(1, 0);
}

std::uint32_t ConcurrentBinaryTree::heapRead(HeapIndex heapIndex) const noexcept
{
    if (!isValidHeapIndex(heapIndex, maxDepth_)) {
        return 0;
    }
    return readField(heapIndex, depthOf(heapIndex));
}

bool ConcurrentBinaryTree::isLeaf(HeapIndex heapIndex) const noexcept
{
    return heapRead(heapIndex) == 1;
}

bool ConcurrentBinaryTree::isCeil(HeapIndex heapIndex) const noexcept
{
    return heapIndex != 0 && depthOf(heapIndex) == maxDepth_;
}

HeapIndex ConcurrentBinaryTree::decodeNode(std::uint32_t leafIndex) const noexcept
{
    HeapIndex heapIndex = 1;
    int depth = 0;
    // Level-D fields are single bits, so the loop stops by depth D at the latest.
    while (readField(heapIndex, depth) > 1) {
        const std::uint32_t leftCount = readField(2 * heapIndex, depth + 1);
        if (leafIndex < leftCount) {
            heapIndex = 2 * heapIndex;
        } else {
            leafIndex -= leftCount;
            heapIndex = 2 * heapIndex + 1;
        }
        ++depth;
    }
    return heapIndex;
}

std::uint32_t ConcurrentBinaryTree::encodeNode(HeapIndex heapIndex) const noexcept
{
    if (!isValidHeapIndex(heapIndex, maxDepth_)) {
        return 0;
    }
    std::uint32_t leafIndex = 0;
    int depth = depthOf(heapIndex);
    while (heapIndex > 1) {
        if ((heapIndex & 1U) != 0) {
            leafIndex += readField(heapIndex ^ 1U, depth);
        }
        heapIndex /= 2;
        --depth;
    }
    return leafIndex;
}

void ConcurrentBinaryTree::writeBitfieldBit(HeapIndex heapIndex, int depth, bool set) noexcept
{
    const std::uint64_t heapBit = layout::bitfieldHeapBit(maxDepth_, heapIndex, depth);
    const std::uint64_t mask = std::uint64_t{1} << (heapBit & 63U);
    std::atomic_ref<std::uint64_t> word(words_[heapBit >> layout::kWordBitsLog2]);
    const std::uint64_t previous =
        set ? word.fetch_or(mask, std::memory_order_relaxed) : word.fetch_and(~mask, std::memory_order_relaxed);
    const bool changed = ((previous & mask) != 0) != set;
    if (changed && dirtyWords_.isTracking()) {
        dirtyWords_.mark((heapBit - layout::bitfieldStartBit(maxDepth_)) >> layout::kWordBitsLog2);
    }
}

void ConcurrentBinaryTree::splitNode(HeapIndex heapIndex) noexcept
{
    if (!isValidHeapIndex(heapIndex, maxDepth_)) {
        return;
    }
    const int depth = depthOf(heapIndex);
    if (depth < maxDepth_) {
        writeBitfieldBit(2 * heapIndex + 1, depth + 1, true);
    }
}

void ConcurrentBinaryTree::mergeNode(HeapIndex heapIndex) noexcept
{
    if (heapIndex <= 1 || !isValidHeapIndex(heapIndex, maxDepth_)) {
        return;
    }
    writeBitfieldBit(heapIndex | 1U, depthOf(heapIndex), false);
}

void ConcurrentBinaryTree::computeSumReduction()
{
    if (!dirtyWords_.isTracking()) {
        computeSumReductionFull();
        return;
    }
    const auto limit = static_cast<std::size_t>(layout::bitfieldWordCount(maxDepth_) / kIncrementalWordShareDivisor);
    if (!dirtyWords_.take(dirtyWordList_, limit)) {
        reduction::reduceFull(words_, maxDepth_);
        return;
    }
    if (!dirtyWordList_.empty()) {
        reduction::reduceDirtyWords(words_, maxDepth_, dirtyWordList_, reductionScratch_);
    }
}

void ConcurrentBinaryTree::computeSumReductionFull()
{
    reduction::reduceFull(words_, maxDepth_);
    dirtyWords_.clear();
}

void ConcurrentBinaryTree::update(const LeafCallback& callback, unsigned threadCount)
{
    const std::uint32_t leafCount = nodeCount();
    const unsigned requested = threadCount == 0 ? std::max(1U, std::thread::hardware_concurrency()) : threadCount;
    const unsigned rangeCount = std::max(1U, std::min(requested, leafCount));

    std::exception_ptr firstError;
    std::mutex errorMutex;
    std::atomic<bool> failed{false};
    const auto runRange = [&](unsigned range) {
        const auto first = static_cast<std::uint32_t>(std::uint64_t{leafCount} * range / rangeCount);
        const auto last = static_cast<std::uint32_t>(std::uint64_t{leafCount} * (range + 1) / rangeCount);
        try {
            for (std::uint32_t leafIndex = first; leafIndex < last && !failed.load(std::memory_order_relaxed);
                 ++leafIndex) {
                callback(*this, decodeNode(leafIndex));
            }
        } catch (...) {
            const std::scoped_lock lock(errorMutex);
            if (!firstError) {
                firstError = std::current_exception();
            }
            failed.store(true, std::memory_order_relaxed);
        }
    };
    {
        std::vector<std::jthread> workers;
        workers.reserve(rangeCount);
        for (unsigned range = 1; range < rangeCount; ++range) {
            try {
                workers.emplace_back(runRange, range);
            } catch (const std::system_error&) {
                runRange(range);  // no thread available: do this range here
            }
        }
        runRange(0);
    }  // joins every worker
    computeSumReduction();
    if (firstError) {
        std::rethrow_exception(firstError);
    }
}

}  // namespace cbt
