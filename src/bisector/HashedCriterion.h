// A criterion defined on keys alone, for tests and benchmarks of the pool's
// dynamics: a hash of the key and the frame number picks Split, Merge or Keep,
// leaning towards splitting bisectors shallower than a middle depth and
// merging deeper ones, so that the mesh keeps changing around that depth.
// Mirrored bit for bit by shaders/bisector/HashedCriterion.glsl, so the GPU
// and CPU pools can be compared frame after frame.
#pragma once

#include "bisector/BisectorKey.h"
#include "bisector/Pool.h"

#include <cstdint>

namespace bisector {

Decision hashedDecision(Key key, int depth, std::uint32_t frame, int middleDepth) noexcept;

// The criterion for one frame: hashedDecision of each bisector's key and depth.
Criterion hashedCriterion(std::uint32_t frame, int middleDepth);

}  // namespace bisector
