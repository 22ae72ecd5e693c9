#version 460
// The flat terrain's shading in compute (raster::gpu::VisibilityShadePass
// over raster/VisibilityShading.glsl): what a value of the visibility buffer
// (terrain/TerrainRaster.comp: a triangle's number plus one, or 0 for the
// sky) looks like at a pixel. A triangle is shaded where the ray through the
// pixel's centre meets its plane, by terrain/TerrainShading.glsl, as the
// fragment shader shades it: its corners are placed as the draw's vertex
// shader places them (terrain/TerrainTriangles.glsl), and the barycentric
// coordinates at the centres of the pixel and of the next ones right and
// down interpolate what the corners carry and give the steps a fragment
// shader reads from its derivatives. The sky is the sky pass's
// (atmosphere/Sky.frag).
#extension GL_GOOGLE_include_directive : require
#define TERRAIN_DRAW_SET_IN_COMPUTE
#include "terrain/TerrainTriangles.glsl"
#include "terrain/TerrainShading.glsl"

// A pixel's centre and the next pixels' right and down, in normalized
// device coordinates.
struct terrainShade_Pixel {
    vec2 centre;
    vec2 right;
    vec2 down;
};

terrainShade_Pixel rasterShade_PixelOf(ivec2 pixel, vec2 size)
{
    vec2 centre = (vec2(pixel) + 0.5) / size * 2.0 - 1.0;
    vec2 step = 2.0 / size;
    return terrainShade_Pixel(centre, centre + vec2(step.x, 0.0), centre + vec2(0.0, step.y));
}

// The perspective-correct barycentric coordinates of the point of the
// triangle's plane that projects to `device`: the clip-space point
// b0 c0 + b1 c1 + b2 c2 whose (x, y, w) is w (device, 1), from the inverse
// of the corners' (x, y, w) (homogeneous, so corners behind the camera
// count too); `fallback` where the plane is seen edge-on.
vec3 terrainShade_Barycentric(mat3 inverseCorners, bool invertible, vec2 device, vec3 fallback)
{
    if (!invertible) {
        return fallback;
    }
    vec3 weights = inverseCorners * vec3(device, 1.0);
    float sum = weights.x + weights.y + weights.z;
    return abs(sum) > 1.0e-30 ? weights / sum : fallback;
}

// Screen-space (noperspective) barycentric coordinates from perspective-correct ones.
vec3 terrainShade_ScreenBarycentric(vec3 b, vec3 w)
{
    vec3 weighted = b * w;
    return weighted / (weighted.x + weighted.y + weighted.z);
}

vec4 rasterShade_Sample(uint value, terrainShade_Pixel pixel)
{
    if (value == 0u) {
        // Any depth strictly inside 0..1 lies in front of the camera for
        // both depth conventions.
        vec4 offset = terrainFrame.inverseViewRotationProjection * vec4(pixel.centre, 0.5, 1.0);
        return display_HdrOutput(atmosphere_SkyRadiance(normalize(offset.xyz / offset.w)), true);
    }
    uint triangle = value - 1u;
    terrain_DrawTriangle shape = terrain_DrawTriangleOf(triangle, triangle);
    terrain_DrawVertex corners[3];
    for (uint corner = 0u; corner < 3u; ++corner) {
        corners[corner] = terrain_DrawVertexOf(shape, corner, triangle, false);
    }
    mat3 cornersXyw = mat3(corners[0].clip.xyw, corners[1].clip.xyw, corners[2].clip.xyw);
    bool invertible = determinant(cornersXyw) != 0.0;
    mat3 inverseCorners = invertible ? inverse(cornersXyw) : mat3(1.0);
    vec3 b = terrainShade_Barycentric(inverseCorners, invertible, pixel.centre, vec3(1.0 / 3.0));
    vec3 bx = terrainShade_Barycentric(inverseCorners, invertible, pixel.right, b);
    vec3 by = terrainShade_Barycentric(inverseCorners, invertible, pixel.down, b);

    mat3 world = mat3(corners[0].worldPosition, corners[1].worldPosition, corners[2].worldPosition);
    mat3x2 coordinate =
        mat3x2(corners[0].heightmapCoordinate, corners[1].heightmapCoordinate, corners[2].heightmapCoordinate);
    vec3 w = vec3(corners[0].clip.w, corners[1].clip.w, corners[2].clip.w);
    vec3 screen = terrainShade_ScreenBarycentric(b, w);

    terrain_Fragment fragment;
    fragment.worldPosition = world * b;
    fragment.worldAlongX = world * (bx - b);
    fragment.worldAlongY = world * (by - b);
    fragment.heightmapCoordinate = coordinate * b;
    fragment.heightmapAlongX = coordinate * (bx - b);
    fragment.heightmapAlongY = coordinate * (by - b);
    fragment.barycentric = screen;
    fragment.barycentricWidth = abs(terrainShade_ScreenBarycentric(bx, w) - screen) +
                                abs(terrainShade_ScreenBarycentric(by, w) - screen);
    fragment.leafDepth = shape.leafDepth;
    fragment.lane = triangle;
    return terrain_ShadeFragment(fragment);
}

#define RASTER_SHADE_PIXEL terrainShade_Pixel
#include "raster/VisibilityShading.glsl"
