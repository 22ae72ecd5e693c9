#include "bench/TriangleDump.h"

#include "bisector/PointRefinement.h"
#include "leb/PointRefinement.h"

#include <array>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <stdexcept>

#include <glm/vec2.hpp>

namespace bench {

namespace {

// One line: "id x0 y0 x1 y1 x2 y2", exact for dyadic coordinates.
void writeTriangleLine(std::ostream& out, std::uint64_t id, const glm::dvec2& v0, const glm::dvec2& v1,
                       const glm::dvec2& v2)
{
    std::array<char, 256> line{};
    const int length = std::snprintf(line.data(), line.size(), "%llu %.17g %.17g %.17g %.17g %.17g %.17g\n",
                                     static_cast<unsigned long long>(id), v0.x, v0.y, v1.x, v1.y, v2.x, v2.y);
    out.write(line.data(), length);
}

}  // namespace

std::uint64_t writeTriangleDump(std::ostream& out, const cbt::ConcurrentBinaryTree& tree, leb::Domain domain)
{
    std::uint64_t lineCount = 0;
    for (const leb::LeafTriangle& leaf : leb::leafTriangles(tree, domain)) {
        const auto& v = leaf.triangle.v;
        writeTriangleLine(out, leaf.heapIndex, v[0], v[1], v[2]);
        ++lineCount;
    }
    return lineCount;
}

std::uint64_t writePoolTriangleDump(std::ostream& out, const bisector::Pool& pool)
{
    std::uint64_t lineCount = 0;
    for (const bisector::LeafTriangle& leaf : bisector::leafTriangles(pool)) {
        const auto& v = leaf.vertices;
        writeTriangleLine(out, leaf.key, v[0], v[1], v[2]);
        ++lineCount;
    }
    return lineCount;
}

namespace {

template <class Write>
std::uint64_t writeDumpFile(const std::filesystem::path& path, const Write& write)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) {
        throw std::runtime_error("can not open '" + path.string() + "' for writing");
    }
    const std::uint64_t lineCount = write(file);
    file.flush();
    if (!file) {
        throw std::runtime_error("could not write '" + path.string() + "'");
    }
    return lineCount;
}

}  // namespace

std::uint64_t writeTriangleDumpFile(const std::filesystem::path& path, const cbt::ConcurrentBinaryTree& tree,
                                    leb::Domain domain)
{
    return writeDumpFile(path, [&](std::ostream& out) { return writeTriangleDump(out, tree, domain); });
}

std::uint64_t writePoolTriangleDumpFile(const std::filesystem::path& path, const bisector::Pool& pool)
{
    return writeDumpFile(path, [&](std::ostream& out) { return writePoolTriangleDump(out, pool); });
}

}  // namespace bench
