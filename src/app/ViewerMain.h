// The whole program behind main(): parse the command line, run the window or
// the headless viewer (or, when the first argument is "prepare", the
// preparation of an elevation model: PrepareCommand.h), and turn every
// failure into a one-line message and an exit code.
#pragma once

#include <ostream>
#include <span>
#include <string_view>

namespace app {

inline constexpr int kExitSuccess = 0;
inline constexpr int kExitFailure = 1;  // bad input file, no Vulkan, no display, validation messages, ...
inline constexpr int kExitBadCommandLine = 2;

// `arguments` excludes the program name. Normal output goes to `out`,
// errors (one line each, "cbt-terrain: ...") to `err`; `errIsTerminal` says
// whether `err` shows on a terminal (progress is drawn as a bar there).
// Never throws.
int runViewer(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err,
              bool errIsTerminal = false);

}  // namespace app
