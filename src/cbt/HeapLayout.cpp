// The public free functions describing the heap layout (paper §3.3).
#include "cbt/HeapLayout.h"
#include "cbt/ConcurrentBinaryTree.h"
#include "cbt/TreeErrors.h"

#include <bit>

namespace cbt {

int findMSB(std::uint64_t value) noexcept
{
    return 63 - std::countl_zero(value);
}

int depthOf(HeapIndex heapIndex) noexcept
{
    return findMSB(heapIndex);
}

BitRange elementBitRange(int maxDepth, HeapIndex heapIndex) noexcept
{
    if (heapIndex == 0) {
        // Heap index 0 is the header holding the max depth.
        return {0, layout::headerBitCount(maxDepth)};
    }
    const int depth = depthOf(heapIndex);
    const int width = layout::fieldWidth(maxDepth, depth);
    return {(std::uint64_t{1} << (depth + 1)) + std::uint64_t{heapIndex} * static_cast<std::uint64_t>(width), width};
}

std::size_t heapByteSize(int maxDepth)
{
    errors::requireMaxDepthInRange(maxDepth, "heapByteSize");
    return layout::heapByteCount(maxDepth);
}

}  // namespace cbt
