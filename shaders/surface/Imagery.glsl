// Imagery draped over the ground, for the flat terrain and the globe: each
// mode finds where the ground lies in its imagery's texture and samples it;
// how its colour replaces the materials', and takes the ground's detail
// where its texels are coarser than the pixels, is here (CPU mirror:
// src/surface/Imagery.h; tests/surface compares the two).
#ifndef SURFACE_IMAGERY_GLSL
#define SURFACE_IMAGERY_GLSL

#include "surface/GroundAlbedo.glsl"

// How coarse the imagery is at a pixel, from the pixel's steps to the next
// pixels in texels: 0 where a texel spans at most 2 pixels, 1 where it
// spans 8 or more, smooth in between.
float surface_ImageryCoarseness(vec2 texelsAlongX, vec2 texelsAlongY)
{
    float texelsPerPixel = max(length(texelsAlongX), length(texelsAlongY));
    return 1.0 - smoothstep(0.125, 0.5, texelsPerPixel);
}

// The imagery's colour (linear) with the detail of `ground` that a coarse
// texel averages away, as much as `coarseness` says: the materials'
// patchiness as a brightness change of up to a fifth either way, rock
// where the ground is too steep for anything else, and snow where the
// snow line says (surface_SnowCover). Where the texels are fine, the
// imagery as it is.
vec3 surface_DetailedImagery(vec3 imagery, surface_Ground ground, float coarseness)
{
    vec3 detailed = imagery * (1.0 + 0.4 * ground.variation);
    float rock = smoothstep(0.25, 0.45, ground.steepness + 0.10 * ground.variation);
    detailed = mix(detailed, SURFACE_ROCK, 0.7 * rock);
    detailed = mix(detailed, SURFACE_SNOW, surface_SnowCover(ground));
    return mix(imagery, detailed, coarseness);
}

// Imagery layer `top` laid over what the layers below it give, `below`
// (colours linear, alpha their cover): the colour where either covers, by
// each one's share, and the cover of both.
vec4 surface_ImageryOver(vec4 top, vec4 below)
{
    float cover = top.a + below.a * (1.0 - top.a);
    if (cover <= 0.0) {
        return vec4(0.0);
    }
    vec3 colour = (top.rgb * top.a + below.rgb * (below.a * (1.0 - top.a))) / cover;
    return vec4(colour, cover);
}

// The ground's albedo: the imagery's colour (linear, from an sRGB texture)
// where it lies (its alpha), else the materials' `albedo`. (Imagery that is
// not shown is not sampled: each mode leaves it out before.)
vec3 surface_DrapedAlbedo(vec3 albedo, vec4 imagery)
{
    return mix(albedo, imagery.rgb, imagery.a);
}

// Where a point at `latitude`, `longitude` (degrees, WGS 84) lies on a grid
// of degrees whose edges are `bounds` (west, south, east, north; east may
// pass 180): x from west to east, y from north to south, each in [0, 1]
// inside it. Longitudes wrap, so a grid across the date line or over
// 0..360 finds its points.
vec2 surface_GeographicGridPoint(float latitude, float longitude, vec4 bounds)
{
    float east = longitude - bounds.x;
    east -= 360.0 * floor(east / 360.0);
    return vec2(east / (bounds.z - bounds.x), (bounds.w - latitude) / (bounds.w - bounds.y));
}

#endif  // SURFACE_IMAGERY_GLSL
