// The table of cbt-terrain's flags, parsed by parseCommandLine
// (CommandLine.h) and listed by --help.
#pragma once

#include "viewer/CommandLine.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace viewer {

// One flag: how --help shows it and how its value is applied.
struct FlagSpec {
    std::string name;       // "--extent"
    std::string valueName;  // "METRES"; empty for a switch
    std::string help;       // one sentence
    std::string defaultText;
    // Applies the value (empty for a switch). Throws text::ParseError with a
    // message that does not name the flag.
    std::function<void(ViewerOptions&, std::string_view)> apply;
};

// Every flag, in --help order.
std::vector<FlagSpec> viewerFlagSpecs();

}  // namespace viewer
