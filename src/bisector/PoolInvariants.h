// Checks of a bisector pool's state, from the CPU pool or a GPU read-back:
// its canonical form, which does not depend on slot numbers, and the
// invariants every valid pool holds.
#pragma once

#include "bisector/BisectorKey.h"
#include "bisector/HalfedgeMesh.h"
#include "bisector/Pool.h"

#include <array>
#include <string>
#include <vector>

namespace bisector {

// (key, key of the left, right and base neighbour, 0 where there is none).
using CanonicalBisector = std::array<Key, 4>;

// Every live bisector in canonical form, sorted. Two pools hold the same mesh
// exactly when their canonical forms are equal, whatever slots they use.
std::vector<CanonicalBisector> canonicalForm(const PoolState& state);

// One line per violated invariant; empty for a valid pool:
//  - occupancy: bit s is set exactly when slot s holds a key;
//  - keys: valid for the layout, unique, prefix-free, and per root the leaves
//    partition it (the sum of 2^-levels is exactly 1);
//  - links: symmetric, to live slots, and typed (base to base: equal depth;
//    base to leg: one level coarser; leg to leg: equal depth); none only on
//    the base mesh's boundary;
//  - conforming: the two ends of every shared edge are the same points on
//    both sides, bit for bit (no T-junction).
// Reports at most `limit` lines.
std::vector<std::string> invariantViolations(const PoolState& state, const KeyLayout& layout, const HalfedgeMesh& mesh,
                                             std::size_t limit = 20);

}  // namespace bisector
