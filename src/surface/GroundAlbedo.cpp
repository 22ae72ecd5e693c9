#include "surface/GroundAlbedo.h"

#include "surface/GlslOperations.h"

namespace surface {

float shoreWeight(bool datum, float dataSpacingMetres)
{
    return datum ? 1.0f - smoothStep(100.0f, 1000.0f, dataSpacingMetres) : 0.0f;
}

float snowCover(const Ground& ground)
{
    const float line = ground.snowLineMetres;
    const float above = ground.elevationMetres + 400.0f * ground.variation;
    return smoothStep(line, line + 300.0f, above) * (1.0f - smoothStep(0.2f, 0.4f, ground.steepness));
}

glm::vec3 groundAlbedo(const Ground& ground)
{
    const float variation = ground.variation;
    const float steepness = ground.steepness;
    const float elevation = ground.elevationMetres;
    const float snowLine = ground.snowLineMetres;
    glm::vec3 albedo = mixed(kGrass, kSoil, smoothStep(0.05f, 0.15f, steepness + 0.08f * variation));
    const float alpine = smoothStep(snowLine - 1200.0f, snowLine - 300.0f, elevation + 400.0f * variation);
    albedo = mixed(albedo, mixed(kSoil, kRock, 0.7f), 0.8f * alpine);
    albedo = mixed(albedo, kRock, smoothStep(0.18f, 0.35f, steepness + 0.10f * variation));
    if (ground.shore > 0.0f) {
        const float shore = elevation + 8.0f * variation;
        const float beach = smoothStep(-30.0f, -5.0f, shore) * (1.0f - smoothStep(2.0f, 12.0f, shore));
        albedo = mixed(albedo, kSand, ground.shore * beach * (1.0f - smoothStep(0.08f, 0.2f, steepness)));
    }
    return mixed(albedo, kSnow, snowCover(ground));
}

}  // namespace surface
