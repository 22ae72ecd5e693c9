// Contour lines on the ground, one rule for the flat terrain and the globe:
// the CPU mirror of shaders/surface/Contours.glsl (tests/surface compares
// the two). A line every `interval` metres of elevation, every fifth (the
// index contour) wider and darker, printed into the ground's albedo (the
// materials' or the imagery's) so that the sun lights it as the ground.
// Each line is anti-aliased from the height's change across the pixel: its
// coverage is that of a band of its width in pixels around the contour's
// elevation. Lines closer together on screen than a few of their widths
// fade out (from far away the ground would turn to ink), and so do lines
// on ground too level to place them (a plain exactly at a contour's
// elevation would otherwise be inked whole).
#pragma once

#include <glm/vec3.hpp>

namespace surface {

// Linear RGB of the ink.
inline constexpr glm::vec3 kContourInk{0.045f, 0.030f, 0.020f};
inline constexpr float kContourWidthPixels = 1.0f;
inline constexpr float kIndexContourWidthPixels = 2.0f;
inline constexpr float kContourOpacity = 0.6f;
inline constexpr float kIndexContourOpacity = 0.9f;
// Every fifth contour is an index contour.
inline constexpr float kIndexContourEvery = 5.0f;
// Rise over run below which no contour is drawn, and above which all are.
inline constexpr float kContourLevelSlope = 0.002f;
inline constexpr float kContourSlope = 0.01f;

// The share of the pixel a line `widthPixels` wide through every multiple
// of `interval` metres covers, at `elevation` metres where the height
// changes by `change` metres to the next pixels (right plus down, absolute).
[[nodiscard]] float contourLineCoverage(float elevation, float change, float interval, float widthPixels);

// `albedo` with the contours every `interval` metres (none for 0 or less)
// inked in, on ground of slope `slope` (rise over run).
[[nodiscard]] glm::vec3 withContours(const glm::vec3& albedo, float elevation, float change, float slope,
                                     float interval);

}  // namespace surface
