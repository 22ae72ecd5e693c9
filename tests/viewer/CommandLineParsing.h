// The viewer's command line as the tests parse it.
#pragma once

#include "viewer/CommandLine.h"

#include <string>
#include <string_view>
#include <vector>

namespace viewer::test {

inline ViewerOptions parse(std::vector<std::string_view> arguments)
{
    return parseCommandLine(arguments);
}

// The error message parseCommandLine gives, or "" when it accepts the line.
inline std::string errorOf(std::vector<std::string_view> arguments)
{
    try {
        static_cast<void>(parseCommandLine(arguments));
    } catch (const CommandLineError& error) {
        return error.what();
    }
    return "";
}

}  // namespace viewer::test
