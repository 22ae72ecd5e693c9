#include "PipelineTestSupport.h"

#include <bit>
#include <random>
#include <sstream>

namespace cbt::gpu::test {

cbt::ConcurrentBinaryTree randomBitfieldTree(int maxDepth, std::uint32_t seed)
{
    cbt::ConcurrentBinaryTree tree(maxDepth, 0);
    std::mt19937 random(seed);
    const std::uint64_t bitCount = std::uint64_t{1} << maxDepth;
    // Bitfield bit p >= 1 belongs to node n = (2^D + p) >> ctz(p), a right
    // child: splitting its parent sets exactly that bit.
    for (std::uint64_t firstBit = 0; firstBit < bitCount; firstBit += 32) {
        const auto bits = static_cast<std::uint32_t>(random());
        for (std::uint64_t bit = 0; bit < 32 && firstBit + bit < bitCount; ++bit) {
            const std::uint64_t position = firstBit + bit;
            if (position == 0 || ((bits >> bit) & 1u) == 0) {
                continue;
            }
            const auto node = static_cast<cbt::HeapIndex>((bitCount + position) >> std::countr_zero(position));
            tree.splitNode(node / 2u);
        }
    }
    tree.computeSumReductionFull();
    return tree;
}

std::vector<std::byte> withGarbageReduction(const cbt::ConcurrentBinaryTree& tree, std::uint32_t seed)
{
    const std::span<const std::byte> original = tree.bytes();
    std::vector<std::byte> bytes(original.begin(), original.end());
    std::mt19937 random(seed);
    const int maxDepth = tree.maxDepth();
    const std::uint64_t firstBit = static_cast<std::uint64_t>(maxDepth) + 3;  // after the header
    const std::uint64_t endBit = std::uint64_t{3} << maxDepth;                // the bitfield
    for (std::uint64_t bit = firstBit; bit < endBit;) {
        const std::size_t byteIndex = static_cast<std::size_t>(bit >> 3);
        if ((bit & 7u) == 0 && bit + 8 <= endBit) {
            bytes[byteIndex] = static_cast<std::byte>(random() & 0xFFu);
            bit += 8;
            continue;
        }
        const auto mask = static_cast<std::byte>(1u << (bit & 7u));
        bytes[byteIndex] = (random() & 1u) != 0 ? (bytes[byteIndex] | mask) : (bytes[byteIndex] & ~mask);
        ++bit;
    }
    return bytes;
}

::testing::AssertionResult sameBytes(std::span<const std::byte> actual, std::span<const std::byte> expected)
{
    if (actual.size() != expected.size()) {
        return ::testing::AssertionFailure() << "sizes differ: " << actual.size() << " vs " << expected.size();
    }
    std::size_t differing = 0;
    std::size_t first = 0;
    for (std::size_t i = 0; i < actual.size(); ++i) {
        if (actual[i] != expected[i]) {
            if (differing == 0) {
                first = i;
            }
            ++differing;
        }
    }
    if (differing == 0) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << differing << " of " << actual.size() << " bytes differ, first at byte "
                                         << first << ": 0x" << std::hex << std::to_integer<unsigned>(actual[first])
                                         << " instead of 0x" << std::to_integer<unsigned>(expected[first]);
}

::testing::AssertionResult guardsHold(const ConcurrentBinaryTree& tree, std::uint32_t pattern)
{
    const std::vector<std::byte> guards = tree.downloadGuards();
    for (std::size_t i = 0; i < guards.size(); ++i) {
        const auto expected = static_cast<std::byte>((pattern >> (8 * (i % 4))) & 0xFFu);
        if (guards[i] != expected) {
            return ::testing::AssertionFailure() << "guard byte " << i << " of " << guards.size() << " changed";
        }
    }
    if (guards.size() != tree.guardBytesBefore() + tree.guardBytesAfter()) {
        return ::testing::AssertionFailure() << "unexpected guard size " << guards.size();
    }
    return ::testing::AssertionSuccess();
}

}  // namespace cbt::gpu::test
