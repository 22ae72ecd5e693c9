// The eight bytes every PNG stream starts with (PNG specification, 5.2):
// what the heightmap reader checks, the writer writes, and a terrain source
// is recognised as a PNG by.
#pragma once

#include <array>

namespace heightmap {

inline constexpr std::array<unsigned char, 8> kPngSignature{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

}  // namespace heightmap
