#version 460
// The vector drape's segments: instance i is the segment from vertex s to
// vertex s + 1, s the instance's entry of the frame's drawn segments (none
// where vertex s ends its line), or vertex s's marker,
// drawn as a quad of two triangles that covers the segment's capsule of the
// line's width in pixels plus a pixel for the edge's anti-aliasing. The
// positions are taken relative to the camera in two floats each, so that a
// line on the globe keeps its centimetres.
#extension GL_GOOGLE_include_directive : require

#include "vectordata/VectorDrape.glsl"

// The first vertex of each segment (or marker) drawn this frame: the chunks
// in the view at their levels of detail (vectordata/LineLevels.h).
layout(std430, set = 0, binding = 9) readonly buffer DrawnSegments {
    uint drawnSegments[];
};

layout(location = 0) out vec3 relativePosition;
layout(location = 1) flat out vec4 segmentPixels;  // both ends, framebuffer pixels
layout(location = 2) flat out vec4 colour;         // sRGB, straight alpha
layout(location = 3) flat out vec2 widthAndMarker;
layout(location = 4) flat out vec3 up;

// The least clip w a segment keeps: the part behind it is cut off.
const float kNearestW = 1e-4;
// (end, side) of the quad's six corners.
const vec2 kCorners[6] = vec2[6](vec2(0.0, -1.0), vec2(1.0, -1.0), vec2(1.0, 1.0), vec2(0.0, -1.0), vec2(1.0, 1.0),
                                 vec2(0.0, 1.0));

void hide()
{
    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
    segmentPixels = vec4(0.0);
    relativePosition = vec3(0.0);
    colour = vec4(0.0);
    widthAndMarker = vec2(0.0);
    up = vec3(0.0);
}

void main()
{
    const uint index = drawnSegments[gl_InstanceIndex];
    DrapedVertex first = drapedVertices[index];
    const bool marker = (first.flags & DRAPE_MARKER) != 0u;
    if ((!marker && (first.flags & DRAPE_LINE_END) != 0u) || drape_LayerHidden(first.flags >> DRAPE_LAYER_SHIFT)) {
        hide();
        return;
    }
    DrapedVertex second = first;
    if (!marker) {
        second = drapedVertices[index + 1u];
    }
    vec3 relativeA = drape_RelativeToCamera(first);
    vec3 relativeB = drape_RelativeToCamera(second);
    vec4 clipA = drapeFrame.viewRotationProjection * vec4(relativeA, 1.0);
    vec4 clipB = drapeFrame.viewRotationProjection * vec4(relativeB, 1.0);
    if (clipA.w < kNearestW && clipB.w < kNearestW) {
        hide();
        return;
    }
    // The part of the segment behind the camera is cut off.
    if (clipA.w < kNearestW) {
        const float t = (kNearestW - clipA.w) / (clipB.w - clipA.w);
        clipA = mix(clipA, clipB, t);
        relativeA = mix(relativeA, relativeB, t);
    } else if (clipB.w < kNearestW) {
        const float t = (kNearestW - clipB.w) / (clipA.w - clipB.w);
        clipB = mix(clipB, clipA, t);
        relativeB = mix(relativeB, relativeA, t);
    }
    const vec2 pixelsA = drape_PixelsOf(clipA);
    const vec2 pixelsB = drape_PixelsOf(clipB);
    const vec2 along = pixelsB - pixelsA;
    const float span = length(along);
    const vec2 direction = span > 1e-4 ? along / span : vec2(1.0, 0.0);
    const vec2 across = vec2(-direction.y, direction.x);
    const float reach = first.widthPixels * 0.5 + 1.0;

    const vec2 corner = kCorners[gl_VertexIndex];
    const bool atB = corner.x > 0.5;
    const vec4 clip = atB ? clipB : clipA;
    const vec2 pixels = (atB ? pixelsB : pixelsA) + direction * (atB ? reach : -reach) + across * corner.y * reach;
    gl_Position = vec4((pixels / drapeFrame.depthTerms.zw * 2.0 - 1.0) * clip.w, clip.z, clip.w);
    relativePosition = atB ? relativeB : relativeA;
    segmentPixels = vec4(pixelsA, pixelsB);
    colour = drape_Colour(first);
    widthAndMarker = vec2(first.widthPixels, marker ? 1.0 : 0.0);
    up = vec3(first.upX, first.upY, first.upZ);
}
