// The permanent snow line by latitude, the CPU mirror of
// shaders/surface/SnowLine.glsl.
#pragma once

namespace surface {

// Permanent snow lies above a line that depends on latitude, highest in the
// dry subtropics and the continents' interiors (the Tibetan plateau, the
// Andes' Puna), not at the equator: 4800 m at the equator, 5600 m at 25
// degrees, 5200 m at 35 (the Karakoram), 2730 m at 45 (the Alps), sea level
// at 75 and beyond, linear in between (3965 m at 40 degrees, 2275 m at 50).
// The same in both hemispheres.
[[nodiscard]] float permanentSnowLineMetres(double latitudeDegrees);

}  // namespace surface
