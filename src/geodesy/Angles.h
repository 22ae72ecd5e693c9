// Degrees and radians for the geodesy library's formulas.
#pragma once

namespace geodesy {

inline constexpr double kPi = 3.14159265358979323846;

[[nodiscard]] constexpr double radians(double degrees)
{
    return degrees * kPi / 180.0;
}

[[nodiscard]] constexpr double degrees(double radians)
{
    return radians * 180.0 / kPi;
}

}  // namespace geodesy
