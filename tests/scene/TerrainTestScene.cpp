#include "TerrainTestScene.h"

#include "camera/Projection.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <string>

namespace scene::test {

heightmap::Heightmap makeHeightmap(std::uint32_t width, std::uint32_t height,
                                   const std::function<double(double, double)>& heightAt)
{
    heightmap::Heightmap heightmap;
    heightmap.width = width;
    heightmap.height = height;
    heightmap.bitDepth = 16;
    heightmap.sourcePath = "synthetic-" + std::to_string(width) + "x" + std::to_string(height) + ".png";
    heightmap.samples.resize(std::size_t{width} * height);
    for (std::uint32_t y = 0; y < height; ++y) {
        for (std::uint32_t x = 0; x < width; ++x) {
            const double u = width > 1 ? x / double(width - 1) : 0.0;
            const double v = height > 1 ? y / double(height - 1) : 0.0;
            const double value = std::clamp(heightAt(u, v), 0.0, 1.0);
            heightmap.samples[std::size_t{y} * width + x] = static_cast<std::uint16_t>(std::lround(value * 65535.0));
        }
    }
    return heightmap;
}

heightmap::Heightmap makeHillsHeightmap(std::uint32_t size)
{
    return makeHeightmap(size, size, [](double u, double v) {
        constexpr double tau = 2.0 * std::numbers::pi;
        const double hills = 0.25 + 0.12 * std::sin(tau * 2.0 * u) * std::cos(tau * 1.5 * v) +
                             0.06 * std::sin(tau * 7.0 * (u + 0.3 * v)) + 0.03 * std::cos(tau * 13.0 * v);
        const double ridge = 0.45 * std::exp(-std::pow((u - 0.6) * 6.0, 2.0) - std::pow((v - 0.35) * 3.0, 2.0));
        return hills + ridge;
    });
}

terrain::TerrainSettings testSettings()
{
    terrain::TerrainSettings settings;
    settings.maxDepth = 18;
    settings.extentMetres = 10000.0f;
    settings.heightScaleMetres = 2000.0f;
    return settings;
}

camera::FrameView lookAt(glm::vec3 position, glm::vec3 target, VkExtent2D viewport, float farMetres,
                         camera::DepthConvention depth)
{
    camera::FrameView view;
    view.view = glm::lookAtRH(position, target, glm::vec3(0.0f, 1.0f, 0.0f));
    const float aspect = static_cast<float>(viewport.width) / static_cast<float>(viewport.height);
    if (depth == camera::DepthConvention::Reversed) {
        view.projection = camera::vulkanPerspective(glm::radians(60.0f), aspect, 1.0f, farMetres, depth);
    } else {
        view.projection = glm::perspectiveRH_ZO(glm::radians(60.0f), aspect, 1.0f, farMetres);
        view.projection[1][1] *= -1.0f;  // Vulkan's y points down
    }
    view.cameraPosition = position;
    view.viewport = viewport;
    return view;
}

camera::FrameView obliqueHillsView(VkExtent2D viewport, camera::DepthConvention depth)
{
    return lookAt(glm::vec3(-4000.0f, 1800.0f, 5200.0f), glm::vec3(1500.0f, 600.0f, -2000.0f), viewport, 100000.0f,
                  depth);
}

}  // namespace scene::test
