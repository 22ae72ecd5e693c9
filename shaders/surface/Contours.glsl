// Contour lines on the ground, for the flat terrain and the globe, as
// surface::withContours gives them on the CPU (src/surface/Contours.h;
// tests/surface compares the two). A line every `interval` metres of
// elevation, every fifth (the index contour) wider and darker, printed into
// the ground's albedo (the materials' or the imagery's) so that the sun
// lights it as the ground. Each line is anti-aliased from the height's
// change across the pixel; lines closer together on screen than a few of
// their widths fade out, and so do lines on ground too level to place them.
#ifndef SURFACE_CONTOURS_GLSL
#define SURFACE_CONTOURS_GLSL

// Linear RGB of the ink.
const vec3 SURFACE_CONTOUR_INK = vec3(0.045, 0.030, 0.020);
const float SURFACE_CONTOUR_WIDTH_PIXELS = 1.0;
const float SURFACE_INDEX_CONTOUR_WIDTH_PIXELS = 2.0;
const float SURFACE_CONTOUR_OPACITY = 0.6;
const float SURFACE_INDEX_CONTOUR_OPACITY = 0.9;
// Every fifth contour is an index contour.
const float SURFACE_INDEX_CONTOUR_EVERY = 5.0;
// Rise over run below which no contour is drawn, and above which all are.
const float SURFACE_CONTOUR_LEVEL_SLOPE = 0.002;
const float SURFACE_CONTOUR_SLOPE = 0.01;

// The share of the pixel a line `widthPixels` wide through every multiple
// of `interval` metres covers, at `elevation` metres where the height
// changes by `change` metres to the next pixels (right plus down, absolute).
float surface_ContourLineCoverage(float elevation, float change, float interval, float widthPixels)
{
    float perPixel = max(change, 1.0e-6);
    float nearest = interval * roundEven(elevation / interval);
    float pixels = abs(elevation - nearest) / perPixel;
    float coverage = clamp(0.5 * widthPixels + 0.5 - pixels, 0.0, 1.0);
    float spacing = interval / perPixel;
    return coverage * smoothstep(2.0 * widthPixels, 4.0 * widthPixels, spacing);
}

// `albedo` with the contours every `interval` metres (none for 0 or less)
// inked in, on ground of slope `slope` (rise over run).
vec3 surface_WithContours(vec3 albedo, float elevation, float change, float slope, float interval)
{
    if (interval <= 0.0) {
        return albedo;
    }
    float minor = SURFACE_CONTOUR_OPACITY *
                  surface_ContourLineCoverage(elevation, change, interval, SURFACE_CONTOUR_WIDTH_PIXELS);
    float index = SURFACE_INDEX_CONTOUR_OPACITY * surface_ContourLineCoverage(elevation, change,
                                                                              SURFACE_INDEX_CONTOUR_EVERY * interval,
                                                                              SURFACE_INDEX_CONTOUR_WIDTH_PIXELS);
    float ink = max(minor, index) * smoothstep(SURFACE_CONTOUR_LEVEL_SLOPE, SURFACE_CONTOUR_SLOPE, slope);
    return mix(albedo, SURFACE_CONTOUR_INK, ink);
}

#endif  // SURFACE_CONTOURS_GLSL
