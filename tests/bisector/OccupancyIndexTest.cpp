// Both occupancy indexes against a linear scan of the bits (which shares no
// code with them) and against each other: random bitfields at many
// capacities, empty and full pools, every rank at small capacities,
// incremental set / clear against a rebuild, and the errors of the contract.
#include "OccupancyReference.h"

#include "bisector/FenwickIndex.h"
#include "bisector/OccupancyIndex.h"
#include "bisector/SumTreeIndex.h"

#include "cbt/ConcurrentBinaryTree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace bisector {
namespace {

using testing::freeSlotsOf;
using testing::kBothKinds;
using testing::randomOccupancy;
using testing::slotIsSet;

constexpr std::uint32_t kEveryRankUpTo = 4096;  // capacities checked at every rank
constexpr int kSampledRanks = 3000;             // ranks checked at larger capacities

// Every rank (small pools) or a random sample with both ends (large ones):
// the index answers what the scan answers.
void expectSelectsMatchScan(const OccupancyIndex& index, const std::vector<std::uint64_t>& words,
                            std::mt19937_64& random)
{
    const std::vector<std::uint32_t> freeSlots = freeSlotsOf(words, index.capacity());
    ASSERT_EQ(index.freeCount(), freeSlots.size()) << index.name() << " P = " << index.capacity();
    ASSERT_EQ(index.usedCount(), index.capacity() - freeSlots.size());
    const auto freeCount = static_cast<std::uint32_t>(freeSlots.size());
    if (freeCount == 0) {
        return;
    }
    if (index.capacity() <= kEveryRankUpTo) {
        for (std::uint32_t k = 0; k < freeCount; ++k) {
            ASSERT_EQ(index.selectFree(k), freeSlots[k]) << index.name() << " P = " << index.capacity() << " k " << k;
        }
        return;
    }
    for (int sample = 0; sample < kSampledRanks; ++sample) {
        const auto k = sample == 0   ? 0U
                       : sample == 1 ? freeCount - 1U
                                     : static_cast<std::uint32_t>((random() >> 32U) * freeCount >> 32U);
        ASSERT_EQ(index.selectFree(k), freeSlots[k]) << index.name() << " P = " << index.capacity() << " k " << k;
    }
}

void expectUsedBitsMatch(const OccupancyIndex& index, const std::vector<std::uint64_t>& words)
{
    for (std::uint32_t slot = 0; slot < index.capacity(); ++slot) {
        ASSERT_EQ(index.isUsed(slot), slotIsSet(words, slot)) << index.name() << " slot " << slot;
    }
}

TEST(OccupancyIndex, FactoryMakesEachKindEmptyWithItsName)
{
    EXPECT_EQ(occupancyIndexName(OccupancyIndexKind::SumTree), "sum-tree");
    EXPECT_EQ(occupancyIndexName(OccupancyIndexKind::Fenwick), "fenwick");
    for (const OccupancyIndexKind kind : kBothKinds) {
        for (const std::uint32_t capacity : {1U, 32U, 64U, 1024U}) {
            const auto index = makeOccupancyIndex(kind, capacity);
            EXPECT_EQ(index->name(), occupancyIndexName(kind));
            EXPECT_EQ(index->capacity(), capacity);
            EXPECT_EQ(index->usedCount(), 0U);
            EXPECT_EQ(index->freeCount(), capacity);
            for (std::uint32_t k = 0; k < capacity; ++k) {
                ASSERT_EQ(index->selectFree(k), k) << index->name() << " P = " << capacity;
                ASSERT_FALSE(index->isUsed(k));
            }
        }
    }
}

TEST(OccupancyIndex, InvalidCapacityThrowsNamingTheValue)
{
    for (const std::uint32_t capacity : {0U, 3U, 63U, 100U, (1U << 30) + 1U, 1U << 31}) {
        for (const OccupancyIndexKind kind : kBothKinds) {
            try {
                (void)makeOccupancyIndex(kind, capacity);
                ADD_FAILURE() << "capacity " << capacity << " was accepted";
            } catch (const std::invalid_argument& error) {
                const std::string message = error.what();
                EXPECT_NE(message.find(std::to_string(capacity)), std::string::npos) << message;
                EXPECT_EQ(message.find('\n'), std::string::npos) << message;
            }
        }
        EXPECT_THROW(SumTreeIndex{capacity}, std::invalid_argument);
        EXPECT_THROW(FenwickIndex{capacity}, std::invalid_argument);
    }
}

TEST(OccupancyIndex, RandomBitfieldsMatchTheScanAtManyCapacities)
{
    std::mt19937_64 random(2024);
    for (const std::uint32_t capacity : {1U, 2U, 8U, 32U, 64U, 128U, 4096U, 1U << 16, 1U << 20}) {
        for (const double density : {0.05, 0.5, 0.95}) {
            const std::vector<std::uint64_t> words = randomOccupancy(capacity, density, random);
            for (const OccupancyIndexKind kind : kBothKinds) {
                const auto index = makeOccupancyIndex(kind, capacity);
                index->rebuild(words);
                expectSelectsMatchScan(*index, words, random);
                if (capacity <= kEveryRankUpTo) {
                    expectUsedBitsMatch(*index, words);
                }
            }
        }
    }
}

TEST(OccupancyIndex, LargestTestedPoolMatchesTheScan)
{
    std::mt19937_64 random(24);
    const std::uint32_t capacity = 1U << 24;
    const std::vector<std::uint64_t> words = randomOccupancy(capacity, 0.7, random);
    for (const OccupancyIndexKind kind : kBothKinds) {
        const auto index = makeOccupancyIndex(kind, capacity);
        index->rebuild(words);
        expectSelectsMatchScan(*index, words, random);
    }
}

TEST(OccupancyIndex, BothIndexesAgreeOnEveryRankAtSmallCapacities)
{
    std::mt19937_64 random(77);
    for (std::uint32_t capacity = 1; capacity <= 2048; capacity *= 2) {
        for (int trial = 0; trial < 4; ++trial) {
            const std::vector<std::uint64_t> words = randomOccupancy(capacity, 0.25 * trial + 0.1, random);
            SumTreeIndex sumTree(capacity);
            FenwickIndex fenwick(capacity);
            sumTree.rebuild(words);
            fenwick.rebuild(words);
            ASSERT_EQ(sumTree.freeCount(), fenwick.freeCount()) << "P = " << capacity;
            for (std::uint32_t k = 0; k < sumTree.freeCount(); ++k) {
                ASSERT_EQ(sumTree.selectFree(k), fenwick.selectFree(k)) << "P = " << capacity << " k " << k;
            }
        }
    }
}

TEST(OccupancyIndex, EmptyAndFullPools)
{
    for (const std::uint32_t capacity : {1U, 16U, 64U, 128U, 1U << 16}) {
        const std::vector<std::uint64_t> empty(occupancyWordCount(capacity), 0);
        const std::vector<std::uint64_t> full = testing::fullOccupancy(capacity);
        for (const OccupancyIndexKind kind : kBothKinds) {
            const auto index = makeOccupancyIndex(kind, capacity);
            index->rebuild(full);
            EXPECT_EQ(index->usedCount(), capacity) << index->name();
            EXPECT_EQ(index->freeCount(), 0U);
            EXPECT_THROW((void)index->selectFree(0), std::out_of_range) << index->name() << " P = " << capacity;
            EXPECT_TRUE(index->isUsed(capacity - 1U));

            index->rebuild(empty);
            EXPECT_EQ(index->usedCount(), 0U);
            EXPECT_EQ(index->selectFree(0), 0U);
            EXPECT_EQ(index->selectFree(capacity - 1U), capacity - 1U) << index->name() << " P = " << capacity;
            EXPECT_THROW((void)index->selectFree(capacity), std::out_of_range);
        }
    }
}

TEST(OccupancyIndex, IncrementalSetAndClearMatchARebuild)
{
    std::mt19937_64 random(5);
    for (const std::uint32_t capacity : {1U, 4U, 64U, 128U, 4096U, 1U << 16}) {
        std::vector<std::uint64_t> words = randomOccupancy(capacity, 0.5, random);
        std::vector<std::unique_ptr<OccupancyIndex>> incremental;
        for (const OccupancyIndexKind kind : kBothKinds) {
            incremental.push_back(makeOccupancyIndex(kind, capacity));
            incremental.back()->rebuild(words);
        }
        for (int round = 0; round < 6; ++round) {
            for (int change = 0; change < 200; ++change) {
                // Narrow ranges revisit slots, so that sets of used and clears of free slots (no-ops) happen too.
                const auto slot = static_cast<std::uint32_t>(random() % std::min<std::uint64_t>(capacity, 512U));
                const bool use = (random() & 1U) != 0;
                testing::writeSlot(words, slot, use);
                for (const auto& index : incremental) {
                    use ? index->set(slot) : index->clear(slot);
                    ASSERT_EQ(index->isUsed(slot), use) << index->name();
                }
            }
            for (const OccupancyIndexKind kind : kBothKinds) {
                const auto rebuilt = makeOccupancyIndex(kind, capacity);
                rebuilt->rebuild(words);
                for (const auto& index : incremental) {
                    ASSERT_EQ(index->usedCount(), rebuilt->usedCount()) << index->name() << " P = " << capacity;
                    const std::uint32_t stride = 1U + rebuilt->freeCount() / 2048U;
                    for (std::uint64_t rank = 0; rank < rebuilt->freeCount(); rank += stride) {
                        const auto k = static_cast<std::uint32_t>(rank);
                        ASSERT_EQ(index->selectFree(k), rebuilt->selectFree(k))
                            << index->name() << " vs " << rebuilt->name() << " P = " << capacity << " k " << k;
                    }
                }
            }
            expectSelectsMatchScan(*incremental.front(), words, random);
            expectSelectsMatchScan(*incremental.back(), words, random);
        }
    }
}

TEST(OccupancyIndex, SumTreeStaysAValidCbtHeapThroughIncrementalChanges)
{
    std::mt19937_64 random(9);
    SumTreeIndex index(1U << 14);
    index.rebuild(randomOccupancy(1U << 14, 0.5, random));
    for (int change = 0; change < 5000; ++change) {
        const auto slot = static_cast<std::uint32_t>(random() % (1U << 14));
        (random() & 1U) != 0 ? index.set(slot) : index.clear(slot);
    }
    // fromBytes checks every count of the reduction against the bitfield.
    const cbt::ConcurrentBinaryTree copy = cbt::ConcurrentBinaryTree::fromBytes(index.tree().bytes());
    EXPECT_EQ(copy.nodeCount(), index.usedCount());
    EXPECT_EQ(copy.maxDepth(), 14);
}

TEST(OccupancyIndex, RankBeyondTheFreeSlotsThrowsOutOfRange)
{
    std::mt19937_64 random(3);
    for (const OccupancyIndexKind kind : kBothKinds) {
        for (const std::uint32_t capacity : {1U, 32U, 256U}) {
            std::vector<std::uint64_t> words = randomOccupancy(capacity, 0.5, random);
            testing::writeSlot(words, capacity - 1U, false);  // at least one free slot
            const auto index = makeOccupancyIndex(kind, capacity);
            index->rebuild(words);
            EXPECT_NO_THROW((void)index->selectFree(0)) << index->name();
            EXPECT_THROW((void)index->selectFree(index->freeCount()), std::out_of_range) << index->name();
            EXPECT_THROW((void)index->selectFree(std::numeric_limits<std::uint32_t>::max()), std::out_of_range);
        }
    }
}

TEST(OccupancyIndex, SlotBeyondThePoolThrowsOutOfRange)
{
    for (const OccupancyIndexKind kind : kBothKinds) {
        for (const std::uint32_t capacity : {1U, 32U, 128U}) {
            const auto index = makeOccupancyIndex(kind, capacity);
            EXPECT_THROW(index->set(capacity), std::out_of_range) << index->name();
            EXPECT_THROW(index->clear(capacity), std::out_of_range);
            EXPECT_THROW((void)index->isUsed(capacity), std::out_of_range);
            EXPECT_EQ(index->usedCount(), 0U);
        }
    }
}

TEST(OccupancyIndex, RebuildRejectsAWrongWordCountOrBitsBeyondThePool)
{
    for (const OccupancyIndexKind kind : kBothKinds) {
        const auto large = makeOccupancyIndex(kind, 256);
        EXPECT_THROW(large->rebuild(std::vector<std::uint64_t>(3, 0)), std::invalid_argument) << large->name();
        EXPECT_THROW(large->rebuild(std::vector<std::uint64_t>(5, 0)), std::invalid_argument);
        const auto small = makeOccupancyIndex(kind, 8);
        EXPECT_THROW(small->rebuild(std::vector<std::uint64_t>{0x100U}), std::invalid_argument) << small->name();
        EXPECT_THROW(small->rebuild(std::vector<std::uint64_t>(2, 0)), std::invalid_argument);
        small->rebuild(std::vector<std::uint64_t>{0xffU});
        EXPECT_EQ(small->usedCount(), 8U);
    }
}

TEST(OccupancyIndex, FenwickNeedsLessMemoryThanTheSumTree)
{
    const std::uint32_t capacity = 1U << 20;
    const SumTreeIndex sumTree(capacity);
    const FenwickIndex fenwick(capacity);
    // The CBT heap: 2^(D+2) bits. Fenwick: the bits plus one 32-bit count per word (and an unused entry 0).
    EXPECT_EQ(sumTree.bytes(), std::size_t{1} << 19);
    EXPECT_EQ(fenwick.bytes(), capacity / 8U + (capacity / 64U + 1U) * 4U);
    EXPECT_LT(fenwick.bytes(), sumTree.bytes());
    EXPECT_GE(fenwick.bytes(), capacity / 8U);  // the occupancy bits are included
}

}  // namespace
}  // namespace bisector
