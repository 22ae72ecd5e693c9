// --dump-triangles: one leaf per line, "id x0 y0 x1 y1 x2 y2", coordinates
// in the heap's unit-square frame (corners (0,0), (1,0), (1,1), (0,1))
// printed with 17 significant digits (exact for LEB's dyadic coordinates).
// The heap's id is the leaf's heap index, in leaf-index order; the pool's is
// the bisector's 64-bit key, in key order.
#pragma once

#include "bisector/Pool.h"
#include "cbt/ConcurrentBinaryTree.h"
#include "leb/LongestEdgeBisection.h"

#include <cstdint>
#include <filesystem>
#include <iosfwd>

namespace bench {

// Writes every leaf of `tree`; returns the number of lines written.
std::uint64_t writeTriangleDump(std::ostream& out, const cbt::ConcurrentBinaryTree& tree, leb::Domain domain);

// The same into a file. Throws std::runtime_error naming the path when it
// can not be written.
std::uint64_t writeTriangleDumpFile(const std::filesystem::path& path, const cbt::ConcurrentBinaryTree& tree,
                                    leb::Domain domain);

// Every live bisector of a pool on the unit square; returns the lines written.
std::uint64_t writePoolTriangleDump(std::ostream& out, const bisector::Pool& pool);
std::uint64_t writePoolTriangleDumpFile(const std::filesystem::path& path, const bisector::Pool& pool);

}  // namespace bench
