#version 460
// The globe's vertices: three per visible bisector, read from the geometry
// cache (relative to the origin) and taken relative to the camera before the
// view's rotation and projection.
#extension GL_GOOGLE_include_directive : require
#include "planet/GlobeDraw.glsl"
#include "display/Wireframe.glsl"

layout(location = 0) out vec3 outFromCamera;
layout(location = 1) out float outHeight;
layout(location = 2) noperspective out vec3 outBarycentric;

void main()
{
    uint slot = globeDraw_visible[gl_VertexIndex / 3];
    vec4 vertex = globeDraw_cache[3u * slot + uint(gl_VertexIndex % 3)];
    vec3 fromCamera = vertex.xyz - globeDraw_cameraFromOrigin.xyz;
    outFromCamera = fromCamera;
    outHeight = vertex.w;
    outBarycentric = display_CornerBarycentric(uint(gl_VertexIndex % 3));
    gl_Position = globeDraw_viewProjection * vec4(fromCamera, 1.0);
}
