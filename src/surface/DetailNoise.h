// Detail below the data, one noise for the flat terrain and the globe: an
// elevation model has one sample every few metres (or kilometres), so a
// close view would see smooth facets. The detail is fractal relief finer
// than the samples: octaves of value noise over a point in 3D (a cube point
// on the globe, ground metres on the flat terrain), each half the lattice
// cell of the one before, each as high as a fixed share of its cell (a
// fractal of dimension 2, so slopes keep one order at every scale).
//
// The sums are exact functions of the point: integer hashes of the lattice
// corners, then +, - and * alone, so shaders/surface/DetailNoise.glsl gives
// the same bits in double (the globe's heights use them). The gradient, for
// shading, is double up to each octave's lattice cell and float after on
// the GPU; the flat terrain evaluates it in float throughout
// (surface_DetailNoiseFloat), which its ground coordinates allow.
//
// A surface chooses how much of the relief its ground takes (the globe by
// the land's height, the flat terrain by its slope) and where the pixels
// show it (detailShownShare).
#pragma once

#include <glm/vec3.hpp>

namespace surface {

// An octave's amplitude over its lattice cell.
inline constexpr double kDetailAmplitudePerCell = 0.04;
inline constexpr int kMaxDetailOctaves = 16;
// The most the value noise changes per lattice unit: along an axis, the
// quintic fade's largest slope (15/8) times the largest difference of two
// interpolated values (2); over all three axes, times sqrt(3).
inline constexpr double kDetailNoiseSlopeBound = 6.5;

// The octaves' lattices: the first has `frequency` cells per unit of the
// points the noise is evaluated at, each `cellMetres` long on the ground;
// each next octave halves both, `octaves` in all.
struct DetailLattice {
    double frequency = 1.0;
    double cellMetres = 1.0;
    int octaves = 0;
};

// How many octaves go from a first cell of `cellMetres` down to cells no
// shorter than `shortestMetres` (at most kMaxDetailOctaves).
[[nodiscard]] int detailOctaves(double cellMetres, double shortestMetres);

// The octaves' sum at `point`, in metres.
[[nodiscard]] double detailNoiseSum(const glm::dvec3& point, const DetailLattice& lattice);

// The most detailNoiseSum changes between two points at most `distance`
// units apart: each octave by no more than its slope bound times the
// distance, nor more than twice its amplitude.
[[nodiscard]] double detailNoiseVariationBound(double distance, const DetailLattice& lattice);

// The most |detailNoiseSum| can be: the octaves' amplitudes added up.
[[nodiscard]] double detailNoiseAmplitudeSum(const DetailLattice& lattice);

// The weight of an octave of cells `cellMetres` long seen by pixels that
// resolve `resolvableMetres`: 1 while its cells are at least twice that,
// falling linearly to 0 at once that; 1 for any octave when that is 0.
[[nodiscard]] double detailOctaveWeight(double cellMetres, double resolvableMetres);

// The gradient of detailNoiseSum at `point` (metres per unit), each octave
// weighted by detailOctaveWeight: 0 keeps every octave, the sum's exact
// gradient.
[[nodiscard]] glm::dvec3 detailNoiseGradient(const glm::dvec3& point, const DetailLattice& lattice,
                                             double resolvableMetres);

// The share of the relief a pixel of `footprintMetres` shows on ground
// sampled every `dataCellMetres`: all of it once the pixel resolves a few
// octaves (a 64th of a cell), none while it would show only the first ones,
// whose lattice would read as a regular pattern (a 16th).
[[nodiscard]] double detailShownShare(double footprintMetres, double dataCellMetres);

}  // namespace surface
