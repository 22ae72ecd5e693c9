// libFuzzer target: viewer::parseCameraPath (the --camera-path file format,
// one pose a frame or keyframes sampled at 30 frames a second) on arbitrary
// text. Every input must parse into finite poses within the pitch limit, or
// be refused with a text::ParseError.
#include "text/TextParsing.h"
#include "viewer/CameraPose.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        for (const viewer::CameraPose& pose : viewer::parseCameraPath(text, "fuzz.path")) {
            const bool finite = std::isfinite(pose.position.x) && std::isfinite(pose.position.y) &&
                                std::isfinite(pose.position.z) && std::isfinite(pose.yawDegrees);
            if (!finite || !(std::abs(pose.pitchDegrees) <= viewer::kMaxPitchDegrees))
                std::abort();
        }
    } catch (const text::ParseError&) {
        // A refusal is a correct outcome.
    }
    return 0;
}
