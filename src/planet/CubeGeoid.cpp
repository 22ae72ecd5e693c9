#include "planet/CubeGeoid.h"

#include "dem/GeoidModel.h"
#include "planet/CubeElevation.h"

#include <cstring>
#include <utility>

namespace planet {

CubeGeoid::CubeGeoid() : samples_(std::size_t{6} * 2 * 2, 0.0f) {}

CubeGeoid::CubeGeoid(std::shared_ptr<const dem::GeoidModel> geoid, std::uint32_t intervals)
    : intervals_(intervals),
      model_(std::move(geoid))
{
    samples_ = sampleCubeGrid(intervals, [&](double latitudeDegrees, double longitudeDegrees) {
        return model_->undulationAt(latitudeDegrees, longitudeDegrees);
    });
}

double CubeGeoid::undulationAt(const glm::dvec3& cubePoint) const
{
    return undulationOnFace(cubeFaceOf(cubePoint));
}

double CubeGeoid::undulationOnFace(const CubeFacePoint& point) const
{
    const std::uint32_t side = intervals_ + 1;
    return bilinearIn(gridCellOf(point, intervals_), [&](std::uint32_t column, std::uint32_t row) {
        return static_cast<double>(samples_[(std::size_t{point.face} * side + row) * side + column]);
    });
}

std::vector<std::uint32_t> CubeGeoid::gpuWords() const
{
    std::vector<std::uint32_t> words(1 + samples_.size());
    words[0] = intervals_;
    std::memcpy(words.data() + 1, samples_.data(), samples_.size() * sizeof(float));
    return words;
}

}  // namespace planet
