// The whole of cbt-bench behind main(): parses the arguments, runs the
// subcommand, prints its table to `out` (and writes --json), and returns the
// exit code: 0 success, 1 run-time failure (no usable Vulkan device, a file
// that can not be written, validation messages with --validate, a failed
// check of the results, e.g. pool-index's indexes_agree), 2 bad
// arguments (with a usage message naming the bad flag on `err`).
#pragma once

#include <iosfwd>
#include <span>
#include <string>

namespace bench {

inline constexpr int kExitSuccess = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// `arguments` excludes the program name.
int runBench(std::span<const std::string> arguments, std::ostream& out, std::ostream& err);

}  // namespace bench
