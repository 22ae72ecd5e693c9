#include "display/Tonemapping.h"

#include <glm/common.hpp>
#include <glm/exponential.hpp>

#include <cmath>

namespace display {

namespace {

glm::vec3 acesFitted(glm::vec3 x)
{
    const glm::vec3 numerator = x * (2.51f * x + 0.03f);
    const glm::vec3 denominator = x * (2.43f * x + 0.59f) + 0.14f;
    return glm::clamp(numerator / denominator, 0.0f, 1.0f);
}

// Hable's curve with shoulder strength A, linear strength B, linear angle C,
// toe strength D, toe numerator E and toe denominator F.
glm::vec3 hableCurve(glm::vec3 x)
{
    constexpr float a = 0.15f;
    constexpr float b = 0.50f;
    constexpr float c = 0.10f;
    constexpr float d = 0.20f;
    constexpr float e = 0.02f;
    constexpr float f = 0.30f;
    return (x * (a * x + c * b) + d * e) / (x * (a * x + b) + d * f) - e / f;
}

glm::vec3 hable(glm::vec3 x)
{
    constexpr float whitePoint = 11.2f;
    constexpr float exposureBias = 2.0f;
    const glm::vec3 curve = hableCurve(exposureBias * glm::max(x, 0.0f));
    return glm::clamp(curve / hableCurve(glm::vec3(whitePoint)), 0.0f, 1.0f);
}

}  // namespace

std::string_view tonemapperName(Tonemapper tonemapper)
{
    switch (tonemapper) {
        case Tonemapper::None: return "none";
        case Tonemapper::AcesFitted: return "aces";
        case Tonemapper::Hable: return "hable";
    }
    return "none";
}

std::optional<Tonemapper> tonemapperFromName(std::string_view name)
{
    for (const Tonemapper tonemapper : kTonemappers) {
        if (tonemapperName(tonemapper) == name) {
            return tonemapper;
        }
    }
    return std::nullopt;
}

glm::vec3 applyExposure(glm::vec3 colour, float exposureStops)
{
    return colour * std::exp2(exposureStops);
}

glm::vec3 tonemap(Tonemapper tonemapper, glm::vec3 exposedColour)
{
    const glm::vec3 colour = glm::max(exposedColour, 0.0f);
    switch (tonemapper) {
        case Tonemapper::AcesFitted: return acesFitted(colour);
        case Tonemapper::Hable: return hable(colour);
        case Tonemapper::None: break;
    }
    return glm::clamp(colour, 0.0f, 1.0f);
}

glm::vec3 encodeSrgb(glm::vec3 linearColour)
{
    const glm::vec3 clamped = glm::clamp(linearColour, 0.0f, 1.0f);
    glm::vec3 encoded;
    for (int channel = 0; channel < 3; ++channel) {
        const float value = clamped[channel];
        encoded[channel] = value <= 0.0031308f ? 12.92f * value : 1.055f * std::pow(value, 1.0f / 2.4f) - 0.055f;
    }
    return encoded;
}

glm::vec3 displayColour(glm::vec4 hdr, const DisplaySettings& settings)
{
    const glm::vec3 colour(hdr);
    const glm::vec3 scene = tonemap(settings.tonemapper, applyExposure(colour, settings.exposureStops));
    return glm::mix(glm::clamp(colour, 0.0f, 1.0f), scene, glm::clamp(hdr.a, 0.0f, 1.0f));
}

}  // namespace display
