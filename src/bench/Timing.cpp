#include "bench/Timing.h"

#include <algorithm>
#include <stdexcept>

namespace bench {

double median(std::span<const double> samples)
{
    if (samples.empty()) {
        throw std::invalid_argument("median: no samples");
    }
    std::vector<double> sorted(samples.begin(), samples.end());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t middle = sorted.size() / 2;
    return sorted.size() % 2 == 1 ? sorted[middle] : 0.5 * (sorted[middle - 1] + sorted[middle]);
}

SampleSummary summarize(std::span<const double> samples)
{
    SampleSummary summary;
    summary.median = median(samples);
    const auto [smallest, largest] = std::minmax_element(samples.begin(), samples.end());
    summary.minimum = *smallest;
    summary.maximum = *largest;
    summary.count = samples.size();
    return summary;
}

}  // namespace bench
