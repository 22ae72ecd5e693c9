// The CPU benchmarks' work (not their speed): refine, the random bitfield,
// the memcpy floor, decoding every leaf, the triangle dump and the paper
// anchors in the reports.
#include "bench/CpuBenchmarks.h"
#include "bench/GpuBenchmarks.h"
#include "bench/TriangleDump.h"

#include "leb/PointRefinement.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bench {
namespace {

const ReportField* findFigure(const Report& report, const std::string& key)
{
    const auto found = std::find_if(report.figures.begin(), report.figures.end(),
                                    [&key](const ReportField& field) { return field.key == key; });
    return found == report.figures.end() ? nullptr : &*found;
}

std::uint64_t setBitfieldBits(const cbt::ConcurrentBinaryTree& tree)
{
    std::uint64_t count = 0;
    const std::uint64_t first = std::uint64_t{3} << tree.maxDepth();
    const std::uint64_t last = std::uint64_t{4} << tree.maxDepth();
    for (std::uint64_t bit = first; bit < last; ++bit) {
        count += (std::to_integer<unsigned>(tree.bytes()[bit / 8]) >> (bit % 8)) & 1U;
    }
    return count;
}

TEST(RefineBenchmark, RefinesLikeTheLibraryAndReachesTheMaxDepth)
{
    for (const leb::Domain domain : {leb::Domain::Square, leb::Domain::Triangle}) {
        RefineOptions options;
        options.depth = 14;
        // Inside the domain: the triangle domain is the half x + y <= 1.
        options.point = leb::quantizePoint(domain == leb::Domain::Square ? glm::dvec2(0.3141592, 0.7182818)
                                                                         : glm::dvec2(0.2718281, 0.3141592));
        options.domain = domain;
        const RefineRun run = runRefine(options);

        cbt::ConcurrentBinaryTree reference(14, domain == leb::Domain::Square ? 1 : 0);
        const leb::RefineResult expected = leb::refineAroundPoint(reference, options.point, domain, 1);
        EXPECT_EQ(run.measurement.leafCount, expected.leafCount);
        EXPECT_EQ(run.measurement.passes, expected.passes);
        EXPECT_EQ(run.measurement.initDepth, domain == leb::Domain::Square ? 1 : 0);
        EXPECT_EQ(run.measurement.heapBytes, cbt::heapByteSize(14));
        EXPECT_TRUE(std::ranges::equal(run.tree.bytes(), reference.bytes()));
        const cbt::HeapIndex containing = leb::locatePoint(run.tree, options.point, domain);
        EXPECT_EQ(cbt::depthOf(containing), 14);
    }
}

TEST(RefineBenchmark, ReportCarriesThePaperAnchorOnlyAtDepth27)
{
    EXPECT_EQ(paperRefineSeconds(1), 12.55);
    EXPECT_EQ(paperRefineSeconds(16), 0.88);
    EXPECT_FALSE(paperRefineSeconds(3).has_value());

    RefineOptions options;
    options.depth = 27;
    RefineMeasurement measurement;
    measurement.refineSeconds = 1.0;
    const Report atPaperDepth = refineReport(options, measurement);
    ASSERT_NE(findFigure(atPaperDepth, "speedup_vs_paper"), nullptr);
    EXPECT_DOUBLE_EQ(std::get<double>(findFigure(atPaperDepth, "speedup_vs_paper")->value), 12.55);
    EXPECT_DOUBLE_EQ(std::get<double>(findFigure(atPaperDepth, "paper_seconds")->value), 12.55);

    measurement.refineSeconds = 3.0;
    EXPECT_NEAR(std::get<double>(findFigure(refineReport(options, measurement), "speedup_vs_paper")->value),
                12.55 / 3.0, 1e-12);

    options.depth = 20;
    EXPECT_EQ(findFigure(refineReport(options, measurement), "paper_seconds"), nullptr);
}

TEST(TriangleDump, OneExactLinePerLeafInLeafOrder)
{
    cbt::ConcurrentBinaryTree tree(12, 1);
    leb::refineAroundPoint(tree, glm::dvec2(0.75, 0.125), leb::Domain::Square, 1);
    std::ostringstream out;
    const std::uint64_t lines = writeTriangleDump(out, tree, leb::Domain::Square);
    EXPECT_EQ(lines, tree.nodeCount());

    std::istringstream in(out.str());
    std::string line;
    std::uint32_t leafIndex = 0;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::uint64_t heapIndex = 0;
        double coordinates[6] = {};
        fields >> heapIndex;
        for (double& coordinate : coordinates) {
            fields >> coordinate;
        }
        ASSERT_FALSE(fields.fail()) << line;
        std::string extra;
        EXPECT_FALSE(fields >> extra) << "more than 7 fields: " << line;
        EXPECT_EQ(heapIndex, tree.decodeNode(leafIndex));
        const leb::Triangle triangle = leb::decodeTriangle(static_cast<cbt::HeapIndex>(heapIndex), leb::Domain::Square);
        for (int vertex = 0; vertex < 3; ++vertex) {
            EXPECT_EQ(coordinates[2 * vertex], triangle.v[static_cast<std::size_t>(vertex)].x) << line;
            EXPECT_EQ(coordinates[2 * vertex + 1], triangle.v[static_cast<std::size_t>(vertex)].y) << line;
        }
        ++leafIndex;
    }
    EXPECT_EQ(leafIndex, tree.nodeCount());
}

// The heap and the pool dumps in one frame: at a depth both reach, the same
// triangles (as sorted vertex sets), whatever their ids.
std::vector<std::vector<double>> dumpedTriangles(const std::string& dump)
{
    std::vector<std::vector<double>> triangles;
    std::istringstream in(dump);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::uint64_t id = 0;
        std::array<std::pair<double, double>, 3> vertices{};
        fields >> id;
        for (auto& vertex : vertices) {
            fields >> vertex.first >> vertex.second;
        }
        EXPECT_FALSE(fields.fail()) << line;
        std::sort(vertices.begin(), vertices.end());
        std::vector<double> flat;
        for (const auto& vertex : vertices) {
            flat.push_back(vertex.first);
            flat.push_back(vertex.second);
        }
        triangles.push_back(flat);
    }
    std::sort(triangles.begin(), triangles.end());
    return triangles;
}

TEST(PoolRefineBenchmark, DumpsTheHeapsTrianglesInTheUnitSquareFrame)
{
    RefineOptions options;
    options.depth = 18;
    options.point = glm::dvec2(0.75, 0.125);  // on the heap's grid
    const RefineRun heap = runRefine(options);
    std::ostringstream heapDump;
    writeTriangleDump(heapDump, heap.tree, leb::Domain::Square);

    options.backend = Backend::Pool;
    options.poolSize = 1u << 12;
    const PoolRefineRun pool = runPoolRefine(options);
    std::ostringstream poolDump;
    EXPECT_EQ(writePoolTriangleDump(poolDump, pool.pool), pool.measurement.leafCount);
    EXPECT_EQ(pool.measurement.leafCount, heap.measurement.leafCount);
    EXPECT_EQ(pool.measurement.deepestLeaf, 18);
    EXPECT_EQ(dumpedTriangles(poolDump.str()), dumpedTriangles(heapDump.str()));
}

TEST(PoolRefineBenchmark, ReachesDepthSixtyAroundAPointOffEveryGrid)
{
    RefineOptions options;
    options.backend = Backend::Pool;
    options.depth = 60;
    options.point = glm::dvec2(0.3, 0.7);
    options.poolSize = 1u << 12;
    const PoolRefineRun run = runPoolRefine(options);
    EXPECT_EQ(run.measurement.deepestLeaf, 60);
    EXPECT_LE(run.measurement.frames, 64);
    const Report report = poolRefineReport(options, run.measurement);
    EXPECT_EQ(std::get<std::int64_t>(findFigure(report, "deepest_leaf")->value), 60);
    EXPECT_GT(std::get<std::int64_t>(findFigure(report, "pool_bytes")->value), 0);

    options.poolSize = 1u << 6;
    EXPECT_THROW(runPoolRefine(options), std::runtime_error);
}

TEST(RandomBitfield, SeededHalfFullAndConsistent)
{
    for (const int depth : {1, 2, 3, 5, 6, 7, 12, 16}) {
        cbt::ConcurrentBinaryTree first(depth, 0);
        fillBitfieldRandomly(first, 42);
        cbt::ConcurrentBinaryTree again(depth, 0);
        fillBitfieldRandomly(again, 42);
        EXPECT_TRUE(std::ranges::equal(first.bytes(), again.bytes())) << "D = " << depth;
        // The reduction is the one of the bitfield: loading validates it.
        EXPECT_NO_THROW(static_cast<void>(cbt::ConcurrentBinaryTree::fromBytes(first.bytes())));
        EXPECT_EQ(std::uint64_t{first.nodeCount()}, setBitfieldBits(first)) << "D = " << depth;
        const std::uint64_t bitZero = std::uint64_t{3} << depth;
        EXPECT_EQ((std::to_integer<unsigned>(first.bytes()[bitZero / 8]) >> (bitZero % 8)) & 1U, 1U)
            << "bitfield bit 0 stays set, D = " << depth;
    }
    cbt::ConcurrentBinaryTree tree(16, 0);
    fillBitfieldRandomly(tree, 1);
    cbt::ConcurrentBinaryTree other(16, 0);
    fillBitfieldRandomly(other, 2);
    EXPECT_FALSE(std::ranges::equal(tree.bytes(), other.bytes()));
    // 65536 fair coins: far inside 40 % .. 60 % for any seed worth the name.
    EXPECT_GT(tree.nodeCount(), 26214u);
    EXPECT_LT(tree.nodeCount(), 39322u);
}

TEST(WithoutSumReduction, ClearsExactlyTheReductionLevels)
{
    for (int depth = 1; depth <= 14; ++depth) {
        cbt::ConcurrentBinaryTree tree(depth, 0);
        fillBitfieldRandomly(tree, static_cast<std::uint64_t>(depth));
        const std::vector<std::byte> cleared = withoutSumReduction(tree.bytes(), depth);
        ASSERT_EQ(cleared.size(), tree.byteSize());
        const std::uint64_t firstReductionBit = static_cast<std::uint64_t>(depth) + 3U;
        const std::uint64_t bitfieldBit = std::uint64_t{3} << depth;
        for (std::uint64_t bit = 0; bit < std::uint64_t{4} << depth; ++bit) {
            const unsigned original = (std::to_integer<unsigned>(tree.bytes()[bit / 8]) >> (bit % 8)) & 1U;
            const unsigned result = (std::to_integer<unsigned>(cleared[bit / 8]) >> (bit % 8)) & 1U;
            const bool inReduction = bit >= firstReductionBit && bit < bitfieldBit;
            ASSERT_EQ(result, inReduction ? 0U : original) << "D = " << depth << ", bit " << bit;
        }
        EXPECT_THROW(static_cast<void>(cbt::ConcurrentBinaryTree::fromBytes(cleared)), std::invalid_argument)
            << "D = " << depth;
    }
}

TEST(ReduceBenchmark, MeasuresARealReductionAndCopy)
{
    ReduceOptions options;
    options.depth = 14;
    options.iterations = 3;
    const ReduceMeasurement measurement = runReduce(options);
    EXPECT_EQ(measurement.heapBytes, cbt::heapByteSize(14));
    EXPECT_EQ(std::uint64_t{measurement.leafCount}, measurement.setBits);
    EXPECT_EQ(measurement.reduceSeconds.count, 3u);
    EXPECT_EQ(measurement.memcpySeconds.count, 3u);
    const Report report = reduceReport(options, measurement);
    EXPECT_TRUE(std::get<bool>(findFigure(report, "reduction_matches_bitfield")->value));
    EXPECT_NE(findFigure(report, "reduce_to_memcpy_ratio"), nullptr);
}

TEST(ReduceBenchmark, MemcpyFloorCopiesEveryByteOverThreads)
{
    std::vector<std::byte> source(100003);
    for (std::size_t index = 0; index < source.size(); ++index) {
        source[index] = static_cast<std::byte>(index * 7U + 3U);
    }
    for (const unsigned threads : {1U, 2U, 3U}) {
        std::vector<std::byte> destination(source.size());
        const SampleSummary summary = measureMemcpy(source, destination, threads, 2);
        EXPECT_EQ(destination, source) << threads << " threads";
        EXPECT_EQ(summary.count, 2u);
    }
}

TEST(DecodeBenchmark, DecodesEveryLeafOverThreads)
{
    const cbt::ConcurrentBinaryTree full(10, 10);
    for (const unsigned threads : {1U, 2U, 3U, 7U}) {
        EXPECT_EQ(decodeEveryLeaf(full, threads), fullTreeHeapIndexSum(10)) << threads << " threads";
    }
    EXPECT_EQ(fullTreeHeapIndexSum(2), 4U + 5U + 6U + 7U);

    cbt::ConcurrentBinaryTree random(10, 0);
    fillBitfieldRandomly(random, 3);
    std::uint64_t serialSum = 0;
    for (std::uint32_t leaf = 0; leaf < random.nodeCount(); ++leaf) {
        serialSum += random.decodeNode(leaf);
    }
    EXPECT_EQ(decodeEveryLeaf(random, 3), serialSum);
}

TEST(DecodeBenchmark, VerifiesAndCarriesThe2023Anchors)
{
    DecodeOptions options;
    options.depth = 10;
    options.threads = 2;
    options.iterations = 2;
    const DecodeMeasurement measurement = runDecode(options);
    EXPECT_TRUE(measurement.heapIndicesVerified);
    EXPECT_EQ(measurement.leafCount, 1024u);
    EXPECT_EQ(measurement.seconds.count, 2u);
    const Report report = decodeReport(options, measurement);
    ASSERT_NE(findFigure(report, "paper_seconds"), nullptr);
    EXPECT_EQ(std::get<double>(findFigure(report, "paper_seconds")->value), 0.000073);
    EXPECT_EQ(paperDecodeSeconds(25, 1), 9.848790);
    EXPECT_FALSE(paperDecodeSeconds(24, 1).has_value());
    EXPECT_FALSE(paperDecodeSeconds(20, 3).has_value());
}

TEST(PoolIndexBenchmark, BothIndexesAgreeAndReportTheirSizes)
{
    PoolIndexOptions options;
    options.poolSize = 4096;
    options.changes = 64;
    options.iterations = 3;
    const PoolIndexMeasurement measurement = runPoolIndex(options);
    EXPECT_TRUE(measurement.indexesAgree);
    EXPECT_TRUE(measurement.answersAreFree);
    EXPECT_TRUE(measurement.incrementalMatchesRebuild);
    EXPECT_TRUE(poolIndexFailedCheck(measurement).empty());
    EXPECT_GT(measurement.usedSlots, 1024u);  // about half of the pool
    EXPECT_LT(measurement.usedSlots, 3072u);
    EXPECT_EQ(measurement.popcountSeconds.count, 3u);
    ASSERT_EQ(measurement.indexes[0].name, "sum-tree");
    ASSERT_EQ(measurement.indexes[1].name, "fenwick");
    EXPECT_EQ(measurement.indexes[0].bytes, 2048u);            // the CBT heap of D = 12: 2^14 bits
    EXPECT_EQ(measurement.indexes[1].bytes, 512u + 65u * 4u);  // the bits and 64 + 1 counts
    for (const PoolIndexTimings& index : measurement.indexes) {
        EXPECT_EQ(index.frameSeconds.count, 3u) << index.name;
        EXPECT_EQ(index.incrementalSeconds.count, 3u) << index.name;
        EXPECT_GT(index.frameSeconds.median, 0.0) << index.name;
    }

    const Report report = poolIndexReport(options, measurement);
    EXPECT_TRUE(std::get<bool>(findFigure(report, "indexes_agree")->value));
    EXPECT_EQ(std::get<std::int64_t>(findFigure(report, "bitfield_bytes")->value), 512);
    ASSERT_EQ(report.tables.size(), 1u);
    ASSERT_EQ(report.tables[0].rows.size(), 3u);                    // both indexes and the floor
    EXPECT_EQ(std::get<double>(report.tables[0].rows[0][2]), 0.5);  // bytes per slot of the sum tree
    EXPECT_EQ(std::get<double>(report.tables[0].rows[2][3]), 1.0);  // the floor's bytes over the bits
}

TEST(PoolIndexBenchmark, SameSeedSameFramesAndEveryFailedCheckIsNamed)
{
    PoolIndexOptions options;
    options.poolSize = 256;
    options.changes = 8;
    options.iterations = 2;
    options.seed = 5;
    EXPECT_EQ(runPoolIndex(options).usedSlots, runPoolIndex(options).usedSlots);

    PoolIndexMeasurement failed;
    failed.indexesAgree = false;
    EXPECT_NE(poolIndexFailedCheck(failed).find("different slots"), std::string::npos);
    failed.indexesAgree = true;
    failed.answersAreFree = false;
    EXPECT_NE(poolIndexFailedCheck(failed).find("in use"), std::string::npos);
    failed.answersAreFree = true;
    failed.incrementalMatchesRebuild = false;
    EXPECT_NE(poolIndexFailedCheck(failed).find("rebuild"), std::string::npos);
}

}  // namespace
}  // namespace bench
