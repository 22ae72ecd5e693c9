#include "dem/DemNoDataFill.h"

#include "dem/DemGridNeighbours.h"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dem {

namespace {

enum class SampleState : std::uint8_t { Missing, Queued, Valid };

}  // namespace

std::uint64_t fillNoData(std::span<float> heights, std::span<std::uint8_t> isValid, std::uint32_t width,
                         std::uint32_t height)
{
    const std::size_t sampleCount = std::size_t{width} * height;
    if (heights.size() != sampleCount || isValid.size() != sampleCount) {
        throw std::invalid_argument("fillNoData: a " + std::to_string(width) + "x" + std::to_string(height) +
                                    " grid needs " + std::to_string(sampleCount) + " heights and flags, got " +
                                    std::to_string(heights.size()) + " and " + std::to_string(isValid.size()));
    }
    std::vector<SampleState> states(sampleCount);
    bool anyValid = false;
    for (std::size_t i = 0; i < sampleCount; ++i) {
        states[i] = isValid[i] != 0 ? SampleState::Valid : SampleState::Missing;
        anyValid = anyValid || isValid[i] != 0;
    }
    if (!anyValid)
        return 0;

    const NeighbourGrid grid(width, height);
    // The rim of every hole: missing samples with a valid neighbour.
    std::vector<std::size_t> frontier;
    for (std::size_t i = 0; i < sampleCount; ++i) {
        if (states[i] != SampleState::Missing)
            continue;
        bool besideValid = false;
        grid.forEachNeighbour(
            i, [&](std::size_t neighbour) { besideValid = besideValid || states[neighbour] == SampleState::Valid; });
        if (besideValid) {
            states[i] = SampleState::Queued;
            frontier.push_back(i);
        }
    }

    std::uint64_t filledCount = 0;
    std::vector<float> ringValues;
    std::vector<std::size_t> nextFrontier;
    while (!frontier.empty()) {
        // Every value of the ring comes from samples valid before the pass.
        ringValues.resize(frontier.size());
        for (std::size_t k = 0; k < frontier.size(); ++k) {
            double sum = 0.0;
            int validNeighbours = 0;
            grid.forEachNeighbour(frontier[k], [&](std::size_t neighbour) {
                if (states[neighbour] == SampleState::Valid) {
                    sum += static_cast<double>(heights[neighbour]);
                    ++validNeighbours;
                }
            });
            ringValues[k] = static_cast<float>(sum / validNeighbours);
        }
        for (std::size_t k = 0; k < frontier.size(); ++k) {
            heights[frontier[k]] = ringValues[k];
            states[frontier[k]] = SampleState::Valid;
        }
        filledCount += frontier.size();
        nextFrontier.clear();
        for (const std::size_t filled : frontier) {
            grid.forEachNeighbour(filled, [&](std::size_t neighbour) {
                if (states[neighbour] == SampleState::Missing) {
                    states[neighbour] = SampleState::Queued;
                    nextFrontier.push_back(neighbour);
                }
            });
        }
        std::swap(frontier, nextFrontier);
    }
    for (std::uint8_t& flag : isValid)
        flag = 1;
    return filledCount;
}

}  // namespace dem
