#version 460
// The vector drape's polygon fills: three vertices a triangle, laid on the
// ground at its sample spacing (vectordata/PolygonFill.h), taken relative
// to the camera in two floats each.
#extension GL_GOOGLE_include_directive : require

#include "vectordata/VectorDrape.glsl"

layout(location = 0) out vec3 relativePosition;
layout(location = 1) out vec4 colour;  // sRGB, straight alpha
layout(location = 2) out vec3 up;

void main()
{
    const DrapedVertex vertex = drapedFillVertices[gl_VertexIndex];
    relativePosition = drape_RelativeToCamera(vertex);
    gl_Position = drapeFrame.viewRotationProjection * vec4(relativePosition, 1.0);
    if (drape_LayerHidden(vertex.flags >> DRAPE_LAYER_SHIFT)) {
        gl_Position = vec4(0.0, 0.0, 0.0, 1.0);  // the triangle collapses
    }
    colour = drape_Colour(vertex);
    up = vec3(vertex.upX, vertex.upY, vertex.upZ);
}
