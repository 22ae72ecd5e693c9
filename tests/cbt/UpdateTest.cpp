// Alg. 4 update on several threads and concurrent split / merge: the result
// must not depend on how the leaves are spread over threads.
#include "NaiveHeap.h"
#include "RandomTrees.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

namespace cbt {
namespace {

using testing::toVector;

TEST(Update, VisitsEveryLeafOnceInAnyThreadCount)
{
    const ConcurrentBinaryTree source = testing::randomTree(12, 4, 10);
    const std::vector<HeapIndex> leaves = testing::leavesFromBitfield(source);
    ASSERT_EQ(leaves.size(), source.nodeCount());
    for (const unsigned threads : {1U, 2U, 3U, 4U, 0U}) {
        ConcurrentBinaryTree tree = source;
        std::vector<std::atomic<int>> visits(std::size_t{2} << tree.maxDepth());
        tree.update([&visits](ConcurrentBinaryTree&, HeapIndex k) { visits[k].fetch_add(1); }, threads);
        for (std::size_t k = 0; k < visits.size(); ++k) {
            const bool isLeaf = std::find(leaves.begin(), leaves.end(), static_cast<HeapIndex>(k)) != leaves.end();
            ASSERT_EQ(visits[k].load(), isLeaf ? 1 : 0) << "heap index " << k << " threads " << threads;
        }
        EXPECT_EQ(toVector(tree.bytes()), toVector(source.bytes()));
    }
}

TEST(Update, ParallelEqualsSerialByteForByte)
{
    for (const int maxDepth : {6, 13, 16}) {
        ConcurrentBinaryTree serial(maxDepth, 3);
        ConcurrentBinaryTree parallel(maxDepth, 3);
        for (std::uint64_t pass = 0; pass < 14; ++pass) {
            const std::uint64_t seed = testing::mix(pass + 1000U * static_cast<std::uint64_t>(maxDepth));
            serial.update(testing::randomRefinement(seed, 5, 4), 1);
            parallel.update(testing::randomRefinement(seed, 5, 4), 4);
            ASSERT_EQ(toVector(parallel.bytes()), toVector(serial.bytes())) << "D = " << maxDepth << " pass " << pass;
            ASSERT_EQ(toVector(parallel.bytes()), testing::naiveReductionOf(parallel));
            ASSERT_FALSE(testing::leavesFromBitfield(parallel).empty()) << "tree is not well formed";
        }
        EXPECT_GT(parallel.nodeCount(), 8U) << "the passes should have refined the tree";
    }
}

TEST(Update, ConcurrentSplitsOnOverlappingNodesEqualSerial)
{
    constexpr int kMaxDepth = 16;
    constexpr unsigned kThreads = 8;
    std::mt19937_64 random(21);
    std::uniform_int_distribution<HeapIndex> anyNode(1, (HeapIndex{1} << kMaxDepth) - 1U);
    std::vector<HeapIndex> nodes(20000);
    for (HeapIndex& node : nodes) {
        node = anyNode(random);
    }
    // Every node of depth D-1 as well: their right-child bits are neighbours
    // in the same 64-bit words, written by all threads at once.
    for (HeapIndex k = HeapIndex{1} << (kMaxDepth - 1); k < (HeapIndex{1} << kMaxDepth); ++k) {
        nodes.push_back(k);
    }

    ConcurrentBinaryTree serial(kMaxDepth, 2);
    for (const HeapIndex node : nodes) {
        serial.splitNode(node);
    }
    serial.computeSumReduction();

    ConcurrentBinaryTree concurrent(kMaxDepth, 2);
    {
        std::vector<std::jthread> workers;
        for (unsigned thread = 0; thread < kThreads; ++thread) {
            // Thread t splits nodes i with i % 4 == t % 4 (each node by two
            // threads) plus every interleaved node t, t + 8, ...
            workers.emplace_back([&concurrent, &nodes, thread] {
                for (std::size_t i = thread % 4U; i < nodes.size(); i += 4U) {
                    concurrent.splitNode(nodes[i]);
                }
                for (std::size_t i = thread; i < nodes.size(); i += kThreads) {
                    concurrent.splitNode(nodes[i]);
                }
            });
        }
    }
    concurrent.computeSumReduction();
    EXPECT_EQ(toVector(concurrent.bytes()), toVector(serial.bytes()));
    EXPECT_EQ(toVector(concurrent.bytes()), testing::naiveReductionOf(concurrent));
}

TEST(Update, ConcurrentMergesEqualSerial)
{
    constexpr int kMaxDepth = 14;
    ConcurrentBinaryTree serial(kMaxDepth, kMaxDepth);
    ConcurrentBinaryTree concurrent(kMaxDepth, kMaxDepth);
    const HeapIndex first = HeapIndex{1} << kMaxDepth;
    for (HeapIndex k = first; k < 2 * first; k += 3) {
        serial.mergeNode(k);
    }
    serial.computeSumReduction();
    {
        std::vector<std::jthread> workers;
        for (HeapIndex thread = 0; thread < 4; ++thread) {
            workers.emplace_back([&concurrent, first, thread] {
                for (HeapIndex k = first + 3 * thread; k < 2 * first; k += 12) {
                    concurrent.mergeNode(k);
                }
            });
        }
    }
    concurrent.computeSumReduction();
    EXPECT_EQ(toVector(concurrent.bytes()), toVector(serial.bytes()));
    EXPECT_LT(concurrent.nodeCount(), first);
}

TEST(Update, CallbackExceptionsReachTheCaller)
{
    for (const unsigned threads : {1U, 4U}) {
        ConcurrentBinaryTree tree(10, 6);
        const auto throwing = [](ConcurrentBinaryTree& cbt, HeapIndex k) {
            cbt.splitNode(k);
            if (k == 64 + 37) {
                throw std::runtime_error("callback failed at leaf 37");
            }
        };
        try {
            tree.update(throwing, threads);
            FAIL() << "update should have rethrown the callback's exception";
        } catch (const std::runtime_error& error) {
            EXPECT_STREQ(error.what(), "callback failed at leaf 37");
        }
        // The tree is left reduced and consistent.
        EXPECT_EQ(toVector(tree.bytes()), testing::naiveReductionOf(tree));
        EXPECT_GT(tree.nodeCount(), 64U);
    }
}

TEST(Update, ZeroThreadsMeansHardwareConcurrency)
{
    ConcurrentBinaryTree tree(12, 4);
    tree.update([](ConcurrentBinaryTree& cbt, HeapIndex k) { cbt.splitNode(k); }, 0);
    EXPECT_EQ(tree.nodeCount(), 32U);
    EXPECT_EQ(toVector(tree.bytes()), toVector(ConcurrentBinaryTree(12, 5).bytes()));
}

}  // namespace
}  // namespace cbt
