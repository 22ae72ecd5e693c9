#version 460
// The globe's shading (raster::gpu::VisibilityShadePass over
// raster/VisibilityShading.glsl): what a value of the visibility buffer
// (a visible triangle's index in the visible list plus one, or 0 for the
// sky) looks like on the ray through a pixel's centre.
//
// A triangle is shaded where that ray meets its plane: the barycentric
// coordinates there interpolate what the vertices carry (the position, the
// height, the cube point, the data's normal), and those of the rays through
// the next pixels right and down give the steps the shading's footprint and
// the detail's slope are measured by (a fragment shader's derivatives).
// Doing this in a compute pass rather than a fragment shader shades every
// pixel once whatever the overdraw, and runs on every multiprocessor of
// parts whose fragment shading is confined to a few.
#extension GL_GOOGLE_include_directive : require
#define ATMOSPHERE_SET 1
#include "planet/GlobeSurface.glsl"
#include "planet/GlobeSky.glsl"
#include "planet/VertexShading.glsl"
#include "display/HdrOutput.glsl"
#include "display/Wireframe.glsl"

// A point on the ray through `pixel` (window coordinates: a pixel's centre
// at + 0.5), relative to the camera (ECEF metres): the ray's direction.
vec3 globeShade_RayThrough(vec2 pixel, vec2 size)
{
    vec2 device = pixel / size * 2.0 - 1.0;
    vec4 point = globeDraw_inverseViewProjection * vec4(device, 0.5, 1.0);
    return point.xyz / point.w;
}

// The barycentric coordinates of the point where the ray from the camera
// along `ray` meets the plane of the triangle (p0, p0 + e1, p0 + e2),
// relative to the camera (Moeller and Trumbore); `fallback` where the ray
// runs along the plane.
vec3 globeShade_Barycentric(vec3 ray, vec3 p0, vec3 e1, vec3 e2, vec3 fallback)
{
    vec3 p = cross(ray, e2);
    float determinant = dot(e1, p);
    if (abs(determinant) <= 1.0e-30) {
        return fallback;
    }
    vec3 q = cross(-p0, e1);
    float u = dot(-p0, p) / determinant;
    float v = dot(ray, q) / determinant;
    return vec3(1.0 - u - v, u, v);
}

// The rays through a pixel's centre and through the next pixels' right and
// down, computed once for every value its samples show.
struct globeShade_Rays {
    vec3 centre;
    vec3 right;
    vec3 down;
};

globeShade_Rays rasterShade_PixelOf(ivec2 pixel, vec2 size)
{
    vec2 centre = vec2(pixel) + 0.5;
    return globeShade_Rays(globeShade_RayThrough(centre, size), globeShade_RayThrough(centre + vec2(1.0, 0.0), size),
                           globeShade_RayThrough(centre + vec2(0.0, 1.0), size));
}

vec3 globeShade_Mix(vec3 barycentric, vec3 a, vec3 b, vec3 c)
{
    return barycentric.x * a + barycentric.y * b + barycentric.z * c;
}

// What the sample value `visibility` shows on the ray through a pixel's
// centre (display/HdrOutput.glsl's form).
vec4 rasterShade_Sample(uint visibility, globeShade_Rays rays)
{
    if (visibility == 0u) {
        vec3 direction = globeAtmosphere_Direction(rays.centre);
        return display_HdrOutput(globeSky_Luminance(globeDraw_seaLevelSky, globeDraw_cameraAtmosphere.xyz,
                                                    globeDraw_cameraAtmosphere.w, direction,
                                                    globeDraw_sunAtmosphere.xyz),
                                 true);
    }
    uint first = 3u * globeDraw_visible[visibility - 1u];
    vec3 position[3];
    vec3 cube[3];
    vec3 dataNormal[3];
    float height[3];
    uint shading[3];
    for (uint corner = 0u; corner < 3u; ++corner) {
        vec4 vertex = globeDraw_cache[first + corner];
        position[corner] = vertex.xyz - globeDraw_cameraFromOrigin.xyz;
        height[corner] = vertex.w;
        cube[corner] = vec3(planet_CubePointOf(globeDraw_exact[first + corner].xyz - globeDraw_cameraCube.xyz));
        shading[corner] = globeDraw_shading[first + corner];
        dataNormal[corner] = planet_VertexShadingNormal(shading[corner]);
    }
    vec3 e1 = position[1] - position[0];
    vec3 e2 = position[2] - position[0];
    vec3 b = globeShade_Barycentric(rays.centre, position[0], e1, e2, vec3(1.0 / 3.0));
    vec3 bx = globeShade_Barycentric(rays.right, position[0], e1, e2, b);
    vec3 by = globeShade_Barycentric(rays.down, position[0], e1, e2, b);

    globeSurface_Point surface;
    surface.fromCamera = globeShade_Mix(b, position[0], position[1], position[2]);
    surface.alongX = globeShade_Mix(bx - b, position[0], position[1], position[2]);
    surface.alongY = globeShade_Mix(by - b, position[0], position[1], position[2]);
    surface.cube = globeSurface_CubePointAt(globeShade_Mix(b, cube[0], cube[1], cube[2]));
    surface.cubeAlongX = globeShade_Mix(bx - b, cube[0], cube[1], cube[2]);
    surface.cubeAlongY = globeShade_Mix(by - b, cube[0], cube[1], cube[2]);
    vec3 heights = vec3(height[0], height[1], height[2]);
    float lowest = min(min(heights.x, heights.y), heights.z);
    float highest = max(max(heights.x, heights.y), heights.z);
    // A pixel whose centre lies just outside its triangle (a sample of its
    // edge is covered, not the centre) extrapolates the plane: it stays
    // within the corners' heights (land that meets sea level would dip
    // under it).
    surface.height = clamp(dot(b, heights), lowest, highest);
    // A coast only crosses a triangle whose corners lie on both sides of sea
    // level: elsewhere the plane's height, steep across a pixel seen at a
    // grazing angle, would reach sea level only beyond the triangle.
    surface.heightAcross = abs(dot(bx - b, heights)) + abs(dot(by - b, heights));
    surface.heightChange = globeSurface_CoastCrosses(lowest, highest) ? surface.heightAcross : 0.0;
    surface.dataNormal = globeShade_Mix(b, dataNormal[0], dataNormal[1], dataNormal[2]);
    surface.detailGrid = planet_VertexShadingGrid(shading[0]);
    surface.centreFromCamera = (position[0] + position[1] + position[2]) / 3.0;
    surface.triangleMetres = sqrt(length(cross(e1, e2)));
    vec3 luminance = globeSurface_Luminance(surface);
    if (globeDraw_options.x != 0u) {
        luminance = display_WithWireframeOver(luminance, b, abs(bx - b) + abs(by - b));
    }
    return display_HdrOutput(luminance, true);
}

#define RASTER_SHADE_PIXEL globeShade_Rays
#include "raster/VisibilityShading.glsl"
