#version 460
// The globe's vertices: three per visible bisector, read from the geometry
// cache (relative to the origin) and taken relative to the camera before the
// view's rotation and projection; with what the fragments light the surface
// by: the cube point relative to the one under the camera (exact integers
// subtracted, then float), the data's normal and the detail's grid.
#extension GL_GOOGLE_include_directive : require
#include "planet/GlobeDraw.glsl"
#include "planet/VertexShading.glsl"
#include "display/Wireframe.glsl"

layout(location = 0) out vec3 outFromCamera;
layout(location = 1) out float outHeight;
layout(location = 2) noperspective out vec3 outBarycentric;
layout(location = 3) out vec3 outCubeFromCamera;
layout(location = 4) out vec3 outDataNormal;
layout(location = 5) flat out uint outDetailGrid;

void main()
{
    uint slot = globeDraw_visible[gl_VertexIndex / 3];
    uint index = 3u * slot + uint(gl_VertexIndex % 3);
    vec4 vertex = globeDraw_cache[index];
    vec3 fromCamera = vertex.xyz - globeDraw_cameraFromOrigin.xyz;
    outFromCamera = fromCamera;
    outHeight = vertex.w;
    outBarycentric = display_CornerBarycentric(uint(gl_VertexIndex % 3));
    outCubeFromCamera = vec3(planet_CubePointOf(globeDraw_exact[index].xyz - globeDraw_cameraCube.xyz));
    uint shading = globeDraw_shading[index];
    outDataNormal = planet_VertexShadingNormal(shading);
    outDetailGrid = planet_VertexShadingGrid(shading);
    gl_Position = globeDraw_viewProjection * vec4(fromCamera, 1.0);
}
