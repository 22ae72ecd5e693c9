// Large-scale fluvial erosion by the stream power law (Braun & Willett
// 2013, as used for terrain generation by Cordonnier et al. 2016): the
// ground rises at an uplift rate U while every river cuts down at a rate
// K * A^m * S, A the area it drains and S its slope. Run for a while, it
// turns an uplift pattern into mountains drained by branching valley
// networks, which droplets alone can not organise over long distances.
//
// Each step: a priority flood from the map edges (Barnes et al. 2014,
// with an epsilon slope across flats and lakes) gives every cell a downhill
// receiver towards the edge, so closed basins drain instead of filling;
// drainage areas accumulate from the ridges down; heights are updated
// implicitly from the outlets up, which is stable for any step size.
// Heights are in cell units; the map edges are the base level.
#pragma once

#include "heightgen/HeightGrid.h"

namespace heightgen {

struct FluvialErosionSettings {
    int iterations = 200;
    float timeStep = 1.0f;
    float erodibility = 0.05f;  // K
    float areaExponent = 0.5f;  // m (the slope exponent n is 1)
};

// `uplift` holds U per cell (cell units per time step), same size as grid.
void erodeFluvially(HeightGrid& grid, const HeightGrid& uplift, const FluvialErosionSettings& settings);

}  // namespace heightgen
