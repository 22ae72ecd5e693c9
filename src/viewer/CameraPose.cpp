#include "viewer/CameraPose.h"

#include "text/TextParsing.h"
#include "viewer/KeyframedPath.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

namespace viewer {

namespace {

constexpr size_t kPoseFieldCount = 5;
constexpr const char* kPoseFieldNames[kPoseFieldCount] = {"X", "Y", "Z", "YAW", "PITCH"};

// The pose's fields: separated by commas when there is any, else by spaces.
std::vector<std::string_view> poseFields(std::string_view text)
{
    if (text.find(',') != std::string_view::npos) {
        return text::splitAt(text, ',');
    }
    return text::splitAtSpaces(text);
}

std::string outOfRange(size_t field, double limit, const char* unit, std::string_view text)
{
    std::ostringstream message;
    message << kPoseFieldNames[field] << " must be within [-" << limit << ", " << limit << "] " << unit << ", got "
            << text::quoted(text);
    return message.str();
}

// The first five fields as a pose, every value checked.
CameraPose poseOf(const std::vector<std::string_view>& fields)
{
    double values[kPoseFieldCount] = {};
    for (size_t i = 0; i < kPoseFieldCount; ++i) {
        const std::optional<double> value = text::parseNumber(fields[i]);
        if (!value) {
            throw text::ParseError(std::string(kPoseFieldNames[i]) +
                                   " is not a finite number: " + text::quoted(fields[i]));
        }
        values[i] = *value;
    }
    for (size_t i = 0; i < 3; ++i) {
        if (std::abs(values[i]) > kMaxCameraCoordinateMetres) {
            throw text::ParseError(outOfRange(i, kMaxCameraCoordinateMetres, "metres", fields[i]));
        }
    }
    if (std::abs(values[3]) > kMaxYawDegrees) {
        throw text::ParseError(outOfRange(3, kMaxYawDegrees, "degrees", fields[3]));
    }
    if (std::abs(values[4]) > static_cast<double>(kMaxPitchDegrees)) {
        throw text::ParseError(outOfRange(4, static_cast<double>(kMaxPitchDegrees), "degrees", fields[4]));
    }
    CameraPose pose;
    pose.position =
        glm::vec3(static_cast<float>(values[0]), static_cast<float>(values[1]), static_cast<float>(values[2]));
    pose.yawDegrees = static_cast<float>(values[3]);
    pose.pitchDegrees = static_cast<float>(values[4]);
    return pose;
}

CameraPathRenderSize renderSizeOf(std::string_view text)
{
    const size_t separator = text.find_first_of("xX");
    const std::optional<long long> width =
        separator == std::string_view::npos ? std::nullopt : text::parseInteger(text.substr(0, separator));
    const std::optional<long long> height =
        separator == std::string_view::npos ? std::nullopt : text::parseInteger(text.substr(separator + 1));
    const long long largest = kMaxCameraPathRenderDimension;
    if (!width || !height || *width < 1 || *height < 1 || *width > largest || *height > largest) {
        throw text::ParseError("the render size must be WIDTHxHEIGHT with both in 1.." + std::to_string(largest) +
                               ", got " + text::quoted(text));
    }
    return CameraPathRenderSize{static_cast<uint32_t>(*width), static_cast<uint32_t>(*height)};
}

CameraPathFrame pathFrameOf(std::string_view line)
{
    const std::vector<std::string_view> fields = poseFields(line);
    if (fields.size() != kPoseFieldCount && fields.size() != kPoseFieldCount + 1) {
        throw text::ParseError("expected 5 numbers X Y Z YAW PITCH and optionally WIDTHxHEIGHT, found " +
                               std::to_string(fields.size()) + " fields");
    }
    CameraPathFrame frame;
    frame.pose = poseOf(fields);
    if (fields.size() == kPoseFieldCount + 1) {
        frame.renderSize = renderSizeOf(fields[kPoseFieldCount]);
    }
    return frame;
}

}  // namespace

void forEachCameraPathLine(std::string_view text, std::string_view sourceName,
                           const std::function<void(std::string_view)>& parseLine)
{
    size_t lineNumber = 0;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        ++lineNumber;
        std::string_view line = text.substr(start, end - start);
        if (const size_t comment = line.find('#'); comment != std::string_view::npos) {
            line = line.substr(0, comment);
        }
        line = text::trimmed(line);
        if (!line.empty()) {
            try {
                parseLine(line);
            } catch (const text::ParseError& error) {
                throw text::ParseError(std::string(sourceName) + ":" + std::to_string(lineNumber) + ": " +
                                       error.what());
            }
        }
        start = end + 1;
    }
}

std::string readCameraPathFile(const std::filesystem::path& file)
{
    std::ifstream stream(file, std::ios::binary);
    if (!stream) {
        throw text::ParseError(file.string() + ": cannot read: " + std::strerror(errno));
    }
    std::ostringstream contents;
    contents << stream.rdbuf();
    if (stream.bad()) {
        throw text::ParseError(file.string() + ": cannot read: I/O error");
    }
    return contents.str();
}

CameraPathRenderSize parseCameraPathRenderSize(std::string_view text)
{
    return renderSizeOf(text);
}

CameraPose parseCameraPose(std::string_view text)
{
    const std::vector<std::string_view> fields = poseFields(text::trimmed(text));
    if (fields.size() != kPoseFieldCount) {
        throw text::ParseError("expected 5 numbers X Y Z YAW PITCH, found " + std::to_string(fields.size()));
    }
    return poseOf(fields);
}

std::optional<double> keyframeSecondsOf(const std::vector<std::string_view>& fields, std::size_t poseFieldCount)
{
    if (fields.size() != poseFieldCount + 1 || !text::parseNumber(fields.back())) {
        return std::nullopt;
    }
    const std::optional<double> seconds = text::parseNumber(fields.front());
    if (!seconds) {
        throw text::ParseError("the keyframe's time T is not a finite number: " + text::quoted(fields.front()));
    }
    if (std::abs(*seconds) > kMaxKeyframeSeconds) {
        throw text::ParseError("the keyframe's time T must be within [-" + std::to_string(kMaxKeyframeSeconds) + ", " +
                               std::to_string(kMaxKeyframeSeconds) + "] seconds, got " + text::quoted(fields.front()));
    }
    return seconds;
}

void KeyframedLines::check(std::optional<double> seconds, std::string_view expected)
{
    if (!keyframed) {
        keyframed = seconds.has_value();
    }
    if (*keyframed != seconds.has_value()) {
        throw text::ParseError(*keyframed ? "expected " + std::string(expected) +
                                                ": the path's first pose has a time, so every pose needs one"
                                          : "a pose with a time T in a path whose first pose has none");
    }
    if (seconds && lastSeconds && !(*seconds >= *lastSeconds + kMinKeyframeStepSeconds)) {
        std::ostringstream message;
        message << "keyframe times must increase by " << kMinKeyframeStepSeconds << " s or more: " << *seconds
                << " s after " << *lastSeconds << " s";
        throw text::ParseError(message.str());
    }
    if (seconds) {
        lastSeconds = seconds;
    }
}

std::vector<CameraPathFrame> parseCameraPathFrames(std::string_view text, std::string_view sourceName,
                                                   double framesPerSecond)
{
    std::vector<CameraPathFrame> frames;
    std::vector<CameraKeyframe> keyframes;
    KeyframedLines lines;
    forEachCameraPathLine(text, sourceName, [&](std::string_view line) {
        const std::vector<std::string_view> fields = poseFields(line);
        const std::optional<double> seconds = keyframeSecondsOf(fields, kPoseFieldCount);
        lines.check(seconds, "6 numbers T X Y Z YAW PITCH");
        if (seconds) {
            keyframes.push_back({*seconds, poseOf({fields.begin() + 1, fields.end()})});
        } else {
            frames.push_back(pathFrameOf(line));
        }
    });
    if (lines.keyframed.value_or(false)) {
        for (const CameraPose& pose : sampleCameraKeyframes(keyframes, framesPerSecond, sourceName)) {
            frames.push_back({pose, std::nullopt});
        }
    }
    if (frames.empty()) {
        throw text::ParseError(std::string(sourceName) +
                               ": no camera pose in the file (one \"X Y Z YAW PITCH\" per line)");
    }
    return frames;
}

std::vector<CameraPose> parseCameraPath(std::string_view text, std::string_view sourceName)
{
    std::vector<CameraPose> poses;
    for (const CameraPathFrame& frame : parseCameraPathFrames(text, sourceName)) {
        poses.push_back(frame.pose);
    }
    return poses;
}

std::vector<CameraPathFrame> loadCameraPathFrames(const std::filesystem::path& file, double framesPerSecond)
{
    return parseCameraPathFrames(readCameraPathFile(file), file.string(), framesPerSecond);
}

std::vector<CameraPose> loadCameraPath(const std::filesystem::path& file)
{
    std::vector<CameraPose> poses;
    for (const CameraPathFrame& frame : loadCameraPathFrames(file)) {
        poses.push_back(frame.pose);
    }
    return poses;
}

}  // namespace viewer
