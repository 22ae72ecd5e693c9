// Splits rows [0, rowCount) into contiguous bands, one per thread. The work
// for a row must depend only on that row (and read-only shared data), so the
// result is the same for every thread count.
#pragma once

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace heightgen {

template <typename RowBandWork>
void forEachRowBand(std::uint32_t rowCount, unsigned threadCount, const RowBandWork& work)
{
    const unsigned bands = std::max(1u, std::min(threadCount, rowCount));
    if (bands == 1) {
        work(std::uint32_t{0}, rowCount);
        return;
    }
    std::vector<std::jthread> workers;
    workers.reserve(bands);
    for (unsigned band = 0; band < bands; ++band) {
        const auto begin = static_cast<std::uint32_t>(std::uint64_t{rowCount} * band / bands);
        const auto end = static_cast<std::uint32_t>(std::uint64_t{rowCount} * (band + 1) / bands);
        workers.emplace_back([&work, begin, end] { work(begin, end); });
    }
}

}  // namespace heightgen
