#include "vectordata/VectorStyle.h"

#include "text/TextParsing.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

namespace vectordata {

namespace {

bool isStyleKey(const std::string& key)
{
    return key == "color" || key == "colour" || key == "width";
}

// The key=value pairs of `text`, or empty when it is not such a list.
std::optional<std::vector<std::pair<std::string, std::string>>> stylePairs(const std::string& text)
{
    std::vector<std::pair<std::string, std::string>> pairs;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = text.substr(start, comma - start);
        const std::size_t equals = item.find('=');
        if (equals == std::string::npos || !isStyleKey(item.substr(0, equals))) {
            return std::nullopt;
        }
        pairs.emplace_back(item.substr(0, equals), item.substr(equals + 1));
        start = comma + 1;
    }
    return pairs;
}

}  // namespace

VectorLayerSpec parseVectorLayerSpec(const std::string& argument)
{
    VectorLayerSpec spec;
    spec.source = argument;
    const std::size_t colon = argument.rfind(':');
    if (colon == std::string::npos) {
        return spec;
    }
    const std::optional<std::vector<std::pair<std::string, std::string>>> pairs =
        stylePairs(argument.substr(colon + 1));
    if (!pairs) {
        return spec;
    }
    spec.source = argument.substr(0, colon);
    for (const auto& [key, value] : *pairs) {
        if (key == "width") {
            const std::optional<double> width = text::parseNumber(value);
            if (!width || !(*width > 0.0) || *width > static_cast<double>(kMaxLineWidthPixels)) {
                throw text::ParseError(argument + ": width must be a number of pixels in (0, " +
                                       std::to_string(static_cast<int>(kMaxLineWidthPixels)) + "], not '" + value +
                                       "'");
            }
            spec.widthPixels = static_cast<float>(*width);
        } else {
            spec.rgba = parseHexColour(value);
            if (!spec.rgba) {
                throw text::ParseError(argument + ": color must be #RRGGBB or #RRGGBBAA, not '" + value + "'");
            }
        }
    }
    return spec;
}

std::uint32_t paletteColour(std::size_t index)
{
    // Red, yellow, blue, orange, magenta, cyan, lime, violet.
    constexpr std::array<std::uint32_t, 8> kPalette{0xe6194bffu, 0xffe119ffu, 0x4363d8ffu, 0xf58231ffu,
                                                    0xf032e6ffu, 0x42d4f4ffu, 0xbfef45ffu, 0x911eb4ffu};
    return kPalette[index % kPalette.size()];
}

ResolvedStyle resolveStyle(const VectorLayerSpec& spec, std::size_t layerIndex, const FeatureStyle& feature)
{
    ResolvedStyle style;
    style.rgba = spec.rgba.value_or(feature.rgba.value_or(paletteColour(layerIndex)));
    style.widthPixels = spec.widthPixels.value_or(feature.widthPixels.value_or(kDefaultLineWidthPixels));
    return style;
}

float markerDiameterOf(const ResolvedStyle& style)
{
    return std::max(kMinMarkerDiameterPixels, style.widthPixels * kMarkerDiameterPerLineWidth);
}

}  // namespace vectordata
