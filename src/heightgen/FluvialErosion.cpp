#include "heightgen/FluvialErosion.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

namespace heightgen {
namespace {

constexpr int kNeighbourCount = 8;
constexpr int kOffsetX[kNeighbourCount] = {-1, 0, 1, -1, 1, -1, 0, 1};
constexpr int kOffsetY[kNeighbourCount] = {-1, -1, -1, 0, 0, 1, 1, 1};
constexpr float kNeighbourDistance[kNeighbourCount] = {1.41421356f, 1.0f,        1.41421356f, 1.0f,
                                                       1.0f,        1.41421356f, 1.0f,        1.41421356f};
// Slope given to flats and lake surfaces so every cell has a way down.
constexpr float kFlatSlope = 1.0e-3f;

struct FloodEntry {
    float level;
    std::uint32_t index;
    // Ties are broken by index so the order never depends on the queue.
    bool operator>(const FloodEntry& other) const noexcept
    {
        return level != other.level ? level > other.level : index > other.index;
    }
};

// The drainage of the current surface: every cell in an order where a
// cell's receiver always comes before it, and each cell's receiver (the
// steepest way down on the depression-free surface; edge cells are their
// own receivers).
struct Drainage {
    std::vector<std::uint32_t> order;
    std::vector<std::uint32_t> receiver;
    std::vector<std::uint8_t> receiverDirection;
    std::vector<float> filledLevel;
};

// Uniform in [0, 1): a hash of the cell and the iteration.
float unitHash(std::uint32_t cell, std::uint32_t iteration) noexcept
{
    std::uint32_t h = cell * 0x9E3779B1u ^ (iteration + 1u) * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    h *= 0x297A2D39u;
    h ^= h >> 15;
    return static_cast<float>(h >> 8) * 0x1.0p-24f;
}

bool isEdge(std::uint32_t x, std::uint32_t y, std::uint32_t size) noexcept
{
    return x == 0 || y == 0 || x + 1 == size || y + 1 == size;
}

void routeDrainage(const HeightGrid& grid, std::uint32_t iteration, Drainage& drainage)
{
    const std::uint32_t size = grid.size;
    const std::size_t cellCount = grid.heights.size();
    drainage.order.clear();
    drainage.order.reserve(cellCount);
    drainage.receiver.assign(cellCount, 0);
    drainage.receiverDirection.assign(cellCount, 0);
    drainage.filledLevel.assign(cellCount, 0.0f);
    std::vector<std::uint8_t> reached(cellCount, 0);
    std::priority_queue<FloodEntry, std::vector<FloodEntry>, std::greater<>> front;
    for (std::uint32_t y = 0; y < size; ++y) {
        for (std::uint32_t x = 0; x < size; ++x) {
            if (!isEdge(x, y, size))
                continue;
            const std::uint32_t index = y * size + x;
            reached[index] = 1;
            drainage.filledLevel[index] = grid.heights[index];
            drainage.receiver[index] = index;
            front.push({grid.heights[index], index});
        }
    }
    while (!front.empty()) {
        const FloodEntry cell = front.top();
        front.pop();
        drainage.order.push_back(cell.index);
        const auto x = static_cast<std::int64_t>(cell.index % size);
        const auto y = static_cast<std::int64_t>(cell.index / size);
        for (int n = 0; n < kNeighbourCount; ++n) {
            const std::int64_t neighbourX = x + kOffsetX[n];
            const std::int64_t neighbourY = y + kOffsetY[n];
            if (neighbourX < 0 || neighbourY < 0 || neighbourX >= size || neighbourY >= size)
                continue;
            const auto neighbour = static_cast<std::uint32_t>(neighbourY * size + neighbourX);
            if (reached[neighbour] != 0)
                continue;
            reached[neighbour] = 1;
            const float level = std::max(grid.heights[neighbour], cell.level + kFlatSlope * kNeighbourDistance[n]);
            drainage.filledLevel[neighbour] = level;
            front.push({level, neighbour});
        }
    }
    // Receivers: a downhill neighbour on the depression-free surface, drawn
    // with probability proportional to its slope (a fixed hash of cell and
    // iteration) so rivers do not lock onto the eight grid directions.
    for (std::uint32_t index = 0; index < cellCount; ++index) {
        const std::uint32_t x = index % size;
        const std::uint32_t y = index / size;
        if (isEdge(x, y, size))
            continue;
        std::array<float, kNeighbourCount> slopes{};
        float slopeTotal = 0.0f;
        for (int n = 0; n < kNeighbourCount; ++n) {
            const auto neighbour = static_cast<std::uint32_t>(static_cast<std::int64_t>(index) +
                                                              std::int64_t{kOffsetY[n]} * size + kOffsetX[n]);
            const float slope = (drainage.filledLevel[index] - drainage.filledLevel[neighbour]) / kNeighbourDistance[n];
            slopes[static_cast<std::size_t>(n)] = slope > 0.0f ? slope : 0.0f;
            slopeTotal += slopes[static_cast<std::size_t>(n)];
        }
        float pick = unitHash(index, iteration) * slopeTotal;
        int chosen = -1;
        for (int n = 0; n < kNeighbourCount; ++n) {
            const float slope = slopes[static_cast<std::size_t>(n)];
            if (slope <= 0.0f)
                continue;
            chosen = n;
            if (pick < slope)
                break;
            pick -= slope;
        }
        drainage.receiverDirection[index] = static_cast<std::uint8_t>(chosen);
        drainage.receiver[index] = static_cast<std::uint32_t>(static_cast<std::int64_t>(index) +
                                                              std::int64_t{kOffsetY[chosen]} * size + kOffsetX[chosen]);
    }
}

}  // namespace

void erodeFluvially(HeightGrid& grid, const HeightGrid& uplift, const FluvialErosionSettings& settings)
{
    Drainage drainage;
    std::vector<float> drainageArea(grid.heights.size());
    for (int iteration = 0; iteration < settings.iterations; ++iteration) {
        routeDrainage(grid, static_cast<std::uint32_t>(iteration), drainage);
        std::fill(drainageArea.begin(), drainageArea.end(), 1.0f);
        for (auto cell = drainage.order.rbegin(); cell != drainage.order.rend(); ++cell) {
            const std::uint32_t receiver = drainage.receiver[*cell];
            if (receiver != *cell)
                drainageArea[receiver] += drainageArea[*cell];
        }
        // Outlets first, so each receiver already has its new height.
        for (const std::uint32_t cell : drainage.order) {
            const std::uint32_t receiver = drainage.receiver[cell];
            if (receiver == cell)
                continue;  // map edge: the fixed base level
            const float distance = kNeighbourDistance[drainage.receiverDirection[cell]];
            const float raised = grid.heights[cell] + settings.timeStep * uplift.heights[cell];
            const float receiverHeight = grid.heights[receiver];
            float updated = raised;
            if (raised > receiverHeight) {
                const float incision = settings.erodibility * settings.timeStep *
                                       std::pow(drainageArea[cell], settings.areaExponent) / distance;
                updated = (raised + incision * receiverHeight) / (1.0f + incision);
            }
            grid.heights[cell] = updated;
        }
    }
}

}  // namespace heightgen
