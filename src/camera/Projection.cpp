#include "camera/Projection.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>

#include <cmath>

namespace camera {

namespace {

glm::vec4 matrixRow(const glm::mat4& matrix, int row)
{
    return glm::vec4(matrix[0][row], matrix[1][row], matrix[2][row], matrix[3][row]);
}

}  // namespace

glm::mat4 vulkanPerspective(float verticalFovRadians, float aspect, float nearPlane, float farPlane,
                            DepthConvention depth)
{
    const float focal = 1.0f / std::tan(verticalFovRadians * 0.5f);
    glm::mat4 projection(0.0f);
    projection[0][0] = focal / aspect;
    projection[1][1] = -focal;  // Vulkan clip space: y points down
    projection[2][3] = -1.0f;   // w = -z_view (the camera looks along -Z)
    if (depth == DepthConvention::Standard) {
        // z_view = -near -> 0, z_view = -far -> 1
        projection[2][2] = farPlane / (nearPlane - farPlane);
        projection[3][2] = nearPlane * farPlane / (nearPlane - farPlane);
    } else {
        // z_view = -near -> 1, z_view = -far -> 0
        projection[2][2] = nearPlane / (farPlane - nearPlane);
        projection[3][2] = nearPlane * farPlane / (farPlane - nearPlane);
    }
    return projection;
}

glm::mat4 vulkanInfinitePerspective(float verticalFovRadians, float aspect, float nearPlane)
{
    const float focal = 1.0f / std::tan(verticalFovRadians * 0.5f);
    glm::mat4 projection(0.0f);
    projection[0][0] = focal / aspect;
    projection[1][1] = -focal;
    projection[2][3] = -1.0f;      // w = -z_view
    projection[3][2] = nearPlane;  // z = near: depth = near / -z_view
    return projection;
}

float depthClearValue(DepthConvention depth)
{
    return depth == DepthConvention::Standard ? 1.0f : 0.0f;
}

VkCompareOp nearerDepthCompareOp(DepthConvention depth)
{
    return depth == DepthConvention::Standard ? VK_COMPARE_OP_LESS_OR_EQUAL : VK_COMPARE_OP_GREATER_OR_EQUAL;
}

std::array<glm::vec4, 6> frustumPlanesOf(const glm::mat4& viewProjection)
{
    const glm::vec4 x = matrixRow(viewProjection, 0);
    const glm::vec4 y = matrixRow(viewProjection, 1);
    const glm::vec4 z = matrixRow(viewProjection, 2);
    const glm::vec4 w = matrixRow(viewProjection, 3);
    return {w + x, w - x, w + y, w - y, z, w - z};
}

glm::mat4 inverseViewRotationProjection(const FrameView& view)
{
    const glm::dmat4 viewWithoutTranslation =
        glm::dmat4(view.view) * glm::translate(glm::dmat4(1.0), glm::dvec3(view.cameraPosition));
    return glm::mat4(glm::inverse(glm::dmat4(view.projection) * viewWithoutTranslation));
}

}  // namespace camera
