// Helpers shared by the GPU update-pipeline tests (label gpu): CPU reference
// trees, heap byte comparison and guard checks.
#pragma once

#include "cbt/ConcurrentBinaryTree.h"
#include "cbt/gpu/ConcurrentBinaryTree.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cbt::gpu::test {

// Guard patterns: a set of bits a stray write would change, and garbage.
inline constexpr std::uint32_t kGuardAllOnes = 0xFFFFFFFFu;
inline constexpr std::uint32_t kGuardPattern = 0xA5C3E10Fu;
inline constexpr HeapGuardBytes kTestGuards{256, 256};

// A tree whose bitfield bits are random (bit 0, the first leaf, is always
// set), with its reduction computed by computeSumReductionFull.
cbt::ConcurrentBinaryTree randomBitfieldTree(int maxDepth, std::uint32_t seed);

// The tree's bytes with every bit of the reduction (levels 0 .. D-1)
// replaced by random bits; the header and the bitfield are kept.
std::vector<std::byte> withGarbageReduction(const cbt::ConcurrentBinaryTree& tree, std::uint32_t seed);

// Equal bytes, or a failure naming the first differing byte and the count.
::testing::AssertionResult sameBytes(std::span<const std::byte> actual, std::span<const std::byte> expected);

// Every byte of both guard regions still holds `pattern`.
::testing::AssertionResult guardsHold(const ConcurrentBinaryTree& tree, std::uint32_t pattern);

}  // namespace cbt::gpu::test
