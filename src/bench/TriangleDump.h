// --dump-triangles: one leaf per line, "heapIndex x0 y0 x1 y1 x2 y2", in
// leaf-index order, coordinates in the unit square printed with 17
// significant digits (exact for LEB's dyadic coordinates).
#pragma once

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

}  // namespace bench
