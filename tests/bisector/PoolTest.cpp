// The CPU bisector pool: construction, uniform refinement and coarsening,
// long random split/merge runs on several base meshes with every invariant
// checked after every frame, independence from the order of the passes,
// saturation of tiny pools, and lowering the max depth.
#include "bisector/HashedCriterion.h"
#include "bisector/Pool.h"
#include "bisector/PoolInvariants.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace bisector {
namespace {

std::string joined(const std::vector<std::string>& lines)
{
    std::string text;
    for (const std::string& line : lines) {
        text += line + "\n";
    }
    return text;
}

void expectValid(const Pool& pool, const std::string& when)
{
    const std::vector<std::string> violations = invariantViolations(pool.state(), pool.layout(), pool.mesh());
    EXPECT_TRUE(violations.empty()) << when << ":\n" << joined(violations);
}

Criterion constant(Decision decision)
{
    return [decision](const Pool&, Slot) { return decision; };
}

HalfedgeMesh mixedPolygons()
{
    // A triangle, a quad and a pentagon (12 halfedges, not a power of two),
    // with boundary edges.
    return HalfedgeMesh::fromPolygons(
        {glm::dvec3(0, 0, 0), glm::dvec3(2, 0, 0), glm::dvec3(2, 2, 0), glm::dvec3(0, 2, 0), glm::dvec3(3, 1, 0),
         glm::dvec3(3, 3, 0), glm::dvec3(1, 4, 0), glm::dvec3(-1, 3, 0)},
        {{0, 1, 2, 3}, {1, 4, 2}, {3, 2, 5, 6, 7}});
}

HalfedgeMesh cube()
{
    // Closed: every edge has a twin. Coordinates are dyadic, so every vertex is exact.
    return HalfedgeMesh::fromPolygons(
        {glm::dvec3(-1, -1, -1), glm::dvec3(1, -1, -1), glm::dvec3(1, 1, -1), glm::dvec3(-1, 1, -1),
         glm::dvec3(-1, -1, 1), glm::dvec3(1, -1, 1), glm::dvec3(1, 1, 1), glm::dvec3(-1, 1, 1)},
        {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}});
}

TEST(Pool, RefusesSizesAndDepthsItCannotHonour)
{
    EXPECT_THROW(Pool(HalfedgeMesh::unitSquare(), {.capacity = 100, .maxDepth = 10, .rootDepth = 2}),
                 std::invalid_argument);
    EXPECT_THROW(Pool(HalfedgeMesh::unitSquare(), {.capacity = 2, .maxDepth = 10, .rootDepth = 2}),
                 std::invalid_argument);
    EXPECT_THROW(Pool(HalfedgeMesh::unitSquare(), {.capacity = 64, .maxDepth = 1, .rootDepth = 2}),
                 std::invalid_argument);
    EXPECT_THROW(Pool(HalfedgeMesh::unitSquare(), {.capacity = 64, .maxDepth = 64, .rootDepth = 2}),
                 std::invalid_argument);
    try {
        Pool(HalfedgeMesh::unitSquare(), {.capacity = 100, .maxDepth = 10, .rootDepth = 2});
    } catch (const std::invalid_argument& error) {
        EXPECT_NE(std::string(error.what()).find("100"), std::string::npos);
    }
}

TEST(Pool, StartsWithOneValidRootPerHalfedge)
{
    const Pool pool(cube(), {.capacity = 64, .maxDepth = 20, .rootDepth = 0});
    EXPECT_EQ(pool.liveCount(), 24u);
    expectValid(pool, "cube roots");
    const Pool square(HalfedgeMesh::unitSquare(), {.capacity = 64, .maxDepth = 20, .rootDepth = 2});
    EXPECT_EQ(square.liveCount(), 4u);
    EXPECT_EQ(square.depth(0), 2);
    expectValid(square, "square roots");
}

TEST(Pool, UniformSplitsDoubleTheLeavesEachFrameAndMergesUndoThem)
{
    Pool pool(HalfedgeMesh::unitSquare(), {.capacity = 8192, .maxDepth = 12, .rootDepth = 2});
    for (int depth = 3; depth <= 12; ++depth) {
        const UpdateStatistics statistics = pool.update(constant(Decision::Split));
        EXPECT_EQ(pool.liveCount(), 4u << (depth - 2)) << "depth " << depth;
        EXPECT_EQ(statistics.slotsAllocated, pool.liveCount() / 2);
        expectValid(pool, "split to depth " + std::to_string(depth));
    }
    const UpdateStatistics atMax = pool.update(constant(Decision::Split));
    EXPECT_EQ(atMax.bisectorsChanged, 0u) << "nothing splits past the max depth";
    for (int depth = 11; depth >= 2; --depth) {
        const UpdateStatistics statistics = pool.update(constant(Decision::Merge));
        EXPECT_EQ(pool.liveCount(), 4u << (depth - 2)) << "depth " << depth;
        EXPECT_EQ(statistics.slotsFreed, pool.liveCount());
        expectValid(pool, "merged to depth " + std::to_string(depth));
    }
    EXPECT_EQ(pool.update(constant(Decision::Merge)).diamondsMerged, 0u) << "roots never merge";
}

struct MeshCase {
    const char* name;
    HalfedgeMesh (*make)();
    int rootDepth;
};

class RandomRuns : public ::testing::TestWithParam<MeshCase> {};

// Hundreds of frames of splits and merges from a criterion on keys alone:
// every invariant holds after every frame, and a second pool whose passes
// visit bisectors in shuffled orders holds the same mesh every frame.
TEST_P(RandomRuns, StayValidAndDoNotDependOnThePassOrder)
{
    const MeshCase& mesh = GetParam();
    const PoolSettings settings{.capacity = 1u << 15, .maxDepth = mesh.rootDepth + 10, .rootDepth = mesh.rootDepth};
    Pool ordered(mesh.make(), settings);
    Pool shuffled(mesh.make(), settings);
    std::mt19937_64 random(99);
    std::uint32_t merged = 0;
    std::uint32_t changed = 0;
    for (int frame = 0; frame < 300; ++frame) {
        const Criterion criterion = hashedCriterion(static_cast<std::uint32_t>(frame), mesh.rootDepth + 6);
        const UpdateStatistics statistics = ordered.update(criterion);
        shuffled.update(criterion, &random);
        ASSERT_EQ(statistics.splitsDeferred, 0u) << "the pool must not fill in this test";
        merged += statistics.diamondsMerged;
        changed += statistics.bisectorsChanged;
        if (frame % 10 == 0 || frame > 290) {
            expectValid(ordered, std::string(mesh.name) + " frame " + std::to_string(frame));
        }
        ASSERT_EQ(canonicalForm(ordered.state()), canonicalForm(shuffled.state())) << "frame " << frame;
    }
    EXPECT_GT(merged, 500u);
    EXPECT_GT(changed, 500u);
    expectValid(shuffled, std::string(mesh.name) + " shuffled");
}

INSTANTIATE_TEST_SUITE_P(
    BaseMeshes, RandomRuns,
    ::testing::Values(MeshCase{"unit square", &HalfedgeMesh::unitSquare, 2},
                      MeshCase{"triangle, quad and pentagon", &mixedPolygons, 0}, MeshCase{"cube", &cube, 0}),
    [](const ::testing::TestParamInfo<MeshCase>& parameter) {
        return std::string(parameter.index == 0 ? "UnitSquare" : parameter.index == 1 ? "Mixed" : "Cube");
    });

TEST(Pool, ATinyPoolSaturatesWithoutCorruptionAndConverges)
{
    Pool pool(cube(), {.capacity = 64, .maxDepth = 30, .rootDepth = 0});
    std::uint32_t deferred = 0;
    int quietFrames = 0;
    for (int frame = 0; frame < 200 && quietFrames < 3; ++frame) {
        const UpdateStatistics statistics = pool.update(constant(Decision::Split));
        deferred += statistics.splitsDeferred;
        ASSERT_LE(pool.liveCount(), pool.capacity());
        expectValid(pool, "saturating frame " + std::to_string(frame));
        quietFrames = statistics.bisectorsChanged == 0 ? quietFrames + 1 : 0;
    }
    EXPECT_EQ(quietFrames, 3) << "a full pool stops changing";
    EXPECT_GT(deferred, 0u) << "splits had to wait";
    EXPECT_GT(pool.liveCount(), 24u + 16u) << "the pool filled up";
    // Merges go on in a full pool.
    const UpdateStatistics merging = pool.update(constant(Decision::Merge));
    EXPECT_GT(merging.diamondsMerged, 0u);
    expectValid(pool, "merging a full pool");
}

TEST(Pool, LoweringTheMaxDepthMergesTheMeshDown)
{
    Pool pool(HalfedgeMesh::unitSquare(), {.capacity = 1u << 12, .maxDepth = 10, .rootDepth = 2});
    for (int frame = 0; frame < 10; ++frame) {
        pool.update(constant(Decision::Split));
    }
    ASSERT_EQ(pool.liveCount(), 4u << 8);
    pool.setMaxDepth(6);
    for (int frame = 0; frame < 10; ++frame) {
        pool.update(constant(Decision::Split));  // the criterion still asks for more
    }
    EXPECT_EQ(pool.liveCount(), 4u << 4);
    for (const Slot slot : pool.liveSlots()) {
        EXPECT_EQ(pool.depth(slot), 6);
    }
    expectValid(pool, "after lowering the depth");
    EXPECT_THROW(pool.setMaxDepth(1), std::invalid_argument);
}

}  // namespace
}  // namespace bisector
