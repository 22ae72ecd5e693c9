// The heap as bytes (what the GPU receives) and loading it back with
// validation of the size, the header and the sum reduction.
#include "cbt/ConcurrentBinaryTree.h"

#include "cbt/HeapLayout.h"
#include "cbt/SumReduction.h"
#include "cbt/TreeErrors.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <sstream>
#include <string>

namespace cbt {

static_assert(std::endian::native == std::endian::little,
              "the heap words are exposed as bytes: a little-endian host is required");

namespace {

constexpr std::string_view kCaller = "fromBytes";

// Heap index whose field holds heap bit `bit` (a bit of levels 0 .. D-1).
HeapIndex heapIndexAtBit(int maxDepth, std::uint64_t bit)
{
    int depth = 0;
    while (depth + 1 < maxDepth && bit >= layout::levelStartBit(maxDepth, depth + 1)) {
        ++depth;
    }
    const std::uint64_t offset = (bit - layout::levelStartBit(maxDepth, depth)) /
                                 static_cast<std::uint64_t>(layout::fieldWidth(maxDepth, depth));
    return static_cast<HeapIndex>((std::uint64_t{1} << depth) + offset);
}

// The first bytes, up to one word, as a little-endian integer.
std::uint64_t leadingWord(std::span<const std::byte> bytes)
{
    std::uint64_t word = 0;
    std::memcpy(&word, bytes.data(), std::min(bytes.size(), sizeof(word)));
    return word;
}

std::string hex(std::uint64_t value)
{
    std::ostringstream stream;
    stream << "0x" << std::hex << value;
    return stream.str();
}

}  // namespace

std::span<const std::byte> ConcurrentBinaryTree::bytes() const noexcept
{
    return {reinterpret_cast<const std::byte*>(words_.data()), byteSize()};
}

std::size_t ConcurrentBinaryTree::byteSize() const noexcept
{
    return words_.empty() ? 0 : layout::heapByteCount(maxDepth_);
}

ConcurrentBinaryTree ConcurrentBinaryTree::fromBytes(std::span<const std::byte> bytes)
{
    const std::size_t size = bytes.size();
    if (size == 0) {
        errors::fail(kCaller, "empty input (0 bytes); a heap of max depth D in 1..30 is 2^(D-1) bytes");
    }
    if (!std::has_single_bit(size)) {
        errors::fail(kCaller, "size " + std::to_string(size) + " bytes is not a power of two");
    }
    const std::uint64_t header = leadingWord(bytes);
    if (header == 0) {
        errors::fail(kCaller, "header has no set bit, so its max depth is out of range 1..30");
    }
    const int maxDepth = std::countr_zero(header);
    if (maxDepth < kMinMaxDepth || maxDepth > kMaxMaxDepth) {
        errors::fail(kCaller, "header max depth " + std::to_string(maxDepth) + " (lowest set bit of " + hex(header) +
                                  ") is out of range 1..30");
    }
    if (size != layout::heapByteCount(maxDepth)) {
        errors::fail(kCaller, "size " + std::to_string(size) + " bytes does not match the header's max depth " +
                                  std::to_string(maxDepth) + ", which needs " +
                                  std::to_string(layout::heapByteCount(maxDepth)) + " bytes");
    }
    const std::uint64_t headerBits = header & layout::lowBitMask(layout::headerBitCount(maxDepth));
    if (headerBits != layout::headerValue(maxDepth)) {
        errors::fail(kCaller, "header bits [0, " + std::to_string(layout::headerBitCount(maxDepth)) + ") are " +
                                  hex(headerBits) + ", not one-hot " + hex(layout::headerValue(maxDepth)) +
                                  " for max depth " + std::to_string(maxDepth));
    }

    ConcurrentBinaryTree tree;
    tree.allocate(maxDepth);
    std::memcpy(tree.words_.data(), bytes.data(), size);
    // Recompute the reduction from the bitfield and compare with the input.
    reduction::reduceFull(tree.words_, maxDepth);
    const std::span<const std::byte> recomputed = tree.bytes();
    const auto [given, expected] = std::mismatch(bytes.begin(), bytes.end(), recomputed.begin());
    if (given != bytes.end()) {
        const auto byteIndex = static_cast<std::uint64_t>(given - bytes.begin());
        const auto differingBits =
            static_cast<unsigned>(std::to_integer<unsigned>(*given) ^ std::to_integer<unsigned>(*expected));
        const std::uint64_t bit = byteIndex * 8U + static_cast<std::uint64_t>(std::countr_zero(differingBits));
        const HeapIndex heapIndex = heapIndexAtBit(maxDepth, bit);
        errors::fail(kCaller, "inconsistent sum reduction at heap index " + std::to_string(heapIndex) +
                                  " (stored value differs from the bitfield's count)");
    }
    return tree;
}

}  // namespace cbt
