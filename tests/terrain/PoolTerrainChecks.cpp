#include "PoolTerrainChecks.h"

#include "bisector/ExactGeometry.h"
#include "bisector/PoolInvariants.h"
#include "terrain/Terrain.h"

#include <gtest/gtest.h>
#include <glm/vec2.hpp>

#include <array>
#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace terrain::test {

namespace {

// Every vertex the draw reads, from the geometry cache: its exact position,
// and the cached position and (u, v) as bits.
struct CachedVertex {
    glm::i64vec2 exact{0};
    std::array<std::uint32_t, 5> bits{};  // x, y, z from the origin; u, v
};

std::vector<CachedVertex> cachedVertices(const bisector::PoolState& state, const PoolGeometryReadback& geometry)
{
    std::vector<CachedVertex> vertices;
    for (bisector::Slot slot = 0; slot < state.keys.size(); ++slot) {
        if (state.keys[slot] == bisector::kFreeKey) {
            continue;
        }
        const glm::vec4 vs = geometry.cache[4 * std::size_t{slot} + 3];
        for (std::size_t corner = 0; corner < 3; ++corner) {
            const glm::vec4 position = geometry.cache[4 * std::size_t{slot} + corner];
            CachedVertex vertex;
            vertex.exact = geometry.exact[3 * std::size_t{slot} + corner];
            const float values[5] = {position.x, position.y, position.z, position.w, vs[static_cast<int>(corner)]};
            for (std::size_t component = 0; component < 5; ++component) {
                vertex.bits[component] = std::bit_cast<std::uint32_t>(values[component]);
            }
            vertices.push_back(vertex);
        }
    }
    return vertices;
}

}  // namespace

void expectValidPool(const Terrain& terrain)
{
    const std::vector<std::string> violations =
        bisector::invariantViolations(terrain.readBackPool(), terrain.poolLayout(), terrain.poolMesh());
    EXPECT_TRUE(violations.empty()) << violations.front();
}

void expectWatertight(const Terrain& terrain)
{
    const bisector::PoolState state = terrain.readBackPool();
    const PoolGeometryReadback geometry = terrain.readBackPoolGeometry();
    const std::vector<CachedVertex> vertices = cachedVertices(state, geometry);
    ASSERT_FALSE(vertices.empty());
    std::map<std::pair<std::int64_t, std::int64_t>, std::array<std::uint32_t, 5>> seen;
    std::size_t shared = 0;
    std::size_t mismatches = 0;
    for (const CachedVertex& vertex : vertices) {
        const auto [entry, inserted] = seen.emplace(std::pair{vertex.exact.x, vertex.exact.y}, vertex.bits);
        if (!inserted) {
            ++shared;
            mismatches += entry->second != vertex.bits ? 1u : 0u;
        }
    }
    EXPECT_GT(shared, vertices.size() / 2) << "bisectors should share most vertices";
    EXPECT_EQ(mismatches, 0u) << "shared vertices with different cached bits";

    std::size_t wrongExact = 0;
    std::size_t wrongEdges = 0;
    for (bisector::Slot slot = 0; slot < state.keys.size(); ++slot) {
        if (state.keys[slot] == bisector::kFreeKey) {
            continue;
        }
        const std::array<glm::dvec3, 3> expected =
            bisector::bisectorVertices(state.keys[slot], terrain.poolLayout(), terrain.poolMesh());
        for (std::size_t corner = 0; corner < 3; ++corner) {
            const glm::dvec2 exact(geometry.exact[3 * std::size_t{slot} + corner]);
            wrongExact += exact / geometry.unitsPerSquare != glm::dvec2(expected[corner]) ? 1u : 0u;
        }
        for (const bisector::Slot neighbour : state.links[slot]) {
            if (neighbour == bisector::kNoSlot) {
                continue;
            }
            int common = 0;
            for (std::size_t a = 0; a < 3; ++a) {
                for (std::size_t b = 0; b < 3; ++b) {
                    common +=
                        geometry.exact[3 * std::size_t{slot} + a] == geometry.exact[3 * std::size_t{neighbour} + b] ? 1
                                                                                                                    : 0;
                }
            }
            wrongEdges += common != 2 ? 1u : 0u;
        }
    }
    EXPECT_EQ(wrongExact, 0u) << "exact vertices that are not their key's";
    EXPECT_EQ(wrongEdges, 0u) << "neighbours that do not share exactly one edge";
}

}  // namespace terrain::test
