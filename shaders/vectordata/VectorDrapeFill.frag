#version 460
// The vector drape's fill pixels: the polygon's translucent colour where
// its triangle is not behind the scene's surface (VectorDrapeOcclusion.glsl).
#extension GL_GOOGLE_include_directive : require

#include "vectordata/VectorDrape.glsl"
#include "vectordata/VectorDrapeOcclusion.glsl"

layout(location = 0) in vec3 relativePosition;
layout(location = 1) in vec4 colour;
layout(location = 2) in vec3 up;
layout(location = 0) out vec4 outColour;

void main()
{
    if (drape_HiddenBySurface(relativePosition, normalize(up))) {
        discard;
    }
    outColour = drape_Output(colour.rgb, colour.a);
}
