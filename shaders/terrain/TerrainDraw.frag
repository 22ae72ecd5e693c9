#version 460
// The terrain's fragment shader, for both backends' vertex shaders
// (terrain/TerrainDraw.vert, PoolTerrainDraw.vert): the interpolated values
// and their derivatives, shaded by terrain/TerrainShading.glsl.
#extension GL_GOOGLE_include_directive : require

#include "terrain/TerrainDrawSet.glsl"
#include "terrain/TerrainShading.glsl"

layout(location = 0) noperspective in vec3 barycentric;
layout(location = 1) in vec3 worldPosition;
layout(location = 2) in vec2 heightmapCoordinate;
layout(location = 3) flat in uint leafDepth;

layout(location = 0) out vec4 colour;

void main()
{
    terrain_Fragment fragment;
    fragment.worldPosition = worldPosition;
    fragment.worldAlongX = dFdx(worldPosition);
    fragment.worldAlongY = dFdy(worldPosition);
    fragment.heightmapCoordinate = heightmapCoordinate;
    fragment.heightmapAlongX = dFdx(heightmapCoordinate);
    fragment.heightmapAlongY = dFdy(heightmapCoordinate);
    fragment.barycentric = barycentric;
    fragment.barycentricWidth = fwidth(barycentric);
    fragment.leafDepth = leafDepth;
    fragment.lane = uint(gl_FragCoord.x);
    colour = terrain_ShadeFragment(fragment);
}
