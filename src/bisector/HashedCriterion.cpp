#include "bisector/HashedCriterion.h"

namespace bisector {

Decision hashedDecision(Key key, int depth, std::uint32_t frame, int middleDepth) noexcept
{
    std::uint64_t h = key * 0x9E3779B97F4A7C15ull + std::uint64_t{frame} * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 29;
    const auto roll = static_cast<int>(h % 100u);
    const bool shallow = depth < middleDepth;
    const int splitChance = shallow ? 45 : 15;
    if (roll < splitChance) {
        return Decision::Split;
    }
    return roll < splitChance + (shallow ? 20 : 50) ? Decision::Merge : Decision::Keep;
}

Criterion hashedCriterion(std::uint32_t frame, int middleDepth)
{
    return [frame, middleDepth](const Pool& pool, Slot slot) {
        return hashedDecision(pool.key(slot), pool.depth(slot), frame, middleDepth);
    };
}

}  // namespace bisector
