// Sum reduction (paper Alg. 2) over the packed heap words of a CBT. Every
// function here rewrites depth levels 0 .. D-1 from the bitfield and leaves
// the header and the bitfield untouched; all of them produce exactly the
// bytes of the element-by-element Alg. 2. Internal.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace cbt::reduction {

// From this depth on the bitfield spans 64 whole words or more and the
// word-wise kernels are used; shallower heaps (<= 2 KiB) go element by element.
inline constexpr int kWordKernelMinDepth = 12;

// Alg. 2 literally, one field at a time (used for D < kWordKernelMinDepth).
void reduceElementWise(std::span<std::uint64_t> heap, int maxDepth);

// Every level from the bitfield: popcount/SWAR for the six lowest levels,
// word-wise streams above. For D >= kWordKernelMinDepth the bitfield is cut
// into independent chunks of 2^18 bits spread over `threadCount` threads
// (0: automatic, i.e. several only for big heaps on machines with >= 4
// hardware threads); the bytes do not depend on the thread count.
void reduceFull(std::span<std::uint64_t> heap, int maxDepth, unsigned threadCount = 0);

// Only the bitfield words `sortedDirtyWords` (strictly increasing word
// indices into the bitfield) and the ancestors of their nodes; `scratch`
// is reused storage. Requires maxDepth >= kWordKernelMinDepth.
void reduceDirtyWords(std::span<std::uint64_t> heap, int maxDepth, std::span<const std::uint32_t> sortedDirtyWords,
                      std::vector<std::uint32_t>& scratch);

}  // namespace cbt::reduction
