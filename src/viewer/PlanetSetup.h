// What planet mode's window and headless runs share (--planet): the global
// DEM resampled onto the cube within what the device holds, the camera's
// geodetic poses, the sun, the globe's settings and the run's description.
#pragma once

#include "planet/CubeElevation.h"
#include "planet/CubeTileReader.h"
#include "planet/GlobeCamera.h"
#include "planet/gpu/GlobeTerrain.h"
#include "scene/GlobeSceneRenderer.h"
#include "vectordata/Drape.h"
#include "viewer/CommandLine.h"
#include "viewer/GeodeticCamera.h"
#include "viewer/GlobeFlight.h"
#include "viewer/RunStatistics.h"
#include "viewer/VectorLayers.h"

#include <vulkan/vulkan.h>
#include <glm/vec3.hpp>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace vk {
class Device;
}  // namespace vk

namespace viewer {

// Everything a planet run reads once its device is open, before its scene.
struct PlanetInputs {
    ViewerOptions options;
    std::filesystem::path demPath;
    // The cube grid in memory: the whole model, or a streamed model's base.
    std::unique_ptr<planet::CubeElevation> elevation;
    // A model finer than the cube grid the device holds, with --stream on or
    // auto: its finer levels stream in tiles.
    std::optional<planet::StreamedGlobalElevation> streamed;
    std::vector<GeodeticPathFrame> path;  // --camera-path, empty without
    // --time START/END: the direction to the sun (ECEF) of each of the
    // path's frames.
    std::vector<glm::dvec3> pathSuns;
    // The imagery layers, bottom first: the Earth's colours (when installed
    // and not --imagery none), then --imagery's, each on a grid of WGS 84
    // degrees (dem::loadGeographicImagery).
    std::vector<dem::Imagery> imagery;
    // The Earth's lights by night, a map of the whole Earth; none with
    // --imagery none.
    std::optional<dem::Imagery> nightLights;
    // --vector: the layers laid on the globe.
    VectorLayersLaid vectors;
};

// Checks the output folders, reads the global DEM and the camera path. A
// DEM that streams (--stream on, or auto for one larger than a heightmap
// holds) keeps a coarse level in memory, resampled onto the cube, and
// streams the finer ones; otherwise it is read reduced to what memory and
// the device hold. Either is said on `out` with the cube's grids. --imagery
// is read onto a grid of WGS 84 degrees and said too; without it the Earth's
// colours and lights (defaultEarthImageryFolder) are, unless --imagery none
// (when they are not installed, a notice on stderr and the materials). Throws
// planet::GlobalElevationError, heightmap::HeightmapError, text::ParseError
// or std::runtime_error, one line each.
// The cube grid is sized to what one storage buffer binding of the device
// holds, `maxStorageBufferRange`.
PlanetInputs loadPlanetInputs(const ViewerOptions& options, VkDeviceSize maxStorageBufferRange, std::ostream& out);

// Sea level on the globe: the geoid of defaultGeoidPath (EGM96) on the cube,
// said on `out`; where its grid can not be read, the ellipsoid, with one
// notice on stderr.
planet::CubeGeoid globeSeaLevel(std::ostream& out);

// What the globe streams for `inputs` (within --gpu-budget and
// --cpu-budget, `uploadsPerFrame` tiles a frame at most), if it streams.
// The line that says where a model's rows stop short of a pole and what
// height caps it beyond (planet::PoleCaps); empty for a model that reaches
// both poles.
std::string poleCapsNotice(const std::filesystem::path& path, const planet::PoleCaps& caps, double rowSpacingDegrees);
// The line that says how many of a model's no-data samples became sea
// (a model without bathymetry, dem/DemLandOnlySea.h) out of `samples`; empty
// when none did.
std::string seaNotice(const std::filesystem::path& path, std::uint64_t seaSamples, std::uint64_t samples);

std::optional<planet::gpu::GlobeStreaming> globeStreamingOf(const PlanetInputs& inputs, std::uint32_t uploadsPerFrame);

// The imagery layers the globe drapes, bottom first; their texels point
// into `inputs`. A layer that streams brings the source of its tiles
// (within its share of the budgets, `uploadsPerFrame` a frame).
std::vector<scene::GlobeImageryPixels> globeImageryOf(const PlanetInputs& inputs, std::uint32_t uploadsPerFrame);
// The night lights the globe shows, if any; their texels point into `inputs`.
std::optional<terrain::ImageryPixels> globeNightLightsOf(const PlanetInputs& inputs);

// The cube grid's intervals a face side for a DEM that asks for
// `wanted`: at most what a device with `maxStorageBufferRange` holds in one
// buffer binding (the grid, and its min/max pyramid).
std::uint32_t cubeIntervalsWithin(std::uint32_t wanted, VkDeviceSize maxStorageBufferRange);

// The whole Earth's day side (the window's Home): 12,000 km above 20 N,
// 10 E, looking straight down, north up.
planet::GeodeticPose homeGlobePose();

// The first frame's pose: --camera-geo, the path's first, else Home.
planet::GeodeticPose startGlobePose(const PlanetInputs& inputs);

// The sun (ECEF, towards it): --time's subsolar point; --sun relative to the
// local horizon under `firstPose` (AZIMUTH clockwise from true north,
// ELEVATION above the horizon); else the sun of planet::kDefaultSunInstant.
glm::dvec3 planetSunDirection(const ViewerOptions& options, const planet::GeodeticPose& firstPose);
// One line saying where that sun stands.
std::string describePlanetSun(const ViewerOptions& options);

// The globe's settings on `device`: --depth (default: the deepest the keys
// allow), --pool-size (default: 2^22 slots, or as many as one buffer
// binding of the device holds), --target-pixels, the display's --exposure
// and --tonemap. Throws std::runtime_error naming the flag when the device
// can not hold the pool or the keys the depth.
scene::GlobeSceneSettings globeSceneSettings(const ViewerOptions& options, const vk::Device& device);
// The deepest the globe's pool goes (the 24 roots' keys leave the rest).
int maxGlobeDepth();

// Throws vk::Error when the device lacks what the globe needs: dynamic
// rendering, 64-bit floats in shaders.
void checkPlanetDevice(const vk::Device& device);

// The ground straight below a pose: the surface's height (data and detail)
// above sea level, and sea level's above the ellipsoid (the geoid on the
// cube, planet::CubeGeoid).
GlobeGround groundUnder(const planet::CubeElevation& elevation, const planet::GeodeticPose& pose);
// The same where the model streams: the height from the finest tile under
// the pose that the GPU holds and the CPU cache still has
// (planet::StreamedCubeHeights), else the cube grid in memory. Without a
// stream, the cube grid's.
GlobeGround groundUnder(const PlanetInputs& inputs, tiles::gpu::TileStream* stream, const planet::GeodeticPose& pose);

// "12.3 km" from 10 km up, "950 m" below.
std::string altitudeText(double metres);

// The run for --stats.
RunDescription describePlanetRun(const PlanetInputs& inputs, const scene::GlobeSceneRenderer& scene,
                                 const planet::GeodeticPose& camera, const vk::Device& device, VkExtent2D size,
                                 std::uint32_t frames);

}  // namespace viewer
