#include "text/TextParsing.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

namespace text {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

// The whole of `text` as a number: std::from_chars, which must consume every
// character, after at most one leading '+' (which it does not take itself;
// "+-1" stays an error).
template <typename Number, typename... FormatOptions>
std::optional<Number> parseWhole(std::string_view text, FormatOptions... options)
{
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
        if (!text.empty() && text.front() == '-') {
            return std::nullopt;
        }
    }
    if (text.empty()) {
        return std::nullopt;
    }
    Number value{};
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value, options...);
    if (error != std::errc{} || stop != end) {
        return std::nullopt;
    }
    return value;
}

}  // namespace

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && isBlank(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && isBlank(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

std::optional<long long> parseInteger(std::string_view text)
{
    return parseWhole<long long>(text);
}

template <typename Unsigned>
std::optional<Unsigned> parseUnsigned(std::string_view text)
{
    if (!isDigits(text)) {
        return std::nullopt;
    }
    return parseWhole<Unsigned>(text);
}

template std::optional<unsigned> parseUnsigned<unsigned>(std::string_view text);
template std::optional<unsigned long> parseUnsigned<unsigned long>(std::string_view text);
template std::optional<unsigned long long> parseUnsigned<unsigned long long>(std::string_view text);

bool isDigits(std::string_view text)
{
    return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<double> parseNumber(std::string_view text)
{
    const std::optional<double> value = parseWhole<double>(text, std::chars_format::general);
    if (!value || !std::isfinite(*value)) {
        return std::nullopt;
    }
    return value;
}

std::vector<std::string_view> splitAt(std::string_view text, char separator)
{
    std::vector<std::string_view> pieces;
    size_t start = 0;
    while (true) {
        const size_t position = text.find(separator, start);
        if (position == std::string_view::npos) {
            pieces.push_back(trimmed(text.substr(start)));
            return pieces;
        }
        pieces.push_back(trimmed(text.substr(start, position - start)));
        start = position + 1;
    }
}

std::vector<std::string_view> splitAtSpaces(std::string_view text)
{
    std::vector<std::string_view> pieces;
    size_t index = 0;
    while (index < text.size()) {
        while (index < text.size() && isBlank(text[index])) {
            ++index;
        }
        const size_t start = index;
        while (index < text.size() && !isBlank(text[index])) {
            ++index;
        }
        if (index > start) {
            pieces.push_back(text.substr(start, index - start));
        }
    }
    return pieces;
}

std::string quoted(std::string_view text)
{
    std::string result;
    result.reserve(text.size() + 2);
    result += '\'';
    result += text;
    result += '\'';
    return result;
}

std::string oneLine(std::string_view message)
{
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r')) {
        message.remove_suffix(1);
    }
    std::string joined;
    for (const char character : message) {
        if (character == '\n') {
            joined += " | ";
        } else if (character != '\r') {
            joined += character;
        }
    }
    return joined;
}

}  // namespace text
