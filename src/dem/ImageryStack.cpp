#include "dem/DemImagery.h"

#include "surface/Imagery.h"

#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

namespace dem {

namespace {

// `layer`'s RGBA at texel centre (x, y) of a width x height grid over the
// same ground: bilinear between its own texels, edges clamped.
std::array<double, 4> sampledAt(const Imagery& layer, std::uint32_t x, std::uint32_t y, std::uint32_t width,
                                std::uint32_t height)
{
    const double column = std::clamp((x + 0.5) * layer.width / width - 0.5, 0.0, layer.width - 1.0);
    const double row = std::clamp((y + 0.5) * layer.height / height - 0.5, 0.0, layer.height - 1.0);
    const auto left = static_cast<std::uint32_t>(column);
    const auto top = static_cast<std::uint32_t>(row);
    const std::uint32_t right = std::min(left + 1, layer.width - 1);
    const std::uint32_t bottom = std::min(top + 1, layer.height - 1);
    const double across = column - left;
    const double down = row - top;
    const auto at = [&](std::uint32_t u, std::uint32_t v, std::size_t channel) {
        return static_cast<double>(layer.rgba[(std::size_t{v} * layer.width + u) * 4 + channel]);
    };
    std::array<double, 4> value{};
    for (std::size_t channel = 0; channel < 4; ++channel) {
        const double upper = at(left, top, channel) + (at(right, top, channel) - at(left, top, channel)) * across;
        const double lower =
            at(left, bottom, channel) + (at(right, bottom, channel) - at(left, bottom, channel)) * across;
        value[channel] = upper + (lower - upper) * down;
    }
    return value;
}

}  // namespace

Imagery stackedImagery(std::vector<Imagery> layers)
{
    if (layers.empty()) {
        throw std::invalid_argument("stackedImagery: no layers");
    }
    if (layers.size() == 1) {
        return std::move(layers.front());
    }
    const auto largest = std::max_element(layers.begin(), layers.end(), [](const Imagery& a, const Imagery& b) {
        return std::uint64_t{a.width} * a.height < std::uint64_t{b.width} * b.height;
    });
    Imagery stack;
    stack.width = largest->width;
    stack.height = largest->height;
    stack.rgba.assign(std::size_t{stack.width} * stack.height * 4, 0);
    for (const Imagery& layer : layers) {
        stack.stretched = stack.stretched || layer.stretched;
        stack.sourcePath += (stack.sourcePath.empty() ? "" : " + ") + layer.sourcePath;
        for (std::uint32_t y = 0; y < stack.height; ++y) {
            for (std::uint32_t x = 0; x < stack.width; ++x) {
                const std::array<double, 4> top = sampledAt(layer, x, y, stack.width, stack.height);
                std::uint8_t* below = &stack.rgba[(std::size_t{y} * stack.width + x) * 4];
                // The globe's rule (surface_ImageryOver), on the texels' values.
                const glm::vec4 stacked =
                    surface::imageryOver(glm::vec4(static_cast<float>(top[0]), static_cast<float>(top[1]),
                                                   static_cast<float>(top[2]), static_cast<float>(top[3])) /
                                             255.0f,
                                         glm::vec4(below[0], below[1], below[2], below[3]) / 255.0f);
                for (int channel = 0; channel < 4; ++channel) {
                    below[channel] = static_cast<std::uint8_t>(std::lround(stacked[channel] * 255.0f));
                }
            }
        }
    }
    return stack;
}

}  // namespace dem
