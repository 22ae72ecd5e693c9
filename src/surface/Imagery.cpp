#include "surface/Imagery.h"

#include "surface/GlslOperations.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace surface {

float imageryCoarseness(const glm::vec2& texelsAlongX, const glm::vec2& texelsAlongY)
{
    const float texelsPerPixel = std::max(glm::length(texelsAlongX), glm::length(texelsAlongY));
    return 1.0f - smoothStep(0.125f, 0.5f, texelsPerPixel);
}

glm::vec3 detailedImagery(const glm::vec3& imagery, const Ground& ground, float coarseness)
{
    glm::vec3 detailed = imagery * (1.0f + 0.4f * ground.variation);
    const float rock = smoothStep(0.25f, 0.45f, ground.steepness + 0.10f * ground.variation);
    detailed = mixed(detailed, kRock, 0.7f * rock);
    detailed = mixed(detailed, kSnow, snowCover(ground));
    return mixed(imagery, detailed, coarseness);
}

glm::vec4 imageryOver(const glm::vec4& top, const glm::vec4& below)
{
    const float cover = top.a + below.a * (1.0f - top.a);
    if (cover <= 0.0f) {
        return glm::vec4(0.0f);
    }
    const glm::vec3 colour = (glm::vec3(top) * top.a + glm::vec3(below) * (below.a * (1.0f - top.a))) / cover;
    return glm::vec4(colour, cover);
}

}  // namespace surface
