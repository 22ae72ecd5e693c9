// The occupancy of a pool of bisectors (Benyoub & Dupuy 2024): P slots, P a
// power of two, bit s of the occupancy bitfield set when slot s is in use.
// The allocator's one query is select0(k), the slot of the k-th free slot in
// slot order. Two indexes answer it behind OccupancyIndex:
//
//   sum-tree  the CBT sum reduction over the bitfield (SumTreeIndex), the heap
//             layout the GPU's sum-reduction pass already builds;
//   fenwick   a Fenwick tree of the per-64-bit-word popcounts (FenwickIndex),
//             less memory, fewer levels to descend.
//
// Both are tested against a linear scan and each other (tests/bisector) and
// measured side by side by `cbt-bench pool-index` (docs/PERFORMANCE.md); the
// faster per frame is kDefaultOccupancyIndex.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace bisector {

inline constexpr std::uint32_t kMaxPoolCapacity = std::uint32_t{1} << 30;
inline constexpr std::uint32_t kSlotsPerWord = 64;

// Which slots of a pool are in use, and the allocator's query.
class OccupancyIndex {
public:
    virtual ~OccupancyIndex() = default;
    [[nodiscard]] virtual std::uint32_t capacity() const noexcept = 0;  // P
    // Rebuilds the whole index from the occupancy bits: words[i] holds slots 64i .. 64i+63, bit j = slot 64i+j.
    // words.size() == capacity / 64 (capacity < 64: one word, bits >= capacity must be 0).
    // Throws std::invalid_argument otherwise.
    virtual void rebuild(std::span<const std::uint64_t> words) = 0;
    // Mark used / free and update the index incrementally (no-op when already so).
    // Throw std::out_of_range when slot >= capacity(), like isUsed.
    virtual void set(std::uint32_t slot) = 0;
    virtual void clear(std::uint32_t slot) = 0;
    [[nodiscard]] virtual bool isUsed(std::uint32_t slot) const = 0;
    [[nodiscard]] virtual std::uint32_t usedCount() const noexcept = 0;
    [[nodiscard]] std::uint32_t freeCount() const noexcept { return capacity() - usedCount(); }
    // The slot of the k-th free slot (k = 0 is the lowest free slot). Throws std::out_of_range when k >= freeCount().
    [[nodiscard]] virtual std::uint32_t selectFree(std::uint32_t k) const = 0;
    [[nodiscard]] virtual std::size_t bytes() const noexcept = 0;      // memory of the index, occupancy bits included
    [[nodiscard]] virtual std::string_view name() const noexcept = 0;  // "sum-tree" or "fenwick"

protected:
    OccupancyIndex() = default;
    OccupancyIndex(const OccupancyIndex&) = default;
    OccupancyIndex& operator=(const OccupancyIndex&) = default;

    // The checks every implementation makes, with the messages of the contract.
    void requireSlotInRange(std::uint32_t slot) const;
    void requireFreeRank(std::uint32_t k) const;
    void requireOccupancyWords(std::span<const std::uint64_t> words) const;
};

enum class OccupancyIndexKind { SumTree, Fenwick };
// The faster per frame (rebuild + selects) in cbt-bench pool-index at 2^16 .. 2^22 slots, 1.4-1.8x; see
// docs/PERFORMANCE.md, "Pool occupancy index (CPU)".
inline constexpr OccupancyIndexKind kDefaultOccupancyIndex = OccupancyIndexKind::Fenwick;
std::string_view occupancyIndexName(OccupancyIndexKind kind) noexcept;
// capacity: a power of two from 1 to 2^30; anything else throws std::invalid_argument with a one-line message
// naming the value.
std::unique_ptr<OccupancyIndex> makeOccupancyIndex(OccupancyIndexKind kind, std::uint32_t capacity);

// Throws std::invalid_argument, naming `caller` and the value, unless `capacity` is a power of two from 1 to 2^30.
void requirePoolCapacity(std::uint32_t capacity, std::string_view caller);

// A pool below 64 slots keeps its bits in one word whose bits at `capacity` and above (the surplus) both
// indexes hold permanently used, so that no query lands there and one code path serves every capacity.
// The mask of those bits: 0 for capacity >= 64.
[[nodiscard]] std::uint64_t surplusSlotMask(std::uint32_t capacity) noexcept;
// The number of occupancy words: capacity / 64, at least one.
[[nodiscard]] std::size_t occupancyWordCount(std::uint32_t capacity) noexcept;

}  // namespace bisector
