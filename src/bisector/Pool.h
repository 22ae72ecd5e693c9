// The bisector pool (Benyoub and Dupuy 2024): a conforming longest-edge
// bisection mesh over any base polygon mesh, stored as a fixed pool of P
// bisector slots whose occupancy a CBT (or a Fenwick tree) indexes. Each live
// slot holds its key and the slots of its three neighbours, so depth is
// bounded by the 64-bit key (about 60 levels), memory by P, and the work of
// an update by what changes.
//
// This is the CPU reference for the Vulkan pipeline in bisector::gpu: one
// update() is one frame of the same passes, in the same order, with the same
// rules, so that the two agree in canonical form (sorted keys and neighbour
// keys) whatever order the threads run in.
#pragma once

#include "bisector/BisectorKey.h"
#include "bisector/ExactGeometry.h"
#include "bisector/HalfedgeMesh.h"
#include "bisector/OccupancyIndex.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <vector>

namespace bisector {

// What a criterion wants for one bisector this frame.
//   Split: split it (when it is shallower than the pool's max depth).
//   Merge: it need not be this fine: neither it nor its parent would be split.
//          A diamond merges when all its bisectors say so.
//   Keep:  neither.
enum class Decision : std::uint8_t { Keep, Split, Merge };

class Pool;
using Criterion = std::function<Decision(const Pool& pool, Slot slot)>;

// The state a GPU read-back gives too: per slot its key (0 = free) and links,
// and the occupancy bits (slot s = bit s % 64 of word s / 64).
struct PoolState {
    std::vector<Key> keys;
    std::vector<Links> links;
    std::vector<std::uint64_t> occupancy;
};

// What one update did.
struct UpdateStatistics {
    std::uint32_t splitRequests = 0;     // bisectors the criterion asked to split (below the max depth)
    std::uint32_t splitsDeferred = 0;    // of those, skipped because the pool could not pay for their chain
    std::uint32_t bisectorsChanged = 0;  // bisectors given a split pattern (requests and forced neighbours)
    std::uint32_t slotsAllocated = 0;
    std::uint32_t diamondsMerged = 0;
    std::uint32_t slotsFreed = 0;
};

struct PoolSettings {
    std::uint32_t capacity = 1u << 16;  // slots, a power of two, at least the base mesh's halfedge count
    int maxDepth = 0;                   // counted with the layout's root depth; must lie in [rootDepth, layout max]
    int rootDepth = 0;                  // the depth of the roots (2 for the unit-square terrain)
    OccupancyIndexKind index = kDefaultOccupancyIndex;
};

class Pool {
public:
    // Roots take slots 0 .. H-1 (H = halfedges); throws std::invalid_argument
    // with one line for a capacity or depth the pool cannot honour.
    Pool(HalfedgeMesh mesh, const PoolSettings& settings);

    // One frame: classify every live bisector with `criterion`, split (with
    // the conforming chains across bases, paid for in advance from the free
    // slots), allocate, bisect, relink, merge the diamonds that all agree,
    // relink, and rebuild the occupancy index. `shuffle`, when given,
    // permutes the order every pass visits bisectors in: the result must not
    // depend on it (what the tests check) unless the pool is too full to pay
    // for every chain.
    UpdateStatistics update(const Criterion& criterion, std::mt19937_64* shuffle = nullptr);

    [[nodiscard]] const HalfedgeMesh& mesh() const noexcept { return mesh_; }
    [[nodiscard]] const KeyLayout& layout() const noexcept { return layout_; }
    [[nodiscard]] std::uint32_t capacity() const noexcept { return static_cast<std::uint32_t>(state_.keys.size()); }
    [[nodiscard]] std::uint32_t liveCount() const noexcept { return index_->usedCount(); }
    [[nodiscard]] int maxDepth() const noexcept { return maxDepth_; }
    // Lowering the max depth makes every deeper bisector a merge candidate
    // until the mesh is back within it.
    void setMaxDepth(int maxDepth);

    [[nodiscard]] bool isLive(Slot slot) const { return state_.keys.at(slot) != kFreeKey; }
    [[nodiscard]] Key key(Slot slot) const { return state_.keys.at(slot); }
    [[nodiscard]] const Links& links(Slot slot) const { return state_.links.at(slot); }
    [[nodiscard]] int depth(Slot slot) const { return layout_.depth(key(slot)); }
    [[nodiscard]] std::vector<Slot> liveSlots() const;
    [[nodiscard]] TriangleWeights weights(Slot slot) const { return keyWeights(key(slot), layout_); }
    [[nodiscard]] std::array<glm::dvec3, 3> vertices(Slot slot) const;
    [[nodiscard]] const PoolState& state() const noexcept { return state_; }
    [[nodiscard]] const OccupancyIndex& index() const noexcept { return *index_; }

private:
    HalfedgeMesh mesh_;
    KeyLayout layout_;
    int maxDepth_;
    PoolState state_;
    std::unique_ptr<OccupancyIndex> index_;
};

}  // namespace bisector
