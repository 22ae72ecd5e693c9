// The base mesh of the bisector pool: any polygon mesh, as halfedges. Each
// halfedge h of face f roots one bisector, the triangle
// (end(h), centroid(f), start(h)): the mesh edge is its base and the face's
// centre its apex. Its left leg (centre - start) is shared with the root of
// prev(h), its right leg (end - centre) with the root of next(h), and its
// base with the root of twin(h) (none on the mesh's boundary).
#pragma once

#include "bisector/BisectorKey.h"

#include <array>
#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

namespace bisector {

inline constexpr std::uint32_t kNoHalfedge = 0xFFFFFFFFu;

struct Halfedge {
    std::uint32_t start = 0;  // vertex the halfedge leaves
    std::uint32_t next = 0;
    std::uint32_t prev = 0;
    std::uint32_t twin = kNoHalfedge;  // kNoHalfedge on the boundary
    std::uint32_t face = 0;
};

using RootTriangle = std::array<glm::dvec3, 3>;

class HalfedgeMesh {
public:
    // Faces list vertex indices in a consistent order (all counter-clockwise
    // seen from the same side). Throws std::invalid_argument, in one line,
    // for a face of fewer than 3 vertices, a vertex index out of range, a
    // face that repeats a vertex, an edge used twice in the same direction
    // (inconsistent orientation or more than two faces on an edge), or no
    // faces at all.
    static HalfedgeMesh fromPolygons(std::vector<glm::dvec3> vertices,
                                     const std::vector<std::vector<std::uint32_t>>& faces);
    // The terrain's base mesh: the unit square (0,0), (1,0), (1,1), (0,1) in
    // the z = 0 plane, as one quad: 4 roots, whose children are the heap
    // backend's depth-2 triangles.
    static HalfedgeMesh unitSquare();

    [[nodiscard]] std::uint32_t halfedgeCount() const noexcept { return static_cast<std::uint32_t>(halfedges_.size()); }
    [[nodiscard]] std::uint32_t faceCount() const noexcept { return static_cast<std::uint32_t>(faceCentroids_.size()); }
    [[nodiscard]] const Halfedge& halfedge(std::uint32_t h) const { return halfedges_.at(h); }
    [[nodiscard]] const std::vector<glm::dvec3>& vertices() const noexcept { return vertices_; }
    [[nodiscard]] std::uint32_t end(std::uint32_t h) const { return halfedges_.at(halfedges_.at(h).next).start; }
    [[nodiscard]] const glm::dvec3& faceCentroid(std::uint32_t face) const { return faceCentroids_.at(face); }

    // The root bisector of halfedge h: (end(h), centroid(face(h)), start(h)).
    [[nodiscard]] RootTriangle rootTriangle(std::uint32_t h) const;
    // Its neighbours as root indices (= halfedge indices): left = prev(h),
    // right = next(h), base = twin(h) or kNoSlot.
    [[nodiscard]] Links rootLinks(std::uint32_t h) const;

private:
    std::vector<glm::dvec3> vertices_;
    std::vector<Halfedge> halfedges_;
    std::vector<glm::dvec3> faceCentroids_;
};

}  // namespace bisector
