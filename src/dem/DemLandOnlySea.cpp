#include "dem/DemLandOnlySea.h"

#include "dem/DemGridNeighbours.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace dem {

namespace {

enum class HoleState : std::uint8_t { Valid, Unvisited, InComponent, Sea, Land, Queued, Placed };

// The holes of a grid, one 8-connected component of no-data samples at a
// time, walked breadth first one front at a time (a front, not a whole
// ocean, in memory).
class HoleWalker {
public:
    HoleWalker(std::span<const float> heights, std::vector<HoleState>& states, const NeighbourGrid& neighbours)
        : heights_(heights),
          states_(states),
          neighbours_(neighbours)
    {
    }

    struct Hole {
        // The lowest height on its rim (+infinity for a hole without one,
        // -infinity for one with a sample in `knownSea`).
        double lowestRim = std::numeric_limits<double>::infinity();
        std::uint64_t samples = 0;
    };

    // Marks the hole of `seed` InComponent.
    Hole hole(std::size_t seed, std::span<const std::uint8_t> knownSea)
    {
        double lowest = std::numeric_limits<double>::infinity();
        const bool anyKnown = !knownSea.empty();
        if (anyKnown && knownSea[seed] != 0) {
            lowest = -std::numeric_limits<double>::infinity();
        }
        const std::uint64_t samples =
            walk(seed, HoleState::Unvisited, HoleState::InComponent, [&](std::size_t neighbour) {
                if (states_[neighbour] == HoleState::Valid) {
                    lowest = std::min(lowest, static_cast<double>(heights_[neighbour]));
                } else if (anyKnown && knownSea[neighbour] != 0) {
                    lowest = -std::numeric_limits<double>::infinity();
                }
            });
        return {lowest, samples};
    }

    // Marks the InComponent hole of `seed` as `verdict`.
    void settle(std::size_t seed, HoleState verdict)
    {
        walk(seed, HoleState::InComponent, verdict, [](std::size_t) {});
    }

private:
    // Returns the samples walked.
    template <typename SeeNeighbour>
    std::uint64_t walk(std::size_t seed, HoleState from, HoleState to, SeeNeighbour&& see)
    {
        std::uint64_t walked = 0;
        front_.assign(1, seed);
        states_[seed] = to;
        while (!front_.empty()) {
            walked += front_.size();
            next_.clear();
            for (const std::size_t sample : front_) {
                neighbours_.forEachNeighbour(sample, [&](std::size_t neighbour) {
                    see(neighbour);
                    if (states_[neighbour] == from) {
                        states_[neighbour] = to;
                        next_.push_back(neighbour);
                    }
                });
            }
            std::swap(front_, next_);
        }
        return walked;
    }

    std::span<const float> heights_;
    std::vector<HoleState>& states_;
    const NeighbourGrid& neighbours_;
    std::vector<std::size_t> front_;
    std::vector<std::size_t> next_;
};

}  // namespace

LandOnlySeaResult markLandOnlySea(std::span<float> heights, std::span<std::uint8_t> isValid, std::uint32_t width,
                                  std::uint32_t height, double metresPerSample, const LandOnlySea& sea)
{
    return markLandOnlySea(heights, isValid, width, height, metresPerSample, sea, {});
}

LandOnlySeaResult markLandOnlySea(std::span<float> heights, std::span<std::uint8_t> isValid, std::uint32_t width,
                                  std::uint32_t height, double metresPerSample, const LandOnlySea& sea,
                                  std::span<const std::uint8_t> knownSea)
{
    const std::size_t sampleCount = std::size_t{width} * height;
    if (heights.size() != sampleCount || isValid.size() != sampleCount ||
        (!knownSea.empty() && knownSea.size() != sampleCount)) {
        throw std::invalid_argument("markLandOnlySea: a " + std::to_string(width) + "x" + std::to_string(height) +
                                    " grid needs " + std::to_string(sampleCount) + " heights and flags, got " +
                                    std::to_string(heights.size()) + " and " + std::to_string(isValid.size()));
    }
    if (!(sea.depthMetres >= 1.0) || !(sea.bathymetryShare >= 0.0 && sea.bathymetryShare <= 1.0) ||
        !(sea.seaHoleShare >= 0.0 && sea.seaHoleShare <= 1.0) || !std::isfinite(sea.coastMetres) ||
        !(sea.shelfSlope >= 0.0) || !(metresPerSample >= 0.0)) {
        throw std::invalid_argument("markLandOnlySea: a sea " + std::to_string(sea.depthMetres) +
                                    " m deep, a coast at " + std::to_string(sea.coastMetres) + " m, a shelf of " +
                                    std::to_string(sea.shelfSlope) + ", samples " + std::to_string(metresPerSample) +
                                    " m apart and a bathymetry share of " + std::to_string(sea.bathymetryShare));
    }
    std::uint64_t validCount = 0;
    std::uint64_t belowSeaLevel = 0;
    for (std::size_t i = 0; i < sampleCount; ++i) {
        if (isValid[i] != 0) {
            ++validCount;
            belowSeaLevel += heights[i] < 0.0f ? 1u : 0u;
        }
    }
    LandOnlySeaResult result;
    result.landOnly = static_cast<double>(belowSeaLevel) < sea.bathymetryShare * static_cast<double>(validCount);
    if (!result.landOnly || validCount == 0) {
        return result;
    }

    // Holes of no-data and of samples at exactly sea level (as SRTM's tiles
    // write the sea) together.
    std::vector<HoleState> states(sampleCount);
    bool anyHole = false;
    for (std::size_t i = 0; i < sampleCount; ++i) {
        const bool land = isValid[i] != 0 && heights[i] != 0.0f;
        states[i] = land ? HoleState::Valid : HoleState::Unvisited;
        anyHole = anyHole || !land;
    }
    if (!anyHole) {
        return result;
    }
    const NeighbourGrid grid(width, height);
    HoleWalker walker(heights, states, grid);
    for (std::size_t i = 0; i < sampleCount; ++i) {
        if (states[i] == HoleState::Unvisited) {
            const HoleWalker::Hole hole = walker.hole(i, knownSea);
            const bool isSea = hole.lowestRim <= sea.coastMetres ||
                               static_cast<double>(hole.samples) >= sea.seaHoleShare * static_cast<double>(sampleCount);
            walker.settle(i, isSea ? HoleState::Sea : HoleState::Land);
        }
    }

    // The first ring of the sea, beside the land: as deep as the land
    // beside it is high (the coast halfway, whatever the spacing). Then ring
    // after ring outwards, each at least as deep as the ring before it
    // beside it and as the shelf at its distance.
    const auto shelfDepth = [&](std::size_t ring) {
        return metresPerSample > 0.0 ? sea.shelfSlope * metresPerSample * (static_cast<double>(ring) - 0.5)
                                     : sea.depthMetres;
    };
    std::vector<std::size_t> ring;
    for (std::size_t i = 0; i < sampleCount; ++i) {
        if (states[i] != HoleState::Sea) {
            continue;
        }
        double sum = 0.0;
        int landNeighbours = 0;
        grid.forEachNeighbour(i, [&](std::size_t neighbour) {
            if (states[neighbour] == HoleState::Valid) {
                sum += static_cast<double>(heights[neighbour]);
                ++landNeighbours;
            }
        });
        if (landNeighbours > 0) {
            ring.push_back(i);
            heights[i] = static_cast<float>(-std::clamp(sum / landNeighbours, 1.0, sea.depthMetres));
        }
    }
    std::vector<std::size_t> nextRing;
    std::size_t ringIndex = 1;
    for (; !ring.empty() && shelfDepth(ringIndex + 1) < sea.depthMetres; ++ringIndex) {
        for (const std::size_t sample : ring) {
            states[sample] = HoleState::Placed;
            isValid[sample] = 1;
        }
        result.seaSamples += ring.size();
        nextRing.clear();
        for (const std::size_t sample : ring) {
            grid.forEachNeighbour(sample, [&](std::size_t neighbour) {
                if (states[neighbour] == HoleState::Sea) {
                    states[neighbour] = HoleState::Queued;
                    nextRing.push_back(neighbour);
                }
            });
        }
        const double shelf = shelfDepth(ringIndex + 1);
        for (const std::size_t sample : nextRing) {
            double depth = std::min(shelf, sea.depthMetres);
            grid.forEachNeighbour(sample, [&](std::size_t neighbour) {
                if (states[neighbour] == HoleState::Placed) {
                    depth = std::max(depth, -static_cast<double>(heights[neighbour]));
                }
            });
            heights[sample] = static_cast<float>(-std::max(depth, 1.0));
        }
        std::swap(ring, nextRing);
    }
    // Once the shelf reaches the sea's depth, every ring beyond lies there.
    for (const std::size_t sample : ring) {
        states[sample] = HoleState::Placed;
        isValid[sample] = 1;
    }
    result.seaSamples += ring.size();
    for (std::size_t i = 0; i < sampleCount; ++i) {
        if (states[i] == HoleState::Sea) {
            heights[i] = static_cast<float>(-sea.depthMetres);
            isValid[i] = 1;
            ++result.seaSamples;
        }
    }
    return result;
}

}  // namespace dem
