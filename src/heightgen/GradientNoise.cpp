#include "heightgen/GradientNoise.h"

#include "heightgen/SplitMix64.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace heightgen {
namespace {

// Octave-to-octave rotation (about 0.6 rad) and shift, so the lattices of
// successive octaves never align.
constexpr double kOctaveRotationCos = 0.8253356149096783;
constexpr double kOctaveRotationSin = 0.5646424733950354;
constexpr double kOctaveShiftX = 17.31;
constexpr double kOctaveShiftY = -9.77;
// Gradient noise with unit gradients stays within about +-0.7; this maps it
// to roughly +-1.
constexpr double kNoiseRangeScale = 1.4;

double quinticFade(double t) noexcept
{
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

struct OctavePoint {
    double x;
    double y;
    void advance() noexcept
    {
        const double rotatedX = kOctaveRotationCos * x - kOctaveRotationSin * y;
        const double rotatedY = kOctaveRotationSin * x + kOctaveRotationCos * y;
        x = 2.0 * rotatedX + kOctaveShiftX;
        y = 2.0 * rotatedY + kOctaveShiftY;
    }
};

double amplitudeTotal(const OctaveSettings& settings) noexcept
{
    double total = 0.0;
    double amplitude = 1.0;
    for (int octave = 0; octave < settings.maxOctaves; ++octave) {
        total += amplitude;
        amplitude *= settings.gain;
    }
    return total;
}

}  // namespace

GradientNoise::GradientNoise(std::uint64_t seed)
{
    SplitMix64 random(seed);
    seedKey_ = static_cast<std::uint32_t>(random.next() >> 32);
    for (int i = 0; i < kGradientCount; ++i) {
        // Evenly spaced directions with a random phase: isotropic, no
        // degenerate short gradients.
        const double angle = 2.0 * std::numbers::pi * (i + random.nextUnit()) / kGradientCount;
        gradientX_[static_cast<std::size_t>(i)] = std::cos(angle);
        gradientY_[static_cast<std::size_t>(i)] = std::sin(angle);
    }
    // Shuffle so neighbouring hash values do not map to similar directions.
    for (int i = kGradientCount - 1; i > 0; --i) {
        const auto j = static_cast<std::size_t>(random.next() % static_cast<std::uint64_t>(i + 1));
        std::swap(gradientX_[static_cast<std::size_t>(i)], gradientX_[j]);
        std::swap(gradientY_[static_cast<std::size_t>(i)], gradientY_[j]);
    }
}

std::uint32_t GradientNoise::latticeHash(std::int32_t ix, std::int32_t iy) const noexcept
{
    // Multiply-xorshift mixing of both coordinates and the seed key.
    std::uint32_t h =
        static_cast<std::uint32_t>(ix) * 0x8DA6B343u ^ static_cast<std::uint32_t>(iy) * 0xD8163841u ^ seedKey_;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    h ^= h >> 16;
    return h;
}

double GradientNoise::operator()(double x, double y) const noexcept
{
    const double floorX = std::floor(x);
    const double floorY = std::floor(y);
    const auto ix = static_cast<std::int32_t>(floorX);
    const auto iy = static_cast<std::int32_t>(floorY);
    const double fx = x - floorX;
    const double fy = y - floorY;
    const auto cornerDot = [&](std::int32_t dx, std::int32_t dy) {
        const std::size_t g = latticeHash(ix + dx, iy + dy) % kGradientCount;
        return gradientX_[g] * (fx - dx) + gradientY_[g] * (fy - dy);
    };
    const double u = quinticFade(fx);
    const double v = quinticFade(fy);
    const double bottom = std::lerp(cornerDot(0, 0), cornerDot(1, 0), u);
    const double top = std::lerp(cornerDot(0, 1), cornerDot(1, 1), u);
    return kNoiseRangeScale * std::lerp(bottom, top, v);
}

double fractalSum(const GradientNoise& noise, double x, double y, const OctaveSettings& settings) noexcept
{
    OctavePoint point{x * settings.baseFrequency, y * settings.baseFrequency};
    double frequency = settings.baseFrequency;
    double amplitude = 1.0;
    double sum = 0.0;
    for (int octave = 0; octave < settings.maxOctaves && frequency <= settings.maxFrequency; ++octave) {
        sum += amplitude * noise(point.x, point.y);
        point.advance();
        frequency *= 2.0;
        amplitude *= settings.gain;
    }
    // Normalised by the amplitude of every octave, present or not, so that
    // leaving out fine octaves never rescales the coarse ones.
    return sum / amplitudeTotal(settings);
}

double ridgedSum(const GradientNoise& noise, double x, double y, const OctaveSettings& settings) noexcept
{
    OctavePoint point{x * settings.baseFrequency, y * settings.baseFrequency};
    double frequency = settings.baseFrequency;
    double amplitude = 1.0;
    double weight = 1.0;
    double sum = 0.0;
    for (int octave = 0; octave < settings.maxOctaves && frequency <= settings.maxFrequency; ++octave) {
        double signal = 1.0 - std::abs(noise(point.x, point.y));
        signal *= signal * weight;
        weight = std::clamp(signal * 2.0, 0.0, 1.0);
        sum += amplitude * signal;
        point.advance();
        frequency *= 2.0;
        amplitude *= settings.gain;
    }
    return sum / amplitudeTotal(settings);
}

}  // namespace heightgen
