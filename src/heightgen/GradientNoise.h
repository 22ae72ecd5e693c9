// Two-dimensional gradient noise (Perlin's construction: a pseudo-random unit
// gradient at each integer lattice point, blended with a quintic fade) and
// the fractal sums built from it. The lattice is hashed, not tabled, so the
// noise never repeats; the seed selects an independent field.
#pragma once

#include <array>
#include <cstdint>

namespace heightgen {

class GradientNoise {
public:
    explicit GradientNoise(std::uint64_t seed);

    // Roughly in [-1, 1], zero at every lattice point.
    double operator()(double x, double y) const noexcept;

private:
    static constexpr int kGradientCount = 64;
    std::uint32_t latticeHash(std::int32_t ix, std::int32_t iy) const noexcept;

    std::uint32_t seedKey_;
    std::array<double, kGradientCount> gradientX_{};
    std::array<double, kGradientCount> gradientY_{};
};

// Octaves of `noise` from `baseFrequency` (cycles per unit), each twice the
// frequency and `gain` times the amplitude of the last, rotated by an
// irrational angle so lattice axes do not line up. Octaves whose frequency
// exceeds `maxFrequency` are left out, so a field sampled coarsely is a
// prefix of the same field sampled finely.
struct OctaveSettings {
    double baseFrequency = 1.0;
    int maxOctaves = 8;
    double maxFrequency = 1.0e9;
    double gain = 0.5;
};

// Fractional Brownian motion, normalised to roughly [-1, 1].
double fractalSum(const GradientNoise& noise, double x, double y, const OctaveSettings& settings) noexcept;

// Ridged multifractal (Musgrave): octaves of (1 - |noise|)^2, each weighted
// by the one before so ridges are sharp and valleys smooth. Roughly [0, 1].
double ridgedSum(const GradientNoise& noise, double x, double y, const OctaveSettings& settings) noexcept;

}  // namespace heightgen
