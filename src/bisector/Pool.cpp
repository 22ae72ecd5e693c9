#include "bisector/Pool.h"

#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

namespace bisector {

Pool::Pool(HalfedgeMesh mesh, const PoolSettings& settings)
    : mesh_(std::move(mesh)),
      layout_(mesh_.halfedgeCount(), settings.rootDepth),
      maxDepth_(settings.maxDepth)
{
    const std::uint32_t roots = mesh_.halfedgeCount();
    if (!std::has_single_bit(settings.capacity) || settings.capacity < roots) {
        throw std::invalid_argument("bisector pool size " + std::to_string(settings.capacity) +
                                    " must be a power of two of at least the " + std::to_string(roots) +
                                    " roots of the base mesh");
    }
    setMaxDepth(settings.maxDepth);
    index_ = makeOccupancyIndex(settings.index, settings.capacity);
    state_.keys.assign(settings.capacity, kFreeKey);
    state_.links.assign(settings.capacity, Links{kNoSlot, kNoSlot, kNoSlot});
    state_.occupancy.assign((settings.capacity + 63) / 64, 0);
    for (std::uint32_t root = 0; root < roots; ++root) {
        state_.keys[root] = layout_.rootKey(root);
        state_.links[root] = mesh_.rootLinks(root);
        state_.occupancy[root / 64] |= std::uint64_t{1} << (root % 64);
    }
    index_->rebuild(state_.occupancy);
}

void Pool::setMaxDepth(int maxDepth)
{
    if (maxDepth < layout_.rootDepth() || maxDepth > layout_.maxDepth()) {
        throw std::invalid_argument("bisector pool depth " + std::to_string(maxDepth) + " is outside " +
                                    std::to_string(layout_.rootDepth()) + ".." + std::to_string(layout_.maxDepth()));
    }
    maxDepth_ = maxDepth;
}

std::vector<Slot> Pool::liveSlots() const
{
    std::vector<Slot> slots;
    slots.reserve(liveCount());
    for (Slot slot = 0; slot < capacity(); ++slot) {
        if (state_.keys[slot] != kFreeKey) {
            slots.push_back(slot);
        }
    }
    return slots;
}

std::array<glm::dvec3, 3> Pool::vertices(Slot slot) const
{
    return bisectorVertices(key(slot), layout_, mesh_);
}

}  // namespace bisector
