#include "bisector/BisectorKey.h"

#include <stdexcept>
#include <string>

namespace bisector {

KeyLayout::KeyLayout(std::uint32_t rootCount, int rootDepth)
    : rootCount_(rootCount),
      rootBits_(static_cast<int>(std::bit_width(rootCount > 0 ? rootCount - 1 : 0u)) + 1),
      rootDepth_(rootDepth)
{
    if (rootCount == 0) {
        throw std::invalid_argument("a bisector pool needs at least one root");
    }
    if (rootDepth < 0) {
        throw std::invalid_argument("the root depth must not be negative, got " + std::to_string(rootDepth));
    }
}

}  // namespace bisector
