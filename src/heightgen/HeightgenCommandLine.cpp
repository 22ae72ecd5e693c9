#include "heightgen/HeightgenCommandLine.h"

#include "text/TextParsing.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <optional>
#include <vector>

namespace heightgen {
namespace {

template <typename Unsigned>
Unsigned parseUnsigned(std::string_view flag, std::string_view text, Unsigned minimum, Unsigned maximum)
{
    if (!text::isDigits(text)) {
        throw CommandLineError(std::string(flag) + " expects a non-negative integer, got '" + std::string(text) + "'");
    }
    const std::optional<Unsigned> value = text::parseUnsigned<Unsigned>(text);
    if (!value || *value < minimum || *value > maximum) {
        throw CommandLineError(std::string(flag) + " must be between " + std::to_string(minimum) + " and " +
                               std::to_string(maximum) + ", got " + std::string(text));
    }
    return *value;
}

std::uint32_t parsePowerOfTwo(std::string_view flag, std::string_view text, std::uint32_t minimum,
                              std::uint32_t maximum)
{
    const auto value = parseUnsigned<std::uint32_t>(flag, text, minimum, maximum);
    if (!std::has_single_bit(value)) {
        throw CommandLineError(std::string(flag) + " must be a power of two (" + std::to_string(minimum) + ", " +
                               std::to_string(minimum * 2) + ", ... " + std::to_string(maximum) + "), got " +
                               std::string(text));
    }
    return value;
}

}  // namespace

HeightgenOptions parseHeightgenCommandLine(std::span<const std::string_view> arguments)
{
    HeightgenOptions options;
    bool previewSizeGiven = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        std::string_view flag = arguments[i];
        std::optional<std::string_view> inlineValue;
        if (const auto equals = flag.find('='); flag.starts_with("--") && equals != std::string_view::npos) {
            inlineValue = flag.substr(equals + 1);
            flag = flag.substr(0, equals);
        }
        const auto value = [&]() -> std::string_view {
            if (inlineValue)
                return *inlineValue;
            if (i + 1 >= arguments.size())
                throw CommandLineError(std::string(flag) + " needs a value");
            return arguments[++i];
        };
        if (flag == "--help" || flag == "-h") {
            options.showHelp = true;
        } else if (flag == "--size") {
            options.size = parsePowerOfTwo(flag, value(), 64, 16384);
        } else if (flag == "--seed") {
            options.seed = parseUnsigned<std::uint64_t>(flag, value(), 0, std::numeric_limits<std::uint64_t>::max());
        } else if (flag == "--threads") {
            options.threadCount = parseUnsigned<unsigned>(flag, value(), 0, 256);
        } else if (flag == "--out") {
            options.outputPath = value();
            if (options.outputPath.empty())
                throw CommandLineError("--out needs a file path");
        } else if (flag == "--preview") {
            options.previewPath = value();
            if (options.previewPath->empty())
                throw CommandLineError("--preview needs a file path");
        } else if (flag == "--preview-size") {
            options.previewSize = parseUnsigned<std::uint32_t>(flag, value(), 16, 16384);
            previewSizeGiven = true;
        } else {
            throw CommandLineError("unknown argument '" + std::string(arguments[i]) + "' (see --help)");
        }
    }
    if (!options.showHelp && options.outputPath.empty()) {
        throw CommandLineError("--out PATH is required (the 16-bit PNG to write)");
    }
    if (!previewSizeGiven)
        options.previewSize = std::min(options.previewSize, options.size);
    if (options.previewSize > options.size) {
        throw CommandLineError("--preview-size " + std::to_string(options.previewSize) + " is larger than --size " +
                               std::to_string(options.size));
    }
    return options;
}

std::string heightgenUsage()
{
    return "usage: cbt-heightgen --out PATH [--size N] [--seed S] [--threads T]\n"
           "                     [--preview PATH] [--preview-size P]\n"
           "Generates an eroded mountain heightmap and writes it as a 16-bit greyscale PNG.\n"
           "  --out PATH          the PNG to write (required)\n"
           "  --size N            width and height, a power of two from 64 to 16384 (default 4096)\n"
           "  --seed S            unsigned 64-bit seed; the same seed and size give the same file (default 1)\n"
           "  --threads T         worker threads, 0 = all hardware threads (default 0); no effect on the output\n"
           "  --preview PATH      also write a shaded 8-bit RGB preview PNG\n"
           "  --preview-size P    preview width and height (default 1024 or N if smaller; at most N)\n";
}

}  // namespace heightgen
