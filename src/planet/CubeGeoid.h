// Sea level on the globe's cube: the geoid's undulation N (how high mean sea
// level stands above the WGS 84 ellipsoid, dem::GeoidModel) resampled onto
// a corner-aligned grid per face, as CubeElevation resamples the heights, so
// that N is found from the exact cube point without trigonometry (the GPU
// repeats it in double: shaders/planet/CubeGeoid.glsl) and faces that share
// an edge give it bit for bit the same N.
//
// The globe's heights are above sea level; a point at height H on the cube
// stands H + N above the ellipsoid (CubeElevation::ecefAt). Without a geoid
// grid N is 0 everywhere: sea level is the ellipsoid.
#pragma once

#include "planet/CubeSphere.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

namespace dem {
class GeoidModel;
}  // namespace dem

namespace planet {

class CubeGeoid {
public:
    // 512 intervals a face side, about 0.18 degrees (EGM96's grid has 0.25):
    // within 0.61 m of the grid's own bilinear N everywhere, 1.2 cm on
    // average (256 intervals: 1.5 m, 4 cm). 6.3 MB, 0.3 s to make.
    static constexpr std::uint32_t kDefaultIntervals = 512;

    // The ellipsoid as sea level: N = 0 everywhere.
    CubeGeoid();
    // `geoid` sampled at the ellipsoid point of every grid point. Throws
    // std::invalid_argument unless `intervals` is a power of two in [2, 2^14].
    explicit CubeGeoid(std::shared_ptr<const dem::GeoidModel> geoid, std::uint32_t intervals = kDefaultIntervals);

    // Metres of sea level above the ellipsoid at a cube point: bilinear in
    // double between the face's samples (planet::bilinearIn).
    [[nodiscard]] double undulationAt(const glm::dvec3& cubePoint) const;
    // The same on a given face (a point of an edge lies on two).
    [[nodiscard]] double undulationOnFace(const CubeFacePoint& point) const;

    // Whether sea level is the ellipsoid (no geoid grid).
    [[nodiscard]] bool isEllipsoid() const noexcept { return model_ == nullptr; }
    // The geoid it was sampled from, whose N at a latitude and longitude
    // brings a model's heights above the ellipsoid to sea level; null for
    // the ellipsoid.
    [[nodiscard]] const std::shared_ptr<const dem::GeoidModel>& model() const noexcept { return model_; }
    [[nodiscard]] std::uint32_t intervals() const noexcept { return intervals_; }
    // What the GPU binds (shaders/planet/CubeGeoid.glsl): the intervals a
    // side, then the samples' float bits, face after face, each row-major.
    [[nodiscard]] std::vector<std::uint32_t> gpuWords() const;

private:
    std::uint32_t intervals_ = 1;
    std::vector<float> samples_;
    std::shared_ptr<const dem::GeoidModel> model_;
};

}  // namespace planet
