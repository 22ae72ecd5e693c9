// Command line of cbt-heightgen:
//   cbt-heightgen --out PATH [--size N] [--seed S] [--threads T]
//                 [--preview PATH] [--preview-size P] [--help]
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace heightgen {

class CommandLineError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct HeightgenOptions {
    std::uint32_t size = 4096;
    std::uint64_t seed = 1;
    unsigned threadCount = 0;  // 0: one per hardware thread
    std::filesystem::path outputPath;
    std::optional<std::filesystem::path> previewPath;
    std::uint32_t previewSize = 1024;  // capped at size unless given
    bool showHelp = false;
};

// Parses the arguments after the program name; accepts "--flag value" and
// "--flag=value". Throws CommandLineError with a one-line message.
HeightgenOptions parseHeightgenCommandLine(std::span<const std::string_view> arguments);

std::string heightgenUsage();

}  // namespace heightgen
