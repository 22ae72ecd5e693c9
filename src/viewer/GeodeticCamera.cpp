#include "viewer/GeodeticCamera.h"

#include "text/TextParsing.h"
#include "viewer/GeodeticFrame.h"
#include "viewer/KeyframedPath.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace viewer {

namespace {

constexpr size_t kFieldCount = 5;
constexpr const char* kFieldNames[kFieldCount] = {"LAT", "LON", "HEIGHT", "HEADING", "PITCH"};
constexpr double kFieldLimits[kFieldCount] = {90.0, 360.0, kMaxCameraCoordinateMetres, kMaxYawDegrees,
                                              static_cast<double>(kMaxPosePitchDegrees)};
constexpr const char* kFieldUnits[kFieldCount] = {"degrees", "degrees", "metres", "degrees", "degrees"};
std::vector<std::string_view> fieldsOf(std::string_view text)
{
    return text.find(',') != std::string_view::npos ? text::splitAt(text, ',') : text::splitAtSpaces(text);
}

}  // namespace

geodesy::GeodeticPose parseGeodeticCameraPose(std::string_view text)
{
    const std::vector<std::string_view> fields = fieldsOf(text);
    if (fields.size() != kFieldCount) {
        throw text::ParseError("expected 5 numbers LAT,LON,HEIGHT,HEADING,PITCH, found " +
                               std::to_string(fields.size()));
    }
    double values[kFieldCount] = {};
    for (size_t i = 0; i < kFieldCount; ++i) {
        const std::optional<double> value = text::parseNumber(fields[i]);
        if (!value) {
            throw text::ParseError(std::string(kFieldNames[i]) + " is not a finite number: " + text::quoted(fields[i]));
        }
        if (std::abs(*value) > kFieldLimits[i]) {
            std::ostringstream message;
            message << kFieldNames[i] << " must be within [-" << kFieldLimits[i] << ", " << kFieldLimits[i] << "] "
                    << kFieldUnits[i] << ", got " << text::quoted(fields[i]);
            throw text::ParseError(message.str());
        }
        values[i] = *value;
    }
    return geodesy::GeodeticPose{values[0], values[1], values[2], values[3], values[4]};
}

dem::GeodeticPoint parseLatitudeLongitude(std::string_view text)
{
    const std::vector<std::string_view> fields = fieldsOf(text);
    if (fields.size() != 2) {
        throw text::ParseError("expected 2 numbers LAT,LON, found " + std::to_string(fields.size()));
    }
    double values[2] = {};
    for (size_t i = 0; i < 2; ++i) {
        const std::optional<double> value = text::parseNumber(fields[i]);
        if (!value || std::abs(*value) > kFieldLimits[i]) {
            std::ostringstream message;
            message << kFieldNames[i] << " must be a number within [-" << kFieldLimits[i] << ", " << kFieldLimits[i]
                    << "] " << kFieldUnits[i] << ", got " << text::quoted(fields[i]);
            throw text::ParseError(message.str());
        }
        values[i] = *value;
    }
    return dem::GeodeticPoint{values[0], values[1]};
}

CameraPose cameraPoseOfGeodetic(const geodesy::GeodeticPose& pose, const dem::TerrainSource& terrain,
                                const terrain::TerrainSettings& settings)
{
    return cameraPoseInFrame(pose, GeodeticFrame(terrain, settings, "--camera-geo"), "--camera-geo");
}

CameraPose cameraPoseInFrame(const geodesy::GeodeticPose& pose, const GeodeticFrame& frame, std::string_view flag)
{
    const terrain::TerrainSettings& settings = frame.settings();
    const glm::dvec2 here = frame.worldOf(pose.latitudeDegrees, pose.longitudeDegrees);
    double yaw =
        std::fmod(frame.northYawDegrees(pose.latitudeDegrees, pose.longitudeDegrees) + pose.headingDegrees, 360.0);
    if (yaw < 0.0) {
        yaw += 360.0;
    }
    const double y = pose.heightMetres / static_cast<double>(settings.elevationPerWorldHeight);
    if (std::abs(here.x) > kMaxCameraCoordinateMetres || std::abs(here.y) > kMaxCameraCoordinateMetres ||
        std::abs(y) > kMaxCameraCoordinateMetres) {
        throw GeodeticPlacementError(std::string(flag) + ": the point lies more than 1e8 m from the map of " +
                                     frame.sourcePath());
    }
    CameraPose result;
    result.position = glm::vec3(static_cast<float>(here.x), static_cast<float>(y), static_cast<float>(here.y));
    result.yawDegrees = static_cast<float>(yaw);
    result.pitchDegrees = static_cast<float>(pose.pitchDegrees);
    return result;
}

geodesy::GeodeticPose geodeticPoseOf(const CameraPose& pose, const GeodeticFrame& frame)
{
    const dem::GeodeticPoint point =
        frame.geodeticOf(glm::dvec2(static_cast<double>(pose.position.x), static_cast<double>(pose.position.z)));
    double heading = std::fmod(
        static_cast<double>(pose.yawDegrees) - frame.northYawDegrees(point.latitudeDegrees, point.longitudeDegrees),
        360.0);
    if (heading < 0.0) {
        heading += 360.0;
    }
    geodesy::GeodeticPose geodetic;
    geodetic.latitudeDegrees = point.latitudeDegrees;
    geodetic.longitudeDegrees = point.longitudeDegrees;
    geodetic.heightMetres =
        static_cast<double>(pose.position.y) * static_cast<double>(frame.settings().elevationPerWorldHeight);
    geodetic.headingDegrees = heading;
    geodetic.pitchDegrees = static_cast<double>(pose.pitchDegrees);
    return geodetic;
}

std::vector<GeodeticPathFrame> parseGeodeticCameraPathFrames(std::string_view text, std::string_view sourceName,
                                                             double framesPerSecond)
{
    std::vector<GeodeticPathFrame> frames;
    std::vector<GeodeticKeyframe> keyframes;
    KeyframedLines lines;
    forEachCameraPathLine(text, sourceName, [&](std::string_view line) {
        const std::vector<std::string_view> fields = fieldsOf(line);
        const std::optional<double> seconds = keyframeSecondsOf(fields, kFieldCount);
        lines.check(seconds, "6 numbers T LAT LON HEIGHT HEADING PITCH");
        const std::size_t first = seconds ? 1 : 0;
        if (!seconds && fields.size() != kFieldCount && fields.size() != kFieldCount + 1) {
            throw text::ParseError(
                "expected 5 numbers LAT LON HEIGHT HEADING PITCH and optionally WIDTHxHEIGHT, found " +
                std::to_string(fields.size()) + " fields");
        }
        std::string pose;
        for (std::size_t i = first; i < first + kFieldCount; ++i) {
            pose += std::string(fields[i]) + " ";
        }
        if (seconds) {
            keyframes.push_back({*seconds, parseGeodeticCameraPose(text::trimmed(pose))});
            return;
        }
        GeodeticPathFrame frame;
        frame.pose = parseGeodeticCameraPose(text::trimmed(pose));
        if (fields.size() == kFieldCount + 1) {
            frame.renderSize = parseCameraPathRenderSize(fields[kFieldCount]);
        }
        frames.push_back(frame);
    });
    if (lines.keyframed.value_or(false)) {
        for (const geodesy::GeodeticPose& pose : sampleGeodeticKeyframes(keyframes, framesPerSecond, sourceName)) {
            frames.push_back({pose, std::nullopt});
        }
    }
    if (frames.empty()) {
        throw text::ParseError(std::string(sourceName) +
                               ": no camera pose in the file (one \"LAT LON HEIGHT HEADING PITCH\" per line)");
    }
    return frames;
}

std::vector<GeodeticPathFrame> loadGeodeticCameraPathFrames(const std::filesystem::path& file, double framesPerSecond)
{
    return parseGeodeticCameraPathFrames(readCameraPathFile(file), file.string(), framesPerSecond);
}

}  // namespace viewer
