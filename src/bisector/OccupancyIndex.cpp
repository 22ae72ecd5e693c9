#include "bisector/OccupancyIndex.h"

#include "bisector/FenwickIndex.h"
#include "bisector/SumTreeIndex.h"

#include <bit>
#include <stdexcept>
#include <string>

namespace bisector {

void requirePoolCapacity(std::uint32_t capacity, std::string_view caller)
{
    if (!std::has_single_bit(capacity) || capacity > kMaxPoolCapacity) {
        throw std::invalid_argument(std::string(caller) + ": capacity " + std::to_string(capacity) +
                                    " is not a power of two from 1 to 2^30");
    }
}

std::uint64_t surplusSlotMask(std::uint32_t capacity) noexcept
{
    return capacity >= kSlotsPerWord ? 0U : ~std::uint64_t{0} << capacity;
}

std::size_t occupancyWordCount(std::uint32_t capacity) noexcept
{
    return capacity >= kSlotsPerWord ? capacity / kSlotsPerWord : 1U;
}

void OccupancyIndex::requireSlotInRange(std::uint32_t slot) const
{
    if (slot >= capacity()) {
        throw std::out_of_range(std::string(name()) + " index: slot " + std::to_string(slot) +
                                " is outside the pool of " + std::to_string(capacity()) + " slots");
    }
}

void OccupancyIndex::requireFreeRank(std::uint32_t k) const
{
    if (k >= freeCount()) {
        throw std::out_of_range(std::string(name()) + " index: no free slot of rank " + std::to_string(k) + " (" +
                                std::to_string(freeCount()) + " free)");
    }
}

void OccupancyIndex::requireOccupancyWords(std::span<const std::uint64_t> words) const
{
    if (words.size() != occupancyWordCount(capacity())) {
        throw std::invalid_argument(std::string(name()) + " index: rebuild from " + std::to_string(words.size()) +
                                    " words, a pool of " + std::to_string(capacity()) + " slots has " +
                                    std::to_string(occupancyWordCount(capacity())));
    }
    if ((words[0] & surplusSlotMask(capacity())) != 0) {
        throw std::invalid_argument(std::string(name()) + " index: bits at " + std::to_string(capacity()) +
                                    " and above are set, beyond the pool");
    }
}

std::string_view occupancyIndexName(OccupancyIndexKind kind) noexcept
{
    switch (kind) {
        case OccupancyIndexKind::SumTree: return "sum-tree";
        case OccupancyIndexKind::Fenwick: return "fenwick";
    }
    return "unknown";
}

std::unique_ptr<OccupancyIndex> makeOccupancyIndex(OccupancyIndexKind kind, std::uint32_t capacity)
{
    requirePoolCapacity(capacity, "bisector::makeOccupancyIndex");
    if (kind == OccupancyIndexKind::SumTree) {
        return std::make_unique<SumTreeIndex>(capacity);
    }
    return std::make_unique<FenwickIndex>(capacity);
}

}  // namespace bisector
