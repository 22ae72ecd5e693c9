// Hydraulic erosion by simulated water droplets (the particle model of
// Beyer 2015, "Implementation of a method for hydraulic erosion"): each
// droplet runs downhill with some inertia, picks up sediment while it
// carries less than its capacity (which grows with slope, speed and water)
// and drops it when it slows, climbs or evaporates. Thousands of droplets
// following the same paths carve gullies and valleys and fill basins.
//
// Heights are in cell units (one unit = the width of a cell), so slopes are
// true slopes and the settings mean the same at every resolution.
#pragma once

#include "heightgen/HeightGrid.h"

#include <cstdint>

namespace heightgen {

struct DropletErosionSettings {
    std::uint64_t dropletCount = 0;
    std::uint64_t seed = 0;
    int maxSteps = 64;
    float inertia = 0.1f;         // share of the old direction kept each step
    float capacityFactor = 4.0f;  // sediment capacity per unit slope, speed, water
    float minCapacitySlope = 0.01f;
    float erodeRate = 0.3f;     // share of the missing capacity taken per step
    float depositRate = 0.3f;   // share of the excess sediment dropped per step
    float evaporation = 0.02f;  // share of the water lost per step
    float gravity = 4.0f;
    float friction = 0.05f;  // share of the speed lost per step
    int brushRadius = 3;     // erosion spreads over cells within this radius
};

// Runs the droplets one after another (a deterministic sequence for a seed).
void erodeWithDroplets(HeightGrid& grid, const DropletErosionSettings& settings);

// Thermal erosion (talus creep): wherever a cell stands higher above a
// neighbour than `talusSlope` allows, a share `rate` of the excess slides to
// the lower cell. Symmetric flows keep the volume; every cell gathers its own
// change, so the result does not depend on the thread count.
void erodeThermally(HeightGrid& grid, float talusSlope, float rate, int iterations, unsigned threadCount);

}  // namespace heightgen
