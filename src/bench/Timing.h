// Wall-clock timing and the statistics every benchmark reports.
#pragma once

#include <chrono>
#include <span>
#include <vector>

namespace bench {

// Seconds elapsed since construction or the last restart (steady clock).
class Stopwatch {
public:
    Stopwatch() : start_(std::chrono::steady_clock::now()) {}

    void restart() { start_ = std::chrono::steady_clock::now(); }

    [[nodiscard]] double elapsedSeconds() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    std::chrono::steady_clock::time_point start_;
};

// The median of `samples` (mean of the two middle values for an even count).
// Throws std::invalid_argument when `samples` is empty.
double median(std::span<const double> samples);

// Median, minimum and maximum of a list of timings.
struct SampleSummary {
    double median = 0.0;
    double minimum = 0.0;
    double maximum = 0.0;
    std::size_t count = 0;
};
SampleSummary summarize(std::span<const double> samples);

}  // namespace bench
