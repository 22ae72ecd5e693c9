// The camera path the benchmarks fly (assets/camera-paths/flyover.txt) over
// the default map, as the viewer places that map: it must stay above the
// ground, or the frames it measures look at the inside of mountains, and it
// must come down low over the range, or it measures a distant view only.
// The keyframed orbit the README shows (orbit.txt) stays above the ground
// too, and keeps the map's centre ahead.

#include "heightmap/Heightmap.h"
#include "terrain/TerrainSettings.h"
#include "viewer/CameraPose.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <string>
#include <vector>

namespace {

constexpr float kRequiredClearanceMetres = 100.0f;  // above the highest ground nearby
constexpr float kNearbyRadiusMetres = 300.0f;
constexpr float kSampleStepMetres = 25.0f;
constexpr float kLowClearanceMetres = 400.0f;  // a pose at least this low counts as low over the range

// Ground heights of the default map where the viewer draws it: u = x / extent
// + 0.5 and v = z / depth + 0.5 land on the first and last sample at 0 and 1,
// heights bilinear between samples.
class DefaultMapGround {
public:
    DefaultMapGround()
        : map_(heightmap::loadHeightmapPng(std::string(CBT_ASSET_DIR) + "/terrain-4096.png",
                                           heightmap::HeightmapLimits{}))
    {
        const float depthPerWidth = settings_.depthPerWidth > 0.0f
                                        ? settings_.depthPerWidth
                                        : static_cast<float>(map_.height) / static_cast<float>(map_.width);
        depthMetres_ = settings_.extentMetres * depthPerWidth;
    }

    [[nodiscard]] float heightAt(float x, float z) const
    {
        const float column =
            std::clamp(x / settings_.extentMetres + 0.5f, 0.0f, 1.0f) * static_cast<float>(map_.width - 1);
        const float row = std::clamp(z / depthMetres_ + 0.5f, 0.0f, 1.0f) * static_cast<float>(map_.height - 1);
        const auto x0 = static_cast<std::uint32_t>(column);
        const auto y0 = static_cast<std::uint32_t>(row);
        const std::uint32_t x1 = std::min(x0 + 1, map_.width - 1);
        const std::uint32_t y1 = std::min(y0 + 1, map_.height - 1);
        const float tx = column - static_cast<float>(x0);
        const float ty = row - static_cast<float>(y0);
        const auto at = [&](std::uint32_t cx, std::uint32_t cy) { return static_cast<float>(map_.sample(cx, cy)); };
        const float top = at(x0, y0) * (1.0f - tx) + at(x1, y0) * tx;
        const float bottom = at(x0, y1) * (1.0f - tx) + at(x1, y1) * tx;
        const float normalized = (top * (1.0f - ty) + bottom * ty) / static_cast<float>(map_.maxSampleValue());
        return settings_.heightOffsetMetres + normalized * settings_.heightScaleMetres;
    }

    [[nodiscard]] float highestWithin(float x, float z, float radius) const
    {
        float highest = heightAt(x, z);
        const int steps = static_cast<int>(radius / kSampleStepMetres);
        for (int i = -steps; i <= steps; ++i) {
            for (int j = -steps; j <= steps; ++j) {
                const float dx = static_cast<float>(i) * kSampleStepMetres;
                const float dz = static_cast<float>(j) * kSampleStepMetres;
                if (dx * dx + dz * dz <= radius * radius) {
                    highest = std::max(highest, heightAt(x + dx, z + dz));
                }
            }
        }
        return highest;
    }

private:
    terrain::TerrainSettings settings_;
    heightmap::Heightmap map_;
    float depthMetres_ = 0.0f;
};

TEST(ShippedCameraPath, TheFlyoverStaysAboveTheGroundAndComesDownLowOverTheRange)
{
    const std::string file = std::string(CBT_ASSET_DIR) + "/camera-paths/flyover.txt";
    const std::vector<viewer::CameraPose> poses = viewer::parseCameraPath(viewer::readCameraPathFile(file), file);
    ASSERT_EQ(poses.size(), 240u);
    const DefaultMapGround ground;
    std::size_t lowPoses = 0;
    for (std::size_t index = 0; index < poses.size(); ++index) {
        const glm::vec3 position = poses[index].position;
        const float clearance = position.y - ground.highestWithin(position.x, position.z, kNearbyRadiusMetres);
        EXPECT_GE(clearance, kRequiredClearanceMetres) << "pose " << index + 1 << " is too close to the ground";
        if (position.y - ground.heightAt(position.x, position.z) < kLowClearanceMetres) {
            ++lowPoses;
        }
    }
    EXPECT_GE(lowPoses, 10u) << "the flight should come down low over the range";
}

TEST(ShippedCameraPath, TheKeyframedOrbitStaysAboveTheGroundLookingAtTheCentre)
{
    const std::string file = std::string(CBT_ASSET_DIR) + "/camera-paths/orbit.txt";
    const std::vector<viewer::CameraPathFrame> frames =
        viewer::parseCameraPathFrames(viewer::readCameraPathFile(file), file, 30.0);
    ASSERT_EQ(frames.size(), 481u);
    const DefaultMapGround ground;
    for (std::size_t index = 0; index < frames.size(); index += 4) {
        const viewer::CameraPose& pose = frames[index].pose;
        const float clearance = pose.position.y - ground.highestWithin(pose.position.x, pose.position.z, 300.0f);
        EXPECT_GE(clearance, kRequiredClearanceMetres) << "frame " << index + 1 << " is too close to the ground";
        // Yaw 0 looks along -Z: the direction to the centre, within a few
        // degrees between keyframes.
        const double towardsCentre = std::atan2(-pose.position.x, pose.position.z) * 180.0 / std::numbers::pi;
        EXPECT_NEAR(std::remainder(static_cast<double>(pose.yawDegrees) - towardsCentre, 360.0), 0.0, 6.0)
            << "frame " << index + 1;
        EXPECT_NEAR(std::hypot(pose.position.x, pose.position.z), 9000.0, 800.0) << "frame " << index + 1;
    }
}

}  // namespace
