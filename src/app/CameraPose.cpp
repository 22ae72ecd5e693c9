#include "app/CameraPose.h"

#include "app/TextParsing.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

namespace app {

namespace {

constexpr size_t kPoseFieldCount = 5;
constexpr const char* kPoseFieldNames[kPoseFieldCount] = {"X", "Y", "Z", "YAW", "PITCH"};

// The pose's fields: separated by commas when there is any, else by spaces.
std::vector<std::string_view> poseFields(std::string_view text) {
    if (text.find(',') != std::string_view::npos) {
        return splitAt(text, ',');
    }
    return splitAtSpaces(text);
}

}  // namespace

CameraPose parseCameraPose(std::string_view text) {
    const std::vector<std::string_view> fields = poseFields(trimmed(text));
    if (fields.size() != kPoseFieldCount) {
        throw ParseError("expected 5 numbers X Y Z YAW PITCH, found " + std::to_string(fields.size()));
    }
    float values[kPoseFieldCount] = {};
    for (size_t i = 0; i < kPoseFieldCount; ++i) {
        const std::optional<double> value = parseNumber(fields[i]);
        if (!value) {
            throw ParseError(std::string(kPoseFieldNames[i]) + " is not a finite number: " + quoted(fields[i]));
        }
        values[i] = static_cast<float>(*value);
    }
    if (values[4] < -kMaxPitchDegrees || values[4] > kMaxPitchDegrees) {
        std::ostringstream message;
        message << "PITCH must be within [-" << kMaxPitchDegrees << ", " << kMaxPitchDegrees
                << "] degrees, got " << quoted(fields[4]);
        throw ParseError(message.str());
    }
    CameraPose pose;
    pose.position = glm::vec3(values[0], values[1], values[2]);
    pose.yawDegrees = values[3];
    pose.pitchDegrees = values[4];
    return pose;
}

std::vector<CameraPose> parseCameraPath(std::string_view text, std::string_view sourceName) {
    std::vector<CameraPose> poses;
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
        line = trimmed(line);
        if (!line.empty()) {
            try {
                poses.push_back(parseCameraPose(line));
            } catch (const ParseError& error) {
                throw ParseError(std::string(sourceName) + ":" + std::to_string(lineNumber) + ": " + error.what());
            }
        }
        start = end + 1;
    }
    if (poses.empty()) {
        throw ParseError(std::string(sourceName) + ": no camera pose in the file (one \"X Y Z YAW PITCH\" per line)");
    }
    return poses;
}

std::vector<CameraPose> loadCameraPath(const std::filesystem::path& file) {
    std::ifstream stream(file, std::ios::binary);
    if (!stream) {
        throw ParseError(file.string() + ": cannot read: " + std::strerror(errno));
    }
    std::ostringstream contents;
    contents << stream.rdbuf();
    if (stream.bad()) {
        throw ParseError(file.string() + ": cannot read: I/O error");
    }
    return parseCameraPath(contents.str(), file.string());
}

}  // namespace app
