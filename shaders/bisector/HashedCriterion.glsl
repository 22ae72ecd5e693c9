// GLSL mirror of src/bisector/HashedCriterion.cpp: a criterion on keys alone
// (a hash of the key and pool.frame), for tests and benchmarks of the pool's
// dynamics. The middle depth comes in pool.argument. Every bisector is
// visible.
#ifndef BISECTOR_HASHED_CRITERION_GLSL
#define BISECTOR_HASHED_CRITERION_GLSL

uint bisector_Decide(uint slot, uint64_t key, out bool visible)
{
    visible = true;
    uint64_t h = key * 0x9E3779B97F4A7C15ul + uint64_t(pool.frame) * 0xBF58476D1CE4E5B9ul;
    h ^= h >> 31u;
    h *= 0x94D049BB133111EBul;
    h ^= h >> 29u;
    int roll = int(h % 100ul);
    bool shallow = pool_Depth(key) < int(pool.argument);
    int splitChance = shallow ? 45 : 15;
    if (roll < splitChance) {
        return POOL_DECISION_SPLIT;
    }
    return roll < splitChance + (shallow ? 20 : 50) ? POOL_DECISION_MERGE : POOL_DECISION_KEEP;
}

bool bisector_IsVisible(uint slot, uint64_t key)
{
    return true;
}

#endif  // BISECTOR_HASHED_CRITERION_GLSL
