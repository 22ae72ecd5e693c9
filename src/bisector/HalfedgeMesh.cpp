#include "bisector/HalfedgeMesh.h"

#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace bisector {

HalfedgeMesh HalfedgeMesh::fromPolygons(std::vector<glm::dvec3> vertices,
                                        const std::vector<std::vector<std::uint32_t>>& faces)
{
    if (faces.empty()) {
        throw std::invalid_argument("base mesh has no faces");
    }
    HalfedgeMesh mesh;
    mesh.vertices_ = std::move(vertices);
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> directedEdges;
    for (std::uint32_t face = 0; face < faces.size(); ++face) {
        const std::vector<std::uint32_t>& polygon = faces[face];
        const std::string where = "base mesh face " + std::to_string(face);
        if (polygon.size() < 3) {
            throw std::invalid_argument(where + " has " + std::to_string(polygon.size()) +
                                        " vertices; a face needs at least 3");
        }
        glm::dvec3 sum(0.0);
        const auto first = static_cast<std::uint32_t>(mesh.halfedges_.size());
        const auto count = static_cast<std::uint32_t>(polygon.size());
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::uint32_t vertex = polygon[i];
            if (vertex >= mesh.vertices_.size()) {
                throw std::invalid_argument(where + " names vertex " + std::to_string(vertex) + " of " +
                                            std::to_string(mesh.vertices_.size()));
            }
            for (std::uint32_t j = 0; j < i; ++j) {
                if (polygon[j] == vertex) {
                    throw std::invalid_argument(where + " repeats vertex " + std::to_string(vertex));
                }
            }
            sum += mesh.vertices_[vertex];
            Halfedge halfedge;
            halfedge.start = vertex;
            halfedge.next = first + (i + 1) % count;
            halfedge.prev = first + (i + count - 1) % count;
            halfedge.face = face;
            mesh.halfedges_.push_back(halfedge);
        }
        mesh.faceCentroids_.push_back(sum / static_cast<double>(count));
        for (std::uint32_t i = 0; i < count; ++i) {
            const std::pair<std::uint32_t, std::uint32_t> edge{polygon[i], polygon[(i + 1) % count]};
            if (!directedEdges.emplace(edge, first + i).second) {
                throw std::invalid_argument(where + " uses the edge " + std::to_string(edge.first) + " -> " +
                                            std::to_string(edge.second) +
                                            " in the same direction as another face (inconsistent orientation, or "
                                            "more than two faces on one edge)");
            }
        }
    }
    for (const auto& [edge, h] : directedEdges) {
        const auto twin = directedEdges.find({edge.second, edge.first});
        if (twin != directedEdges.end()) {
            mesh.halfedges_[h].twin = twin->second;
        }
    }
    return mesh;
}

HalfedgeMesh HalfedgeMesh::unitSquare()
{
    return fromPolygons(
        {glm::dvec3(0.0, 0.0, 0.0), glm::dvec3(1.0, 0.0, 0.0), glm::dvec3(1.0, 1.0, 0.0), glm::dvec3(0.0, 1.0, 0.0)},
        {{0, 1, 2, 3}});
}

RootTriangle HalfedgeMesh::rootTriangle(std::uint32_t h) const
{
    const Halfedge& halfedge = halfedges_.at(h);
    return {vertices_[end(h)], faceCentroids_[halfedge.face], vertices_[halfedge.start]};
}

Links HalfedgeMesh::rootLinks(std::uint32_t h) const
{
    const Halfedge& halfedge = halfedges_.at(h);
    return {halfedge.prev, halfedge.next, halfedge.twin == kNoHalfedge ? kNoSlot : halfedge.twin};
}

}  // namespace bisector
