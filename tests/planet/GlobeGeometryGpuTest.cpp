// The globe's GLSL geometry (shaders/planet/CubeSphere.glsl,
// CubeElevation.glsl) against its CPU reference (src/planet): around a
// camera 100 m above the Alps, the camera-relative positions of vertices a
// few metres apart agree with the CPU's double computation to well within a
// millimetre, in double and as the floats a vertex gets; and cube points on
// the edges and corners of faces, the poles and the date line come out
// alike, and so do what the draw shades by (the data's normal, in double,
// and the detail's gradient, float after each lattice cell, within a few
// units in the last place); bisector keys walk to the CPU's exact cube
// vertices, and a globe graded to 50 levels around the date line and the
// north pole is watertight on the GPU: neighbours share two bit-identical
// vertices, across faces and the date line. The elevation is ETOPO5 resampled onto the cube, over sea
// level on EGM96's geoid: a point of the globe stands the geoid's undulation above its height, as
// EGM96 gives it within a metre.
#include "GlobeMeshChecks.h"
#include "GpuTestEnvironment.h"
#include "bisector/Pool.h"
#include "dem/GeoidModel.h"
#include "geodesy/Wgs84.h"
#include "planet/CubeElevation.h"
#include "planet/CubeSphere.h"
#include "planet/GlobalElevation.h"
#include "planet/SurfaceDetail.h"
#include "planet/SurfaceNormal.h"
#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/ComputeKernel.h"
#include "vk/Descriptors.h"
#include "vk/ShaderLibrary.h"

#include <gtest/gtest.h>

#include <glm/common.hpp>
#include <glm/ext/vector_int4_sized.hpp>
#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace planet::test {
namespace {

constexpr double kUnitsPerCube = 17179869184.0;  // 2^34: the probe's fixed point
constexpr std::uint32_t kIntervals = 256;

struct ProbeResult {
    glm::dvec4 ecef;
    glm::dvec4 relative;
    glm::vec4 relativeFloat;
    glm::vec4 padding;
    glm::dvec4 data;             // x: the data's height without the detail
    glm::dvec4 normal;           // the data's, for shading
    glm::vec4 gradient;          // the detail's sum's, every octave
    glm::vec4 gradientResolved;  // the same, the octaves finer than kResolvableMetres faded
};
static_assert(sizeof(ProbeResult) == 192);

// What the probe's pixel resolves.
constexpr float kResolvableMetres = 40.0f;

struct ProbeParameters {
    glm::dvec4 origin;
    std::uint32_t intervals = 0;
    std::uint32_t count = 0;
    float resolvable = kResolvableMetres;
    std::uint32_t padding[5] = {};
};
static_assert(sizeof(ProbeParameters) == 64);

constexpr std::array<vk::DescriptorBinding, 5> kProbeBindings{{
    {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
    {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_SHADER_STAGE_COMPUTE_BIT, 1},
}};

// A storage buffer holding `bytes`.
vk::Buffer storageWith(vk::Device& device, std::span<const std::byte> bytes)
{
    vk::Buffer buffer(device, bytes.size(), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    vk::uploadToBuffer(device, buffer, bytes);
    return buffer;
}

// A cube point on the 2^-34 grid: exact in the probe's fixed point.
glm::dvec3 onGrid(const glm::dvec3& point)
{
    return glm::round(point * kUnitsPerCube) / kUnitsPerCube;
}

class GlobeGeometryGpuTest : public vk::test::GpuTest {
protected:
    static void SetUpTestSuite()
    {
        const GlobalElevation etopo(CBT_ETOPO5_GRID, heightmap::HeightmapLimits{});
        geoidModel_ = std::make_shared<const dem::GeoidModel>(CBT_GEOID_GRID);
        elevation_.emplace(etopo, kIntervals, CubeGeoid(geoidModel_));
    }
    static void TearDownTestSuite()
    {
        elevation_.reset();
        geoidModel_.reset();
    }

    // The geoid on the cube, as the probes bind it.
    vk::Buffer geoidBuffer()
    {
        const std::vector<std::uint32_t> words = elevation_->geoid().gpuWords();
        return storageWith(device(), std::as_bytes(std::span<const std::uint32_t>(words)));
    }

    void SetUp() override
    {
        GpuTest::SetUp();
        CBT_SKIP_WITHOUT_SHADER_FLOAT64(device());
    }

    std::vector<ProbeResult> probe(const std::vector<glm::dvec3>& cubePoints, const glm::dvec3& origin)
    {
        std::vector<glm::i64vec4> points;
        for (const glm::dvec3& point : cubePoints) {
            points.emplace_back(glm::i64vec3(glm::round(point * kUnitsPerCube)), 0);
        }
        const std::vector<float>& samples = elevation_->samples();
        ProbeParameters parameters{glm::dvec4(origin, 0.0), elevation_->intervals(),
                                   static_cast<std::uint32_t>(points.size())};
        const vk::Buffer elevation = storageWith(device(), std::as_bytes(std::span(samples)));
        const vk::Buffer input = storageWith(device(), std::as_bytes(std::span(points)));
        const vk::Buffer output(device(), points.size() * sizeof(ProbeResult), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        const vk::Buffer control =
            storageWith(device(), std::as_bytes(std::span<const ProbeParameters>(&parameters, 1)));
        const vk::Buffer geoid = geoidBuffer();
        const vk::ComputeKernel kernel(device(), vk::ShaderLibrary(PLANET_TEST_SPIRV_DIR).load("GlobeProbe.comp"),
                                       kProbeBindings, 0);
        vk::DescriptorWriter()
            .storageBuffer(0, elevation)
            .storageBuffer(1, input)
            .storageBuffer(2, output)
            .storageBuffer(3, control)
            .storageBuffer(4, geoid)
            .update(device(), kernel.descriptorSet());
        device().submitAndWait([&](VkCommandBuffer commands) {
            kernel.bind(commands);
            vkCmdDispatch(commands, static_cast<std::uint32_t>((points.size() + 63) / 64), 1, 1);
        });
        return vk::downloadFromBufferAs<ProbeResult>(device(), output, 0, points.size());
    }

    struct KeyResult {
        std::array<glm::i64vec4, 3> cube;
        std::array<glm::dvec4, 3> ecef;
    };
    static_assert(sizeof(KeyResult) == 192);

    // The exact cube vertices of `keys` and their ECEF points on the
    // elevation, from the GPU (GlobeKeyProbe.comp).
    std::vector<KeyResult> probeKeys(const bisector::Pool& pool, const std::vector<bisector::Key>& keys)
    {
        std::vector<glm::i64vec4> roots;
        for (std::uint32_t h = 0; h < pool.mesh().halfedgeCount(); ++h) {
            for (const glm::dvec3& vertex : pool.mesh().rootTriangle(h)) {
                roots.emplace_back(glm::i64vec3(vertex * kUnitsPerCube), 0);
            }
        }
        const std::vector<float>& samples = elevation_->samples();
        const vk::Buffer elevation = storageWith(device(), std::as_bytes(std::span(samples)));
        const vk::Buffer rootBuffer = storageWith(device(), std::as_bytes(std::span(roots)));
        const vk::Buffer keyBuffer = storageWith(device(), std::as_bytes(std::span(keys)));
        const vk::Buffer output(device(), keys.size() * sizeof(KeyResult), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        const vk::Buffer geoid = geoidBuffer();
        const std::array<std::uint32_t, 3> control{static_cast<std::uint32_t>(pool.layout().rootBits()),
                                                   elevation_->intervals(), static_cast<std::uint32_t>(keys.size())};
        const vk::ComputeKernel kernel(device(), vk::ShaderLibrary(PLANET_TEST_SPIRV_DIR).load("GlobeKeyProbe.comp"),
                                       kProbeBindings, sizeof(control));
        vk::DescriptorWriter()
            .storageBuffer(0, elevation)
            .storageBuffer(1, rootBuffer)
            .storageBuffer(2, keyBuffer)
            .storageBuffer(3, output)
            .storageBuffer(4, geoid)
            .update(device(), kernel.descriptorSet());
        device().submitAndWait([&](VkCommandBuffer commands) {
            kernel.bind(commands);
            vkCmdPushConstants(commands, kernel.pipelineLayout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(control),
                               control.data());
            vkCmdDispatch(commands, static_cast<std::uint32_t>((keys.size() + 63) / 64), 1, 1);
        });
        return vk::downloadFromBufferAs<KeyResult>(device(), output, 0, keys.size());
    }

    static std::shared_ptr<const dem::GeoidModel> geoidModel_;
    static std::optional<CubeElevation> elevation_;
};

std::shared_ptr<const dem::GeoidModel> GlobeGeometryGpuTest::geoidModel_;
std::optional<CubeElevation> GlobeGeometryGpuTest::elevation_;

TEST_F(GlobeGeometryGpuTest, NearACameraOverTheAlpsTheGpuAgreesWithTheCpuWithinAMillimetre)
{
    // The cube point under 46.5 N, 10 E (the Bernina), and a grid of points
    // about 5 m apart around it.
    const glm::dvec3 centre = onGrid(sphereToCube(geodesy::geodeticToEcef({46.5, 10.0, 0.0})));
    const geodesy::GeodeticCoordinates place = geodesy::ecefToGeodetic(cubeToEcef(centre));
    EXPECT_NEAR(place.latitudeDegrees, 46.5, 1.0e-6);
    EXPECT_NEAR(place.longitudeDegrees, 10.0, 1.0e-6);
    const double step = std::ldexp(1.0, -20);
    std::vector<glm::dvec3> points;
    for (int j = -20; j <= 20; ++j) {
        for (int i = -20; i <= 20; ++i) {
            const CubeFacePoint face = cubeFaceOf(centre);
            points.push_back(cubePointOf(face.face, face.s + i * step, face.t + j * step));
        }
    }
    const double ground = elevation_->surfaceHeightAt(centre);
    const glm::dvec3 camera = elevation_->ecefAt(centre, ground + 100.0);
    const std::vector<ProbeResult> results = probe(points, camera);

    double worstDouble = 0.0;
    double worstFloat = 0.0;
    double farthest = 0.0;
    double worstSurface = 0.0;
    double worstDetail = 0.0;
    for (std::size_t k = 0; k < points.size(); ++k) {
        // The data's height in double, operation for operation.
        EXPECT_NEAR(results[k].data.x, elevation_->heightAt(points[k]), 1.0e-9) << "point " << k;
        // The surface with its detail, against the CPU's.
        const double height = elevation_->surfaceHeightAt(points[k]);
        const glm::dvec3 expected = elevation_->ecefAt(points[k], height) - camera;
        worstDetail = std::max(worstDetail, std::abs(results[k].ecef.w - results[k].data.x));
        // The geometry from the GPU's own height, in double, operation for operation.
        const glm::dvec3 fromGpuHeight = elevation_->ecefAt(points[k], results[k].ecef.w) - camera;
        worstDouble = std::max(worstDouble, glm::length(glm::dvec3(results[k].relative) - fromGpuHeight));
        worstSurface = std::max(worstSurface, glm::length(glm::dvec3(results[k].relative) - expected));
        worstFloat = std::max(worstFloat, glm::length(glm::dvec3(results[k].relativeFloat) - expected));
        farthest = std::max(farthest, glm::length(expected));
    }
    RecordProperty("worstDoubleMetres", std::to_string(worstDouble));
    RecordProperty("worstSurfaceMetres", std::to_string(worstSurface));
    RecordProperty("worstFloatMetres", std::to_string(worstFloat));
    EXPECT_LT(worstDouble, 1.0e-6) << "metres";
    EXPECT_LT(worstSurface, 1.0e-6) << "metres";
    EXPECT_LT(worstFloat, 1.0e-3) << "metres";
    EXPECT_GT(worstDetail, 1.0) << "no detail below the data's resolution";
    EXPECT_GT(farthest, 100.0);
    EXPECT_LT(farthest, 500.0);
    // Relief: the Alps stand well above sea level there (ETOPO5 averages
    // the peaks over about 9 km).
    EXPECT_GT(ground, 1500.0);
}

TEST_F(GlobeGeometryGpuTest, HeightsStandOnTheGeoidAsEgm96GivesIt)
{
    // Near Iceland the geoid stands about 60 m above the ellipsoid; south of
    // India, in its deepest low, about 100 m below; then places all over.
    std::vector<geodesy::GeodeticCoordinates> places{{64.9, -18.6, 0.0}, {5.0, 78.0, 0.0}, {-2.5, 80.0, 0.0}};
    for (int k = 0; k < 200; ++k) {
        places.push_back(
            {-89.0 + 178.0 * std::fmod(k * 0.618034, 1.0), -180.0 + 360.0 * std::fmod(k * 0.414214, 1.0), 0.0});
    }
    std::vector<glm::dvec3> points;
    for (const geodesy::GeodeticCoordinates& place : places) {
        points.push_back(onGrid(cubePointUnder(place.latitudeDegrees, place.longitudeDegrees)));
    }
    const std::vector<ProbeResult> results = probe(points, glm::dvec3(0.0));
    double worst = 0.0;
    for (std::size_t k = 0; k < points.size(); ++k) {
        // The point's height above the ellipsoid less its height above sea
        // level: the geoid's undulation there.
        const geodesy::GeodeticCoordinates drawn = geodesy::ecefToGeodetic(glm::dvec3(results[k].ecef));
        const double undulation = geoidModel_->undulationAt(drawn.latitudeDegrees, drawn.longitudeDegrees);
        const double error = std::abs(drawn.heightMetres - results[k].ecef.w - undulation);
        worst = std::max(worst, error);
        EXPECT_LT(error, 1.0) << "at " << drawn.latitudeDegrees << ", " << drawn.longitudeDegrees;
    }
    RecordProperty("worstGeoidMetres", std::to_string(worst));
    const auto undulationOf = [&](std::size_t k) {
        const geodesy::GeodeticCoordinates drawn = geodesy::ecefToGeodetic(glm::dvec3(results[k].ecef));
        return drawn.heightMetres - results[k].ecef.w;
    };
    EXPECT_GT(undulationOf(0), 55.0);
    EXPECT_LT(undulationOf(0), 75.0);
    EXPECT_LT(undulationOf(1), -90.0);
    EXPECT_LT(undulationOf(2), -90.0);
}

TEST_F(GlobeGeometryGpuTest, EdgesCornersPolesAndTheDateLineComeOutAlike)
{
    std::vector<glm::dvec3> points;
    for (int face = 0; face < 6; ++face) {
        for (int k = 0; k <= 16; ++k) {
            const double along = -1.0 + k / 8.0;
            // Along each edge of the face, at grid lines and between them.
            for (const double edge : {-1.0, 1.0}) {
                points.push_back(cubePointOf(static_cast<std::uint32_t>(face), edge, along + 1.0 / 1024.0 * (k % 3)));
                points.push_back(cubePointOf(static_cast<std::uint32_t>(face), along, edge));
            }
        }
    }
    points.emplace_back(0.0, 0.0, 1.0);   // the north pole
    points.emplace_back(0.0, 0.0, -1.0);  // the south pole
    for (int k = -8; k <= 8; ++k) {       // the date line, down the middle of the -X face
        points.emplace_back(-1.0, 0.0, k / 8.0);
        points.emplace_back(-1.0, std::ldexp(1.0, -30), k / 8.0);
    }
    const std::vector<ProbeResult> results = probe(points, glm::dvec3(0.0));
    for (std::size_t k = 0; k < points.size(); ++k) {
        EXPECT_NEAR(results[k].data.x, elevation_->heightAt(points[k]), 1.0e-9) << "point " << k;
        const double height = elevation_->surfaceHeightAt(points[k]);
        EXPECT_NEAR(results[k].ecef.w, height, 1.0e-9) << "point " << k;
        EXPECT_LT(glm::length(glm::dvec3(results[k].ecef) - elevation_->ecefAt(points[k], results[k].ecef.w)), 1.0e-6)
            << "point " << k;
    }
}

TEST_F(GlobeGeometryGpuTest, WhatTheDrawShadesByAgreesWithTheCpu)
{
    // Around the Alps, on the cube's edges and corners, at the poles.
    std::vector<glm::dvec3> points;
    const glm::dvec3 alps = sphereToCube(geodesy::geodeticToEcef({46.5, 8.0, 0.0}));
    for (int j = -10; j <= 10; ++j) {
        for (int i = -10; i <= 10; ++i) {
            const CubeFacePoint face = cubeFaceOf(alps);
            points.push_back(onGrid(cubePointOf(face.face, face.s + i * 1.3e-4, face.t + j * 0.7e-4)));
        }
    }
    for (int k = 0; k <= 8; ++k) {
        const double along = -1.0 + k / 4.0;
        points.emplace_back(1.0, 1.0, along);
        points.emplace_back(along, -1.0, 1.0);
        points.emplace_back(-1.0, along, -1.0);
    }
    points.emplace_back(0.0, 0.0, 1.0);
    points.emplace_back(0.0, 0.0, -1.0);
    const std::vector<ProbeResult> results = probe(points, glm::dvec3(0.0));
    double steepest = 0.0;
    std::size_t faded = 0;
    for (std::size_t k = 0; k < points.size(); ++k) {
        const glm::dvec3 normal = dataNormalAt(*elevation_, points[k]);
        EXPECT_LT(glm::length(glm::dvec3(results[k].normal) - normal), 1.0e-9) << "point " << k;
        steepest = std::max(steepest, 1.0 - glm::dot(normal, ellipsoidNormalAt(cubeToEcef(points[k]))));
        const glm::dvec3 gradient = surfaceDetailSumGradient(points[k], kIntervals, 0.0);
        const glm::dvec3 resolved = surfaceDetailSumGradient(points[k], kIntervals, kResolvableMetres);
        // Float after each octave's lattice cell: within a few units in the last place.
        EXPECT_LT(glm::length(glm::dvec3(glm::vec3(results[k].gradient)) - gradient),
                  1.0e-4 * glm::length(gradient) + 1.0)
            << "point " << k;
        EXPECT_LT(glm::length(glm::dvec3(glm::vec3(results[k].gradientResolved)) - resolved),
                  1.0e-4 * glm::length(resolved) + 1.0)
            << "point " << k;
        faded += glm::length(resolved - gradient) > 0.1 * glm::length(gradient) ? 1u : 0u;
    }
    // A 40 m pixel loses the octaves below it: most gradients change.
    EXPECT_GT(faded, points.size() / 2);
    // The Alps lean some normals away from the vertical (over a degree,
    // ETOPO5 on cells of 39 km).
    EXPECT_GT(steepest, 3.0e-4);
}

TEST_F(GlobeGeometryGpuTest, AGradedGlobeIsWatertightOnTheGpuAcrossFacesAndTheDateLine)
{
    constexpr int kDepth = 50;
    const bisector::Pool pool = poolGradedAroundTheDateLineAndThePole(kDepth);
    const std::vector<bisector::Slot> slots = pool.liveSlots();
    std::vector<bisector::Key> keys;
    int deepest = 0;
    for (const bisector::Slot slot : slots) {
        keys.push_back(pool.key(slot));
        deepest = std::max(deepest, pool.depth(slot));
    }
    ASSERT_EQ(deepest, kDepth);
    const std::vector<KeyResult> results = probeKeys(pool, keys);

    std::size_t wrongVertices = 0;
    double worstEcef = 0.0;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const std::array<glm::dvec3, 3> cube = pool.vertices(slots[i]);
        for (std::size_t corner = 0; corner < 3; ++corner) {
            const glm::i64vec3 expected(cube[corner] * kUnitsPerCube);
            wrongVertices += glm::i64vec3(results[i].cube[corner]) != expected ? 1u : 0u;
            const glm::dvec3 ecef = elevation_->ecefAt(cube[corner], elevation_->surfaceHeightAt(cube[corner]));
            worstEcef = std::max(worstEcef, glm::length(glm::dvec3(results[i].ecef[corner]) - ecef));
        }
    }
    EXPECT_EQ(wrongVertices, 0u) << "of " << 3 * slots.size() << " cube vertices differ from the CPU's";
    EXPECT_LT(worstEcef, 1.0e-6) << "metres";

    std::vector<std::array<glm::dvec3, 3>> triangles;
    for (const KeyResult& result : results) {
        triangles.push_back({glm::dvec3(result.ecef[0]), glm::dvec3(result.ecef[1]), glm::dvec3(result.ecef[2])});
    }
    const NeighbourSharing sharing = neighbourSharing(pool, slots, triangles);
    EXPECT_EQ(sharing.cracked, 0u) << "of " << sharing.pairs
                                   << " neighbour pairs do not share two bit-identical GPU vertices";
    EXPECT_GT(sharing.crossingFaces, 0u);
    EXPECT_GT(sharing.crossingTheDateLine, 10u);
}

}  // namespace
}  // namespace planet::test
