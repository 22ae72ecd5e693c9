// Deterministic, order-independent random refinement for tests: a leaf's
// decision depends only on its heap index, the pass seed and whether its
// sibling is a leaf (read from the reduction of the previous pass, or from a
// ceil bit that no other leaf of the pass can change). So serial and
// parallel update passes make the same splits and merges, and every pass
// keeps the tree well formed (a merged pair is never split in the same pass).
#pragma once

#include "cbt/ConcurrentBinaryTree.h"

#include <algorithm>
#include <cstdint>

namespace cbt::testing {

inline std::uint64_t mix(std::uint64_t value)
{
    value ^= value >> 33;
    value *= 0xff51afd7ed558ccdU;
    value ^= value >> 33;
    value *= 0xc4ceb9fe1a85ec53U;
    value ^= value >> 33;
    return value;
}

// Merges a sibling pair of leaves with probability 1/mergeOneIn (the even
// leaf does it), otherwise splits a leaf with probability splitEighths / 8.
inline ConcurrentBinaryTree::LeafCallback randomRefinement(std::uint64_t passSeed, std::uint64_t mergeOneIn = 4,
                                                           std::uint64_t splitEighths = 3)
{
    return [=](ConcurrentBinaryTree& tree, HeapIndex k) {
        const bool siblingIsLeaf = k > 1 && tree.isLeaf(k ^ 1U);
        if (siblingIsLeaf && mix(passSeed ^ (std::uint64_t{k >> 1} << 32)) % mergeOneIn == 0) {
            if ((k & 1U) == 0) {
                tree.mergeNode(k);
            }
            return;
        }
        if (mix(passSeed + k) % 8U < splitEighths) {
            tree.splitNode(k);
        }
    };
}

// A random well-formed tree after `passes` serial update passes.
inline ConcurrentBinaryTree randomTree(int maxDepth, std::uint64_t seed, int passes)
{
    ConcurrentBinaryTree tree(maxDepth, std::min(maxDepth, 2));
    for (int pass = 0; pass < passes; ++pass) {
        tree.update(randomRefinement(mix(seed * 1000003U + static_cast<std::uint64_t>(pass))), 1);
    }
    return tree;
}

}  // namespace cbt::testing
