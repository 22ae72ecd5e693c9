#include "surface/Contours.h"

#include "surface/GlslOperations.h"

#include <glm/common.hpp>

#include <algorithm>
#include <cmath>

namespace surface {

float contourLineCoverage(float elevation, float change, float interval, float widthPixels)
{
    const float perPixel = std::max(change, 1.0e-6f);
    const float nearest = interval * glm::roundEven(elevation / interval);
    const float pixels = std::abs(elevation - nearest) / perPixel;
    const float coverage = glm::clamp(0.5f * widthPixels + 0.5f - pixels, 0.0f, 1.0f);
    const float spacing = interval / perPixel;
    return coverage * smoothStep(2.0f * widthPixels, 4.0f * widthPixels, spacing);
}

glm::vec3 withContours(const glm::vec3& albedo, float elevation, float change, float slope, float interval)
{
    if (interval <= 0.0f) {
        return albedo;
    }
    const float minor = kContourOpacity * contourLineCoverage(elevation, change, interval, kContourWidthPixels);
    const float index = kIndexContourOpacity *
                        contourLineCoverage(elevation, change, kIndexContourEvery * interval, kIndexContourWidthPixels);
    const float ink = std::max(minor, index) * smoothStep(kContourLevelSlope, kContourSlope, slope);
    return mixed(albedo, kContourInk, ink);
}

}  // namespace surface
