// Keys, slots, links and split patterns of the bisector pool (Benyoub and
// Dupuy 2024, restated in docs/DESIGN.md "The bisector pool").
//
// A bisector is one triangle of a conforming longest-edge-bisection mesh
// over a base polygon mesh. Its vertices are (v0, v1, v2) with the base (the
// longest edge) v0-v2 and the apex v1; it splits at m = (v0 + v2) / 2 into
// child 0 = (v0, m, v1) and child 1 = (v1, m, v2), as the heap backend does.
//
// Its key is a 64-bit path like a heap index: the leading bits name the root
// (one root per halfedge of the base mesh), each lower bit is one bisection.
// Key 0 marks a free slot.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

namespace bisector {

using Key = std::uint64_t;
using Slot = std::uint32_t;

inline constexpr Key kFreeKey = 0;
inline constexpr Slot kNoSlot = 0xFFFFFFFFu;

// The edges of a bisector, named as the heap backend's neighbours are:
// left = v1-v2, right = v0-v1 (the legs) and base = v0-v2.
using Edge = std::size_t;
inline constexpr Edge kLeftEdge = 0;
inline constexpr Edge kRightEdge = 1;
inline constexpr Edge kBaseEdge = 2;
using Links = std::array<Slot, 3>;

// Split patterns: CENTER splits the bisector; RIGHT also splits child 0 (the
// child whose base is the right leg v0-v1) and LEFT child 1 (base on the left
// leg v1-v2). Valid patterns: 0, CENTER, CENTER|LEFT, CENTER|RIGHT, all three.
// Each set bit costs one new slot.
inline constexpr std::uint32_t kSplitCenter = 1u;
inline constexpr std::uint32_t kSplitLeft = 2u;
inline constexpr std::uint32_t kSplitRight = 4u;

// How keys map to roots and depths for a base mesh of `rootCount` halfedges.
// Root h has key 2^(rootBits-1) + h; depth(key) counts the root as
// `rootDepth` (the unit-square terrain uses 2, so that depths agree with the
// heap backend's, whose square is depth 0 and its two halves depth 1).
class KeyLayout {
public:
    KeyLayout(std::uint32_t rootCount, int rootDepth);

    [[nodiscard]] std::uint32_t rootCount() const noexcept { return rootCount_; }
    [[nodiscard]] int rootBits() const noexcept { return rootBits_; }
    [[nodiscard]] int rootDepth() const noexcept { return rootDepth_; }
    // The deepest depth a 64-bit key can hold.
    [[nodiscard]] int maxDepth() const noexcept { return rootDepth_ + 64 - rootBits_; }

    [[nodiscard]] Key rootKey(std::uint32_t root) const noexcept { return (Key{1} << (rootBits_ - 1)) | Key{root}; }
    // Bisections below the root: 0 for a root key.
    [[nodiscard]] int levelsBelowRoot(Key key) const noexcept
    {
        return static_cast<int>(std::bit_width(key)) - rootBits_;
    }
    [[nodiscard]] int depth(Key key) const noexcept { return rootDepth_ + levelsBelowRoot(key); }
    [[nodiscard]] std::uint32_t rootOf(Key key) const noexcept
    {
        const Key rootKeyBits = key >> levelsBelowRoot(key);
        return static_cast<std::uint32_t>(rootKeyBits - (Key{1} << (rootBits_ - 1)));
    }
    // Whether `key` is a valid key of this layout (a root or a descendant).
    [[nodiscard]] bool isValid(Key key) const noexcept
    {
        return key != kFreeKey && levelsBelowRoot(key) >= 0 && rootOf(key) < rootCount_;
    }

private:
    std::uint32_t rootCount_;
    int rootBits_;
    int rootDepth_;
};

}  // namespace bisector
