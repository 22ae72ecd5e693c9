// Test-only reference for the occupancy indexes: bits written and scanned
// one slot at a time, sharing no code with src/bisector.
#pragma once

#include "bisector/OccupancyIndex.h"

#include <array>
#include <cstdint>
#include <random>
#include <vector>

namespace bisector::testing {

inline constexpr std::array<OccupancyIndexKind, 2> kBothKinds{OccupancyIndexKind::SumTree, OccupancyIndexKind::Fenwick};

inline std::size_t wordCountOf(std::uint32_t capacity)
{
    return capacity < 64U ? 1U : capacity / 64U;
}

inline bool slotIsSet(const std::vector<std::uint64_t>& words, std::uint32_t slot)
{
    return ((words[slot / 64U] >> (slot % 64U)) & 1U) != 0;
}

inline void writeSlot(std::vector<std::uint64_t>& words, std::uint32_t slot, bool used)
{
    const std::uint64_t mask = std::uint64_t{1} << (slot % 64U);
    words[slot / 64U] = used ? words[slot / 64U] | mask : words[slot / 64U] & ~mask;
}

// Each slot used with probability `density` (0 and 1 exactly empty and full).
inline std::vector<std::uint64_t> randomOccupancy(std::uint32_t capacity, double density, std::mt19937_64& random)
{
    std::vector<std::uint64_t> words(wordCountOf(capacity), 0);
    std::bernoulli_distribution used(density);
    for (std::uint32_t slot = 0; slot < capacity; ++slot) {
        writeSlot(words, slot, used(random));
    }
    return words;
}

inline std::vector<std::uint64_t> fullOccupancy(std::uint32_t capacity)
{
    std::vector<std::uint64_t> words(wordCountOf(capacity), 0);
    for (std::uint32_t slot = 0; slot < capacity; ++slot) {
        writeSlot(words, slot, true);
    }
    return words;
}

// The free slots in increasing order: the answer to select0(k) is element k.
inline std::vector<std::uint32_t> freeSlotsOf(const std::vector<std::uint64_t>& words, std::uint32_t capacity)
{
    std::vector<std::uint32_t> freeSlots;
    for (std::uint32_t slot = 0; slot < capacity; ++slot) {
        if (!slotIsSet(words, slot)) {
            freeSlots.push_back(slot);
        }
    }
    return freeSlots;
}

}  // namespace bisector::testing
