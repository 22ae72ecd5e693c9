#include "surface/SnowLine.h"

#include <array>
#include <cmath>
#include <cstddef>

namespace surface {

float permanentSnowLineMetres(double latitudeDegrees)
{
    // (latitude in degrees, snow line in metres), linear between them.
    struct Knot {
        double latitude;
        double metres;
    };
    constexpr std::array<Knot, 5> kKnots{{{0.0, 4800.0}, {25.0, 5600.0}, {35.0, 5200.0}, {45.0, 2730.0}, {75.0, 0.0}}};
    const double latitude = std::abs(latitudeDegrees);
    for (std::size_t i = 1; i < kKnots.size(); ++i) {
        if (latitude <= kKnots[i].latitude) {
            const double t = (latitude - kKnots[i - 1].latitude) / (kKnots[i].latitude - kKnots[i - 1].latitude);
            return static_cast<float>(kKnots[i - 1].metres + t * (kKnots[i].metres - kKnots[i - 1].metres));
        }
    }
    return 0.0f;
}

}  // namespace surface
