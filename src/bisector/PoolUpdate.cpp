// One frame of the bisector pool, pass by pass as the GPU runs it:
//   classify -> split (patterns, chains across bases) -> allocate ->
//   bisect and relink -> merge -> relink -> occupancy.
// Every pass reads the state the previous one left and writes new arrays,
// so the order within a pass does not matter (the GPU's threads run in any
// order; `shuffle` makes this reference do the same).
#include "bisector/Pool.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

namespace bisector {
namespace {

struct Piece {
    Slot slot = kNoSlot;
    Edge edge = 0;
};

// The slots of the leaves a patterned bisector becomes. The first leaf in
// key order keeps the bisector's slot; the others take the new slots in key
// order. Unused entries are kNoSlot.
struct ChildSlots {
    Slot c0 = kNoSlot;   // key 2k (when not split further)
    Slot c1 = kNoSlot;   // key 2k + 1
    Slot c00 = kNoSlot;  // key 4k     (RIGHT)
    Slot c01 = kNoSlot;  // key 4k + 1 (RIGHT)
    Slot c10 = kNoSlot;  // key 4k + 2 (LEFT)
    Slot c11 = kNoSlot;  // key 4k + 3 (LEFT)
};

ChildSlots childSlots(Slot self, std::uint32_t pattern, const std::array<Slot, 3>& extra)
{
    ChildSlots children;
    const bool right = (pattern & kSplitRight) != 0;
    const bool left = (pattern & kSplitLeft) != 0;
    std::size_t next = 0;
    if (right) {
        children.c00 = self;
        children.c01 = extra[next++];
    } else {
        children.c0 = self;
    }
    if (left) {
        children.c10 = extra[next++];
        children.c11 = extra[next++];
    } else {
        children.c1 = extra[next++];
    }
    return children;
}

class FrameUpdate {
public:
    FrameUpdate(const KeyLayout& layout, int maxDepth, PoolState& state, OccupancyIndex& index,
                std::mt19937_64* shuffle)
        : layout_(layout),
          maxDepth_(maxDepth),
          state_(state),
          index_(index),
          shuffle_(shuffle),
          capacity_(static_cast<Slot>(state.keys.size())),
          pattern_(capacity_, 0u),
          extraSlots_(capacity_, {kNoSlot, kNoSlot, kNoSlot}),
          mergeCandidate_(capacity_, 0),
          live_(liveSlots())
    {
    }

    UpdateStatistics run(const Pool& pool, const Criterion& criterion)
    {
        const std::vector<Slot> splitRequests = classify(pool, criterion);
        split(splitRequests);
        allocate();
        std::vector<Key> keys = state_.keys;
        std::vector<Links> links = state_.links;
        bisectAndRelink(keys, links);
        merge(keys, links);
        updateOccupancy(keys);
        state_.keys = std::move(keys);
        state_.links = std::move(links);
        return statistics_;
    }

private:
    [[nodiscard]] std::vector<Slot> liveSlots() const
    {
        std::vector<Slot> slots;
        for (Slot slot = 0; slot < capacity_; ++slot) {
            if (state_.keys[slot] != kFreeKey) {
                slots.push_back(slot);
            }
        }
        return slots;
    }

    [[nodiscard]] std::vector<Slot> inPassOrder(std::vector<Slot> slots) const
    {
        if (shuffle_ != nullptr) {
            std::shuffle(slots.begin(), slots.end(), *shuffle_);
        }
        return slots;
    }

    [[nodiscard]] int depthOf(Slot slot) const { return layout_.depth(state_.keys[slot]); }

    // Which edge of `of` faces `to`, in the frame-start links.
    [[nodiscard]] Edge edgeFacing(Slot of, Slot to) const
    {
        const Links& links = state_.links[of];
        for (Edge edge = 0; edge < 3; ++edge) {
            if (links[edge] == to) {
                return edge;
            }
        }
        throw std::logic_error("bisector pool links are not symmetric");
    }

    // Classify: Split requests below the max depth; merge candidates (the
    // criterion's Merge, or any bisector deeper than the max depth).
    std::vector<Slot> classify(const Pool& pool, const Criterion& criterion)
    {
        std::vector<Slot> requests;
        for (const Slot slot : inPassOrder(live_)) {
            const int depth = depthOf(slot);
            const Decision decision = criterion(pool, slot);
            if (decision == Decision::Split && depth < maxDepth_) {
                requests.push_back(slot);
            }
            const bool belowRoot = layout_.levelsBelowRoot(state_.keys[slot]) > 0;
            mergeCandidate_[slot] = belowRoot && (decision == Decision::Merge || depth > maxDepth_) ? 1 : 0;
        }
        statistics_.splitRequests = static_cast<std::uint32_t>(requests.size());
        return requests;
    }

    // ORs `bits` into a pattern; returns the pattern before and counts the
    // bits this call set (each is one new slot).
    std::uint32_t orPattern(Slot slot, std::uint32_t bits, std::uint32_t& newlySet)
    {
        const std::uint32_t before = pattern_[slot];
        pattern_[slot] = before | bits;
        newlySet += static_cast<std::uint32_t>(std::popcount(pattern_[slot]) - std::popcount(before));
        return before;
    }

    // Splits `request` and walks the chain across bases: a twin gets CENTER
    // and the walk stops; a coarser base neighbour gets CENTER and the side
    // the chain leans on, and the walk goes on from it unless it already had
    // CENTER (another chain then walked on from it). Returns the new slots
    // the chain costs.
    std::uint32_t splitChain(Slot request)
    {
        std::uint32_t cost = 0;
        if ((orPattern(request, kSplitCenter, cost) & kSplitCenter) != 0) {
            return cost;
        }
        Slot slot = request;
        while (true) {
            const Slot neighbour = state_.links[slot][kBaseEdge];
            if (neighbour == kNoSlot) {
                break;
            }
            if (depthOf(neighbour) == depthOf(slot)) {
                orPattern(neighbour, kSplitCenter, cost);
                break;
            }
            const Edge leg = edgeFacing(neighbour, slot);
            if (leg == kBaseEdge || depthOf(neighbour) != depthOf(slot) - 1) {
                throw std::logic_error("bisector pool base neighbour is neither a twin nor one level coarser");
            }
            const std::uint32_t side = leg == kRightEdge ? kSplitRight : kSplitLeft;
            if ((orPattern(neighbour, kSplitCenter | side, cost) & kSplitCenter) != 0) {
                break;
            }
            slot = neighbour;
        }
        return cost;
    }

    // Each request first reserves the most its chain can cost, 2 per level
    // above it plus 2, from the slots free at the start of the frame, and
    // gives back what the chain did not use; a request the pool cannot pay
    // for waits. So the slots handed out never exceed the free ones.
    void split(const std::vector<Slot>& requests)
    {
        std::uint32_t budget = index_.freeCount();
        for (const Slot request : requests) {
            const auto reserve = static_cast<std::uint32_t>(2 * (layout_.levelsBelowRoot(state_.keys[request])) + 2);
            if (budget < reserve) {
                ++statistics_.splitsDeferred;
                continue;
            }
            budget -= reserve;
            budget += reserve - splitChain(request);
        }
    }

    // Allocate: n new slots for a pattern of n bits, the k-th free slots of
    // the frame-start occupancy for consecutive k from one cursor.
    void allocate()
    {
        std::uint32_t cursor = 0;
        for (const Slot slot : inPassOrder(live_)) {
            const int count = std::popcount(pattern_[slot]);
            if (count == 0) {
                continue;
            }
            ++statistics_.bisectorsChanged;
            for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
                extraSlots_[slot][i] = index_.selectFree(cursor++);
            }
        }
        statistics_.slotsAllocated = cursor;
    }

    // The faces along `edge` of a frame-start bisector after the split, in
    // the order its cyclic traversal v0 -> v1 -> v2 -> v0 meets them.
    [[nodiscard]] std::vector<Piece> piecesAlong(Slot slot, Edge edge) const
    {
        const std::uint32_t pattern = pattern_[slot];
        if (pattern == 0) {
            return {Piece{slot, edge}};
        }
        const ChildSlots c = childSlots(slot, pattern, extraSlots_[slot]);
        const bool right = (pattern & kSplitRight) != 0;
        const bool left = (pattern & kSplitLeft) != 0;
        switch (edge) {
            case kRightEdge:  // v0 -> v1
                return right ? std::vector<Piece>{{c.c00, kRightEdge}, {c.c01, kLeftEdge}}
                             : std::vector<Piece>{{c.c0, kBaseEdge}};
            case kLeftEdge:  // v1 -> v2
                return left ? std::vector<Piece>{{c.c10, kRightEdge}, {c.c11, kLeftEdge}}
                            : std::vector<Piece>{{c.c1, kBaseEdge}};
            default:  // base, v2 -> m -> v0
                return {left ? Piece{c.c11, kBaseEdge} : Piece{c.c1, kLeftEdge},
                        right ? Piece{c.c00, kBaseEdge} : Piece{c.c0, kRightEdge}};
        }
    }

    // Bisect and relink: children keys, their internal links, and for every
    // live bisector the links of its (new) faces across each original edge.
    // Two bisectors of equal depth traverse their shared edge in opposite
    // directions, two of different depth in the same direction.
    void bisectAndRelink(std::vector<Key>& keys, std::vector<Links>& links) const
    {
        for (const Slot slot : inPassOrder(live_)) {
            const std::uint32_t pattern = pattern_[slot];
            if (pattern != 0) {
                writeChildren(slot, keys, links);
            }
            for (Edge edge = 0; edge < 3; ++edge) {
                const std::vector<Piece> mine = piecesAlong(slot, edge);
                const Slot neighbour = state_.links[slot][edge];
                if (neighbour == kNoSlot) {
                    for (const Piece& piece : mine) {
                        links[piece.slot][piece.edge] = kNoSlot;
                    }
                    continue;
                }
                const std::vector<Piece> theirs = piecesAlong(neighbour, edgeFacing(neighbour, slot));
                if (theirs.size() != mine.size()) {
                    throw std::logic_error("bisector pool split left a T-junction");
                }
                const bool opposite = depthOf(neighbour) == depthOf(slot);
                const std::size_t n = mine.size();
                for (std::size_t i = 0; i < n; ++i) {
                    links[mine[i].slot][mine[i].edge] = theirs[opposite ? n - 1 - i : i].slot;
                }
            }
        }
    }

    void writeChildren(Slot slot, std::vector<Key>& keys, std::vector<Links>& links) const
    {
        const std::uint32_t pattern = pattern_[slot];
        const Key key = state_.keys[slot];
        const ChildSlots c = childSlots(slot, pattern, extraSlots_[slot]);
        const bool right = (pattern & kSplitRight) != 0;
        const bool left = (pattern & kSplitLeft) != 0;
        if (right) {
            keys[c.c00] = 4 * key;
            keys[c.c01] = 4 * key + 1;
            links[c.c00][kLeftEdge] = c.c01;
            links[c.c01][kRightEdge] = c.c00;
        } else {
            keys[c.c0] = 2 * key;
        }
        if (left) {
            keys[c.c10] = 4 * key + 2;
            keys[c.c11] = 4 * key + 3;
            links[c.c10][kLeftEdge] = c.c11;
            links[c.c11][kRightEdge] = c.c10;
        } else {
            keys[c.c1] = 2 * key + 1;
        }
        // The edge m - v1 between the two halves.
        const Piece half0 = right ? Piece{c.c01, kBaseEdge} : Piece{c.c0, kLeftEdge};
        const Piece half1 = left ? Piece{c.c10, kBaseEdge} : Piece{c.c1, kRightEdge};
        links[half0.slot][half0.edge] = half1.slot;
        links[half1.slot][half1.edge] = half0.slot;
    }

    // Merge candidates that were live and unchanged at the start of the frame.
    [[nodiscard]] bool canMerge(Slot slot, const std::vector<Key>& keys) const
    {
        return slot != kNoSlot && mergeCandidate_[slot] != 0 && pattern_[slot] == 0 && keys[slot] == state_.keys[slot];
    }

    struct Diamond {
        Slot c0, c1, q0, q1;  // q0 = q1 = kNoSlot on the boundary
    };

    // The diamond an even child heads, if all of it agrees to merge.
    [[nodiscard]] bool findDiamond(Slot c0, const std::vector<Key>& keys, const std::vector<Links>& links,
                                   Diamond& diamond) const
    {
        const Key key = keys[c0];
        if (!canMerge(c0, keys) || (key & 1u) != 0) {
            return false;
        }
        const Slot c1 = links[c0][kLeftEdge];
        if (!canMerge(c1, keys) || keys[c1] != key + 1) {
            return false;
        }
        const Slot q1 = links[c0][kRightEdge];
        const Slot q0 = links[c1][kLeftEdge];
        if (q0 == kNoSlot && q1 == kNoSlot) {
            diamond = {c0, c1, kNoSlot, kNoSlot};
            return true;
        }
        if (!canMerge(q0, keys) || !canMerge(q1, keys) || (keys[q0] & 1u) != 0 || keys[q1] != keys[q0] + 1 ||
            layout_.depth(keys[q0]) != layout_.depth(key)) {
            return false;
        }
        diamond = {c0, c1, q0, q1};
        return true;
    }

    // Merge: each diamond all of whose bisectors agree merges once (its even
    // child with the smaller key does the work); the even children keep their
    // slots as the parents, the odd ones are freed and forwarded to them.
    // Links to freed slots are then forwarded.
    void merge(std::vector<Key>& keys, std::vector<Links>& links)
    {
        std::vector<Diamond> diamonds;
        for (const Slot slot : inPassOrder(live_)) {
            Diamond diamond{};
            if (findDiamond(slot, keys, links, diamond) &&
                (diamond.q0 == kNoSlot || keys[diamond.c0] < keys[diamond.q0])) {
                diamonds.push_back(diamond);
            }
        }
        std::vector<Slot> forward(capacity_, kNoSlot);
        for (const Diamond& d : diamonds) {
            const Links parent{links[d.c1][kBaseEdge], links[d.c0][kBaseEdge], d.q0};
            keys[d.c0] = keys[d.c0] >> 1;
            keys[d.c1] = kFreeKey;
            forward[d.c1] = d.c0;
            links[d.c0] = parent;
            statistics_.slotsFreed += 1;
            if (d.q0 != kNoSlot) {
                const Links twin{links[d.q1][kBaseEdge], links[d.q0][kBaseEdge], d.c0};
                keys[d.q0] = keys[d.q0] >> 1;
                keys[d.q1] = kFreeKey;
                forward[d.q1] = d.q0;
                links[d.q0] = twin;
                statistics_.slotsFreed += 1;
            }
            ++statistics_.diamondsMerged;
        }
        if (diamonds.empty()) {
            return;
        }
        for (Slot slot = 0; slot < capacity_; ++slot) {
            if (keys[slot] == kFreeKey) {
                continue;
            }
            for (Slot& link : links[slot]) {
                if (link != kNoSlot && forward[link] != kNoSlot) {
                    link = forward[link];
                }
            }
        }
    }

    void updateOccupancy(const std::vector<Key>& keys)
    {
        std::fill(state_.occupancy.begin(), state_.occupancy.end(), 0);
        for (Slot slot = 0; slot < capacity_; ++slot) {
            if (keys[slot] != kFreeKey) {
                state_.occupancy[slot / 64] |= std::uint64_t{1} << (slot % 64);
            }
        }
        index_.rebuild(state_.occupancy);
    }

    const KeyLayout& layout_;
    int maxDepth_;
    PoolState& state_;
    OccupancyIndex& index_;
    std::mt19937_64* shuffle_;
    Slot capacity_;
    std::vector<std::uint32_t> pattern_;
    std::vector<std::array<Slot, 3>> extraSlots_;
    std::vector<std::uint8_t> mergeCandidate_;
    std::vector<Slot> live_;
    UpdateStatistics statistics_;
};

}  // namespace

UpdateStatistics Pool::update(const Criterion& criterion, std::mt19937_64* shuffle)
{
    FrameUpdate frame(layout_, maxDepth_, state_, *index_, shuffle);
    return frame.run(*this, criterion);
}

}  // namespace bisector
