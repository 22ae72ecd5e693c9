// The sea of an elevation model without bathymetry, for the globe.
//
// Global models of the land alone mark the sea as no-data (GTOPO30,
// GMTED2010) or as exactly 0 m (SRTM's tiles). Filled from their rims as
// holes on land are (DemNoDataFill.h), or drawn as land at sea level, the
// oceans would become land. A model is taken to be one of the land alone
// when fewer than LandOnlySea::bathymetryShare of its valid samples lie below
// sea level. Then each of its holes (8-connected samples that are no-data or
// at exactly 0 m) is sea when its rim comes down to LandOnlySea::coastMetres
// or lower (it meets the coast) or when it holds LandOnlySea::seaHoleShare of
// the grid or more (a coast read at a reduction averages the land behind it
// in). A smaller hole whose rim stays higher (a void in the mountains) is
// left as it is: its no-data to the usual fill, its 0 m at 0 m.
//
// The sea's first ring of samples, beside the land (one of their 8
// neighbours valid), lies as deep as the mean height of that land: between a
// land sample and its sea neighbour, bilinear heights meet sea level
// halfway, so the coast keeps the place and the shape of the data's edge (a
// diagonal coast stays straight, a one-sample island stays an island). Ring
// after ring outwards, the sea floor then goes down a shelf of
// LandOnlySea::shelfSlope (from the coast, one sample spacing per ring), never
// shallower than the ring before it, down to LandOnlySea::depthMetres: the
// water's colour deepens over kilometres from the coast, whatever the
// model's spacing, rather than within one cell of it.
#pragma once

#include <cstdint>
#include <span>

namespace dem {

struct LandOnlySea {
    double depthMetres = 1000.0;
    double coastMetres = 10.0;
    double shelfSlope = 1.0 / 200.0;  // metres down per metre out
    double seaHoleShare = 0.01;
    // A model with at least this share of its valid samples below sea level
    // has bathymetry: its holes are all filled from their rims.
    double bathymetryShare = 0.1;
};

struct LandOnlySeaResult {
    bool landOnly = false;         // fewer valid samples below sea level than the share
    std::uint64_t seaSamples = 0;  // no-data and 0 m samples that became sea
};

// `heights` and `isValid` are row-major width x height grids (isValid[i] != 0
// marks a valid sample), `metresPerSample` apart (0: no shelf, the sea is
// deep from its second ring on). Gives every sample of a sea hole its depth
// below sea level (negative metres) and marks it valid; leaves every other
// sample as it is. Throws std::invalid_argument when the spans do
// not hold width * height values, or for a depth below 1 m, a coast that is
// not finite, a negative slope or spacing, or shares outside [0, 1].
LandOnlySeaResult markLandOnlySea(std::span<float> heights, std::span<std::uint8_t> isValid, std::uint32_t width,
                                  std::uint32_t height, double metresPerSample, const LandOnlySea& sea);
// The same, where a hole is sea too when one of its samples is known to be
// (`knownSea[i] != 0`, from a coarser level that saw the whole hole): a
// window of a model whose part of the coast around a hole lies outside it.
LandOnlySeaResult markLandOnlySea(std::span<float> heights, std::span<std::uint8_t> isValid, std::uint32_t width,
                                  std::uint32_t height, double metresPerSample, const LandOnlySea& sea,
                                  std::span<const std::uint8_t> knownSea);

}  // namespace dem
