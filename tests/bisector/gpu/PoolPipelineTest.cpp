// The bisector pool on the GPU against the CPU pool: after every frame of a
// criterion on keys alone, over hundreds of frames of splits and merges, the
// two hold the same mesh in canonical form, the GPU's read-back meets every
// invariant, and the index pass lists every live bisector. Validation and synchronization validation are on (any
// message fails the test).
#include "GpuTestEnvironment.h"

#include "bisector/HashedCriterion.h"
#include "bisector/PointRefinement.h"
#include "bisector/Pool.h"
#include "bisector/PoolInvariants.h"
#include "bisector/gpu/PointCriterion.h"
#include "bisector/gpu/PoolBuffers.h"
#include "bisector/gpu/PoolConvergence.h"
#include "bisector/gpu/PoolPipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace bisector::gpu {
namespace {

class PoolPipelineTest : public vk::test::GpuTest {};

HalfedgeMesh cube()
{
    return HalfedgeMesh::fromPolygons(
        {glm::dvec3(-1, -1, -1), glm::dvec3(1, -1, -1), glm::dvec3(1, 1, -1), glm::dvec3(-1, 1, -1),
         glm::dvec3(-1, -1, 1), glm::dvec3(1, -1, 1), glm::dvec3(1, 1, 1), glm::dvec3(-1, 1, 1)},
        {{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}});
}

std::string firstLines(const std::vector<std::string>& lines)
{
    std::string text;
    for (std::size_t i = 0; i < lines.size() && i < 5; ++i) {
        text += lines[i] + "\n";
    }
    return text;
}

// The live slots (key != 0) in slot order: select1 of every rank.
std::vector<std::uint32_t> liveSlotsInOrder(const PoolState& state)
{
    std::vector<std::uint32_t> slots;
    for (std::uint32_t slot = 0; slot < state.keys.size(); ++slot) {
        if (state.keys[slot] != 0) {
            slots.push_back(slot);
        }
    }
    return slots;
}

// The index pass's lists: the live list is every live slot in slot order,
// and the visible list, as the hashed criterion shows every bisector, holds
// each live slot once (in any order).
void expectIndexLists(const PoolBuffers& buffers, const PoolState& gpu, const PoolCounters& counters, int frame)
{
    const std::vector<std::uint32_t> live = liveSlotsInOrder(gpu);
    ASSERT_EQ(counters.counts[0], live.size()) << "frame " << frame;
    EXPECT_EQ(buffers.downloadList(PoolList::Live, counters.counts[0]), live) << "frame " << frame;
    ASSERT_EQ(counters.visibleCount, live.size()) << "frame " << frame;
    std::vector<std::uint32_t> visible = buffers.downloadList(PoolList::Visible, counters.visibleCount);
    std::ranges::sort(visible);
    EXPECT_EQ(visible, live) << "frame " << frame;
}

// Runs `frames` updates of the hashed criterion on both pools and compares
// them after each.
void expectSameFrames(vk::Device& device, const vk::ShaderLibrary& shaders, HalfedgeMesh mesh, int rootDepth,
                      std::uint32_t capacity, int frames)
{
    const PoolSettings settings{.capacity = capacity, .maxDepth = rootDepth + 10, .rootDepth = rootDepth};
    Pool cpu(mesh, settings);
    PoolBuffers buffers(device, capacity);
    buffers.upload(cpu);
    PoolPipeline pipeline(device, shaders, buffers, cpu.layout(), hashedPoolPrograms());
    const int middleDepth = rootDepth + 6;
    std::uint32_t merged = 0;
    for (int frame = 0; frame < frames; ++frame) {
        const UpdateStatistics expected = cpu.update(hashedCriterion(static_cast<std::uint32_t>(frame), middleDepth));
        ASSERT_EQ(expected.splitsDeferred, 0u) << "the test's pool must not fill";
        merged += expected.diamondsMerged;
        device.submitAndWait([&](VkCommandBuffer commands) {
            pipeline.record(commands, PoolFrame{.frame = static_cast<std::uint32_t>(frame),
                                                .maxDepth = settings.maxDepth,
                                                .criterionArgument = static_cast<std::uint32_t>(middleDepth)});
        });
        const PoolState gpu = buffers.download();
        ASSERT_EQ(canonicalForm(gpu), canonicalForm(cpu.state())) << "frame " << frame;
        const PoolCounters counters = buffers.downloadCounters();
        EXPECT_GE(counters.budget, 0) << "frame " << frame;
        EXPECT_EQ(counters.deferredCount, 0u);
        EXPECT_EQ(counters.allocationCursor, expected.slotsAllocated) << "frame " << frame;
        EXPECT_EQ(counters.freedCount, expected.slotsFreed) << "frame " << frame;
        EXPECT_EQ(counters.counts[0], cpu.liveCount()) << "frame " << frame;
        expectIndexLists(buffers, gpu, counters, frame);
        if (frame % 25 == 0 || frame == frames - 1) {
            const std::vector<std::string> violations = invariantViolations(gpu, cpu.layout(), cpu.mesh());
            ASSERT_TRUE(violations.empty()) << "frame " << frame << ":\n" << firstLines(violations);
        }
    }
    EXPECT_GT(merged, 100u) << "the run must merge as well as split";
}

TEST_F(PoolPipelineTest, EqualsTheCpuPoolFrameAfterFrameOnTheUnitSquare)
{
    expectSameFrames(device(), shaders(), HalfedgeMesh::unitSquare(), 2, 1u << 14, 200);
}

TEST_F(PoolPipelineTest, EqualsTheCpuPoolFrameAfterFrameOnAClosedCube)
{
    expectSameFrames(device(), shaders(), cube(), 0, 1u << 15, 120);
}

// Refines around a point on the GPU until a frame changes nothing; returns
// the frames that took (the last one included).
int refineOnTheGpu(vk::Device& device, const vk::ShaderLibrary& shaders, Pool& cpu, PointCriterion& criterion,
                   PoolBuffers& buffers)
{
    buffers.upload(cpu);
    PoolPipeline pipeline(device, shaders, buffers, cpu.layout(), criterion.programs());
    for (int frame = 1; frame <= 200; ++frame) {
        device.submitAndWait([&](VkCommandBuffer commands) {
            pipeline.record(commands, PoolFrame{.frame = static_cast<std::uint32_t>(frame),
                                                .maxDepth = cpu.maxDepth(),
                                                .criterionSet = criterion.descriptorSet()});
        });
        const PoolCounters counters = buffers.downloadCounters();
        EXPECT_EQ(counters.deferredCount, 0u);
        if (counters.counts[2] == 0 && counters.counts[3] == 0) {
            return frame;
        }
    }
    return -1;
}

TEST_F(PoolPipelineTest, RefinesAroundAPointToDepth56InAtMost60FramesAsTheCpuDoes)
{
    const glm::dvec2 point(0.3, 0.7);
    PointCriterion criterion(device(), point);
    for (const int depth : {28, 56}) {
        Pool cpu(HalfedgeMesh::unitSquare(), {.capacity = 1u << 12, .maxDepth = depth, .rootDepth = 2});
        PoolBuffers buffers(device(), cpu.capacity());
        const int frames = refineOnTheGpu(device(), shaders(), cpu, criterion, buffers);
        EXPECT_GT(frames, 0) << "the GPU refinement did not settle";
        EXPECT_LE(frames, 60) << "depth " << depth;
        const PoolState gpu = buffers.download();
        refineAroundPoint(cpu, criterion.target());
        EXPECT_EQ(canonicalForm(gpu), canonicalForm(cpu.state())) << "depth " << depth;
        const std::vector<std::string> violations = invariantViolations(gpu, cpu.layout(), cpu.mesh());
        EXPECT_TRUE(violations.empty()) << firstLines(violations);
    }
}

// A surface's convergence over the real update: refining around a still
// point, the update runs until one changes nothing, is then left out with
// the pool untouched, and runs again once something changed; a completion
// of an update recorded before the change does not count.
TEST_F(PoolPipelineTest, AConvergedMeshLeavesTheUpdateOutUntilSomethingChanges)
{
    PointCriterion criterion(device(), glm::dvec2(0.3, 0.7));
    Pool cpu(HalfedgeMesh::unitSquare(), {.capacity = 1u << 12, .maxDepth = 28, .rootDepth = 2});
    PoolBuffers buffers(device(), cpu.capacity());
    buffers.upload(cpu);
    PoolPipeline pipeline(device(), shaders(), buffers, cpu.layout(), criterion.programs());
    PoolConvergence convergence;
    convergence.noteChanged();
    std::uint32_t frameNumber = 0;
    const auto update = [&] {
        std::uint64_t serial = 0;
        device().submitAndWait([&](VkCommandBuffer commands) {
            serial = convergence.recordUpdate(
                pipeline, commands,
                PoolFrame{
                    .frame = ++frameNumber, .maxDepth = cpu.maxDepth(), .criterionSet = criterion.descriptorSet()});
        });
        return serial;
    };
    // The split and merge lists' sizes: what the update changed.
    const auto countsNow = [&] {
        const PoolCounters counters = buffers.downloadCounters();
        return PoolCounts{counters.counts[0], counters.visibleCount, counters.deferredCount,
                          counters.counts[2] + counters.counts[3]};
    };
    int recorded = 0;
    std::uint64_t lastSerial = 0;
    while (!convergence.converged() && recorded < 80) {
        lastSerial = update();
        ASSERT_NE(lastSerial, 0u) << "an update was left out before the mesh converged";
        ++recorded;
        convergence.noteCompleted(lastSerial, countsNow());
    }
    ASSERT_TRUE(convergence.converged()) << "no update changed nothing in " << recorded << " frames";
    EXPECT_GT(recorded, 10);
    const PoolState settled = buffers.download();
    EXPECT_EQ(update(), 0u);
    EXPECT_EQ(convergence.skippedUpdates(), 1u);
    EXPECT_EQ(canonicalForm(buffers.download()), canonicalForm(settled));

    convergence.noteChanged();
    EXPECT_FALSE(convergence.converged());
    convergence.noteCompleted(lastSerial, PoolCounts{});  // recorded before the change
    EXPECT_FALSE(convergence.converged());
    const std::uint64_t after = update();
    EXPECT_NE(after, 0u);
    convergence.noteCompleted(after, countsNow());
    EXPECT_TRUE(convergence.converged()) << "the still point's mesh changed again";
}

}  // namespace
}  // namespace bisector::gpu
