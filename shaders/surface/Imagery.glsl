// Imagery draped over the ground, for the flat terrain and the globe: each
// mode finds where the ground lies in its imagery's texture and samples it;
// how its colour replaces the materials' is here.
#ifndef SURFACE_IMAGERY_GLSL
#define SURFACE_IMAGERY_GLSL

// The ground's albedo: the imagery's colour (linear, from an sRGB texture)
// where it lies (its alpha) and is shown, else the materials' `albedo`.
vec3 surface_DrapedAlbedo(vec3 albedo, vec4 imagery, bool shown)
{
    return mix(albedo, imagery.rgb, imagery.a * float(shown));
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
