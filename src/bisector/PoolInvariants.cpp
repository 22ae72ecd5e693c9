#include "bisector/PoolInvariants.h"

#include "bisector/ExactGeometry.h"

#include <algorithm>
#include <bit>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace bisector {
namespace {

// Wide enough for the sum of 2^(levels left) over a root's leaves.
__extension__ typedef unsigned __int128 CoverSum;

class ViolationList {
public:
    explicit ViolationList(std::size_t limit) : limit_(limit) {}

    [[nodiscard]] bool full() const noexcept { return lines_.size() >= limit_; }

    void add(const std::string& line)
    {
        if (!full()) {
            lines_.push_back(line);
        }
    }

    std::vector<std::string> take() { return std::move(lines_); }

private:
    std::size_t limit_;
    std::vector<std::string> lines_;
};

std::string describe(Slot slot, Key key)
{
    std::ostringstream text;
    text << "slot " << slot << " (key 0x" << std::hex << key << ")";
    return text.str();
}

// The two ends of `edge` of a bisector: left = (v1, v2), right = (v0, v1),
// base = (v0, v2).
std::array<glm::dvec3, 2> edgeEnds(const std::array<glm::dvec3, 3>& v, Edge edge)
{
    switch (edge) {
        case kLeftEdge: return {v[1], v[2]};
        case kRightEdge: return {v[0], v[1]};
        default: return {v[0], v[2]};
    }
}

// Whether `edge` of a bisector lies on its root's base while that root has
// no twin: the base mesh's boundary.
bool onBoundary(Key key, Edge edge, const KeyLayout& layout, const HalfedgeMesh& mesh)
{
    const std::uint32_t root = layout.rootOf(key);
    if (mesh.rootLinks(root)[kBaseEdge] != kNoSlot) {
        return false;
    }
    const TriangleWeights weights = keyWeights(key, layout);
    const std::array<std::size_t, 2> ends = edge == kLeftEdge    ? std::array<std::size_t, 2>{1, 2}
                                            : edge == kRightEdge ? std::array<std::size_t, 2>{0, 1}
                                                                 : std::array<std::size_t, 2>{0, 2};
    return weights[ends[0]][1] == 0 && weights[ends[1]][1] == 0;
}

void checkOccupancy(const PoolState& state, ViolationList& violations)
{
    for (Slot slot = 0; slot < state.keys.size() && !violations.full(); ++slot) {
        const bool bit = ((state.occupancy.at(slot / 64) >> (slot % 64)) & 1u) != 0;
        if (bit != (state.keys[slot] != kFreeKey)) {
            violations.add(describe(slot, state.keys[slot]) + ": occupancy bit " + (bit ? "set" : "clear") +
                           " disagrees with the key");
        }
    }
}

void checkKeys(const PoolState& state, const KeyLayout& layout, ViolationList& violations)
{
    std::unordered_set<Key> keys;
    std::vector<CoverSum> rootCover(layout.rootCount(), 0);
    const int maxLevels = layout.maxDepth() - layout.rootDepth();
    for (Slot slot = 0; slot < state.keys.size() && !violations.full(); ++slot) {
        const Key key = state.keys[slot];
        if (key == kFreeKey) {
            continue;
        }
        if (!layout.isValid(key)) {
            violations.add(describe(slot, key) + ": not a key of this base mesh");
            continue;
        }
        if (!keys.insert(key).second) {
            violations.add(describe(slot, key) + ": key held by two slots");
        }
        rootCover[layout.rootOf(key)] += CoverSum{1} << (maxLevels - layout.levelsBelowRoot(key));
    }
    for (const Key key : keys) {
        for (int up = 1; up <= layout.levelsBelowRoot(key) && !violations.full(); ++up) {
            if (keys.contains(key >> up)) {
                violations.add(describe(kNoSlot, key) + ": its ancestor 0x" + [&] {
                    std::ostringstream text;
                    text << std::hex << (key >> up);
                    return text.str();
                }() + " is live too");
            }
        }
    }
    const CoverSum whole = CoverSum{1} << maxLevels;
    for (std::uint32_t root = 0; root < layout.rootCount() && !violations.full(); ++root) {
        if (rootCover[root] != whole) {
            violations.add("root " + std::to_string(root) + ": its leaves do not cover it exactly once");
        }
    }
}

void checkLinks(const PoolState& state, const KeyLayout& layout, const HalfedgeMesh& mesh, ViolationList& violations)
{
    const auto capacity = static_cast<Slot>(state.keys.size());
    std::unordered_map<Slot, std::array<glm::dvec3, 3>> vertices;
    const auto verticesOf = [&](Slot slot) -> const std::array<glm::dvec3, 3>& {
        auto found = vertices.find(slot);
        if (found == vertices.end()) {
            found = vertices.emplace(slot, bisectorVertices(state.keys[slot], layout, mesh)).first;
        }
        return found->second;
    };
    for (Slot slot = 0; slot < capacity && !violations.full(); ++slot) {
        const Key key = state.keys[slot];
        if (key == kFreeKey || !layout.isValid(key)) {
            continue;
        }
        for (Edge edge = 0; edge < 3; ++edge) {
            const Slot neighbour = state.links[slot][edge];
            const std::string where = describe(slot, key) + " edge " + std::to_string(edge);
            if (neighbour == kNoSlot) {
                if (!onBoundary(key, edge, layout, mesh)) {
                    violations.add(where + ": no neighbour inside the mesh");
                }
                continue;
            }
            if (neighbour >= capacity || state.keys[neighbour] == kFreeKey || !layout.isValid(state.keys[neighbour])) {
                violations.add(where + ": links to a free or invalid slot " + std::to_string(neighbour));
                continue;
            }
            const Links& back = state.links[neighbour];
            const int matches = static_cast<int>(std::count(back.begin(), back.end(), slot));
            if (matches != 1) {
                violations.add(where + ": neighbour slot " + std::to_string(neighbour) + " links back " +
                               std::to_string(matches) + " times");
                continue;
            }
            const auto backEdge = static_cast<Edge>(std::find(back.begin(), back.end(), slot) - back.begin());
            const int depth = layout.depth(key);
            const int neighbourDepth = layout.depth(state.keys[neighbour]);
            const bool baseToBase = edge == kBaseEdge && backEdge == kBaseEdge;
            const bool legToLeg = edge != kBaseEdge && backEdge != kBaseEdge;
            const int expected = baseToBase || legToLeg ? depth : (edge == kBaseEdge ? depth - 1 : depth + 1);
            if (neighbourDepth != expected) {
                violations.add(where + ": neighbour at depth " + std::to_string(neighbourDepth) + ", expected " +
                               std::to_string(expected));
                continue;
            }
            const std::array<glm::dvec3, 2> mine = edgeEnds(verticesOf(slot), edge);
            const std::array<glm::dvec3, 2> theirs = edgeEnds(verticesOf(neighbour), backEdge);
            const bool same =
                (mine[0] == theirs[0] && mine[1] == theirs[1]) || (mine[0] == theirs[1] && mine[1] == theirs[0]);
            if (!same) {
                violations.add(where + ": its ends differ from the neighbour's (a T-junction or a crack)");
            }
        }
    }
}

}  // namespace

std::vector<CanonicalBisector> canonicalForm(const PoolState& state)
{
    std::vector<CanonicalBisector> form;
    const auto keyOf = [&](Slot slot) { return slot == kNoSlot ? kFreeKey : state.keys.at(slot); };
    for (Slot slot = 0; slot < state.keys.size(); ++slot) {
        if (state.keys[slot] == kFreeKey) {
            continue;
        }
        const Links& links = state.links[slot];
        form.push_back({state.keys[slot], keyOf(links[kLeftEdge]), keyOf(links[kRightEdge]), keyOf(links[kBaseEdge])});
    }
    std::sort(form.begin(), form.end());
    return form;
}

std::vector<std::string> invariantViolations(const PoolState& state, const KeyLayout& layout, const HalfedgeMesh& mesh,
                                             std::size_t limit)
{
    ViolationList violations(limit);
    checkOccupancy(state, violations);
    checkKeys(state, layout, violations);
    checkLinks(state, layout, mesh, violations);
    return violations.take();
}

}  // namespace bisector
