// Small, strict text-to-value conversions shared by the command lines of the
// programs and the camera path reader: a value is accepted only when the
// whole text is one well-formed, finite number (the one number parser of
// the project).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace text {

// A malformed value or file; what() is one line meant for a human.
class ParseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// `text` without leading and trailing spaces and tabs.
std::string_view trimmed(std::string_view text);

// The whole of `text` as a decimal integer (an optional leading '-' or '+').
std::optional<long long> parseInteger(std::string_view text);

// The whole of `text` as a non-negative decimal integer that fits
// `Unsigned` (digits only: no sign).
template <typename Unsigned>
std::optional<Unsigned> parseUnsigned(std::string_view text);

// True when `text` is one or more decimal digits and nothing else (a number
// parseUnsigned refuses only for its size).
bool isDigits(std::string_view text);

// The whole of `text` as a finite decimal number ("12", "-3.5", "1e4").
std::optional<double> parseNumber(std::string_view text);

// `text` split at every `separator`, each piece trimmed. "a,,b" gives three
// pieces, the middle one empty.
std::vector<std::string_view> splitAt(std::string_view text, char separator);

// `text` split at runs of spaces and tabs (no empty pieces).
std::vector<std::string_view> splitAtSpaces(std::string_view text);

// 'text' in single quotes, for messages.
std::string quoted(std::string_view text);

// A message of several lines as one (a status line, an overlay): line breaks
// become " | ", trailing ones are dropped.
std::string oneLine(std::string_view message);

}  // namespace text
