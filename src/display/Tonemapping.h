// Display mapping of HDR luminance: exposure, a choice of tone curve and the
// sRGB transfer function. CPU mirrors of shaders/display/Tonemapping.glsl
// (same names without the display_ prefix, same constants), used by the
// tests and by anything that needs the displayed value of a colour.
#pragma once

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace display {

// The value is what the shaders receive (DISPLAY_TONEMAPPER_* in Tonemapping.glsl).
enum class Tonemapper : uint32_t {
    None = 0,        // clamp to [0, 1]
    AcesFitted = 1,  // Narkowicz's rational fit of the ACES reference rendering transform
    Hable = 2,       // Hable's filmic curve (Uncharted 2), white point 11.2
};

// How HDR scene luminance is shown.
struct DisplaySettings {
    float exposureStops = 2.0f;  // scene luminance is multiplied by 2^exposureStops
    Tonemapper tonemapper = Tonemapper::AcesFitted;

    bool operator==(const DisplaySettings&) const = default;
};

inline constexpr std::array<Tonemapper, 3> kTonemappers{Tonemapper::None, Tonemapper::AcesFitted, Tonemapper::Hable};

// "none", "aces", "hable".
std::string_view tonemapperName(Tonemapper tonemapper);
std::optional<Tonemapper> tonemapperFromName(std::string_view name);

// Linear scene colour times 2^exposureStops.
glm::vec3 applyExposure(glm::vec3 colour, float exposureStops);

// The tone curve, per channel, of an exposed linear colour; the result is a
// linear display colour in [0, 1].
glm::vec3 tonemap(Tonemapper tonemapper, glm::vec3 exposedColour);

// The sRGB transfer function (IEC 61966-2-1) of a linear colour clamped to [0, 1].
glm::vec3 encodeSrgb(glm::vec3 linearColour);

// The display colour (linear, before sRGB encoding) of one texel of the
// scene's HDR image: scene luminance (alpha 1) exposed and tone-mapped, a
// display colour (alpha 0) clamped to [0, 1], and a mix in between.
glm::vec3 displayColour(glm::vec4 hdr, const DisplaySettings& settings);

}  // namespace display
