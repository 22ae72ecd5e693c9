#version 460
// The globe's visibility pass: three vertices per visible bisector, read
// from the geometry cache (relative to the origin) and taken relative to the
// camera before the view's rotation and projection. What covers a pixel is
// all it records (planet/GlobeVisibility.frag); the shading reads the rest
// (planet/GlobeShade.comp).
#extension GL_GOOGLE_include_directive : require
#include "planet/GlobeDraw.glsl"

layout(location = 0) flat out uint outTriangle;

void main()
{
    uint triangle = uint(gl_VertexIndex) / 3u;
    uint slot = globeDraw_visible[triangle];
    vec4 vertex = globeDraw_cache[3u * slot + uint(gl_VertexIndex) % 3u];
    outTriangle = triangle;
    gl_Position = globeDraw_viewProjection * vec4(vertex.xyz - globeDraw_cameraFromOrigin.xyz, 1.0);
}
