#include "bench/BenchReport.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <stdexcept>
#include <system_error>

namespace bench {

namespace {

template <class... Handlers>
struct Overloaded : Handlers... {
    using Handlers::operator()...;
};

std::string shortestRoundTrip(double value)
{
    std::array<char, 64> buffer{};
    const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    if (error != std::errc{}) {
        return "null";
    }
    return std::string(buffer.data(), end);
}

std::string formatReal(double value)
{
    if (!std::isfinite(value)) {
        return std::isnan(value) ? "n/a" : (value > 0 ? "inf" : "-inf");
    }
    std::array<char, 64> buffer{};
    const char* format = std::fabs(value) >= 10000.0 ? "%.1f" : "%.4g";
    std::snprintf(buffer.data(), buffer.size(), format, value);
    return buffer.data();
}

void appendJsonString(std::string& out, std::string_view text)
{
    out += '"';
    for (const char character : text) {
        const auto code = static_cast<unsigned char>(character);
        switch (character) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (code < 0x20U) {
                    std::array<char, 8> escape{};
                    std::snprintf(escape.data(), escape.size(), "\\u%04x", static_cast<unsigned>(code));
                    out += escape.data();
                } else {
                    out += character;
                }
        }
    }
    out += '"';
}

void appendJsonValue(std::string& out, const ReportValue& value)
{
    std::visit(Overloaded{
                   [&out](std::int64_t integer) { out += std::to_string(integer); },
                   [&out](double real) { out += std::isfinite(real) ? shortestRoundTrip(real) : "null"; },
                   [&out](const std::string& text) { appendJsonString(out, text); },
                   [&out](bool flag) { out += flag ? "true" : "false"; },
               },
               value);
}

void appendJsonFields(std::string& out, const std::vector<ReportField>& fields, std::string_view indent)
{
    out += '{';
    for (std::size_t index = 0; index < fields.size(); ++index) {
        out += index == 0 ? "\n" : ",\n";
        out += indent;
        out += "  ";
        appendJsonString(out, fields[index].key);
        out += ": ";
        appendJsonValue(out, fields[index].value);
    }
    if (!fields.empty()) {
        out += '\n';
        out += indent;
    }
    out += '}';
}

void appendJsonTable(std::string& out, const ReportTable& table)
{
    out += '[';
    for (std::size_t row = 0; row < table.rows.size(); ++row) {
        out += row == 0 ? "\n      {" : ",\n      {";
        const auto& cells = table.rows[row];
        const std::size_t cellCount = std::min(cells.size(), table.columnKeys.size());
        for (std::size_t column = 0; column < cellCount; ++column) {
            out += column == 0 ? "" : ", ";
            appendJsonString(out, table.columnKeys[column]);
            out += ": ";
            appendJsonValue(out, cells[column]);
        }
        out += '}';
    }
    out += table.rows.empty() ? "]" : "\n    ]";
}

void printFields(std::ostream& out, const std::vector<ReportField>& fields)
{
    std::size_t labelWidth = 0;
    for (const ReportField& field : fields) {
        labelWidth = std::max(labelWidth, field.label.size());
    }
    for (const ReportField& field : fields) {
        out << "  " << field.label << std::string(labelWidth - field.label.size() + 2, ' ')
            << formatForTable(field.value);
        if (!field.unit.empty()) {
            out << ' ' << field.unit;
        }
        out << '\n';
    }
}

void printTable(std::ostream& out, const ReportTable& table)
{
    std::vector<std::vector<std::string>> cells;
    cells.push_back(table.columnLabels);
    for (const auto& row : table.rows) {
        std::vector<std::string> texts;
        texts.reserve(row.size());
        for (const ReportValue& value : row) {
            texts.push_back(formatForTable(value));
        }
        cells.push_back(std::move(texts));
    }
    std::vector<std::size_t> widths(table.columnLabels.size(), 0);
    for (const auto& row : cells) {
        for (std::size_t column = 0; column < std::min(row.size(), widths.size()); ++column) {
            widths[column] = std::max(widths[column], row[column].size());
        }
    }
    out << table.title << '\n';
    for (std::size_t line = 0; line < cells.size(); ++line) {
        const auto& row = cells[line];
        out << ' ';
        for (std::size_t column = 0; column < std::min(row.size(), widths.size()); ++column) {
            const std::size_t padding = widths[column] - row[column].size();
            // First column (names) left-aligned, figures right-aligned.
            out << ' '
                << (column == 0 ? row[column] + std::string(padding, ' ') : std::string(padding, ' ') + row[column]);
            out << ' ';
        }
        out << '\n';
        if (line == 0) {
            std::size_t total = 1;
            for (const std::size_t width : widths) {
                total += width + 2;
            }
            out << ' ' << std::string(total - 1, '-') << '\n';
        }
    }
}

}  // namespace

void Report::addParameter(std::string key, std::string label, ReportValue value, std::string unit)
{
    parameters.push_back(ReportField{std::move(key), std::move(label), std::move(value), std::move(unit)});
}

void Report::addFigure(std::string key, std::string label, ReportValue value, std::string unit)
{
    figures.push_back(ReportField{std::move(key), std::move(label), std::move(value), std::move(unit)});
}

std::string formatForTable(const ReportValue& value)
{
    return std::visit(Overloaded{
                          [](std::int64_t integer) { return std::to_string(integer); },
                          [](double real) { return formatReal(real); },
                          [](const std::string& text) { return text; },
                          [](bool flag) { return std::string(flag ? "yes" : "no"); },
                      },
                      value);
}

void printReport(std::ostream& out, const Report& report)
{
    out << "cbt-bench " << report.command << '\n';
    if (!report.parameters.empty()) {
        out << "parameters\n";
        printFields(out, report.parameters);
    }
    if (!report.figures.empty()) {
        out << "results\n";
        printFields(out, report.figures);
    }
    for (const ReportTable& table : report.tables) {
        printTable(out, table);
    }
    for (const std::string& note : report.notes) {
        out << "note: " << note << '\n';
    }
    out.flush();
}

std::string reportToJson(const Report& report)
{
    std::string out = "{\n  \"command\": ";
    appendJsonString(out, report.command);
    out += ",\n  \"parameters\": ";
    appendJsonFields(out, report.parameters, "  ");
    out += ",\n  \"figures\": ";
    appendJsonFields(out, report.figures, "  ");
    out += ",\n  \"tables\": {";
    for (std::size_t index = 0; index < report.tables.size(); ++index) {
        out += index == 0 ? "\n    " : ",\n    ";
        appendJsonString(out, report.tables[index].key);
        out += ": ";
        appendJsonTable(out, report.tables[index]);
    }
    out += report.tables.empty() ? "}" : "\n  }";
    out += ",\n  \"notes\": [";
    for (std::size_t index = 0; index < report.notes.size(); ++index) {
        out += index == 0 ? "" : ", ";
        appendJsonString(out, report.notes[index]);
    }
    out += "]\n}\n";
    return out;
}

void writeReportJson(const std::filesystem::path& path, const Report& report)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) {
        throw std::runtime_error("can not open '" + path.string() + "' for writing");
    }
    file << reportToJson(report);
    file.flush();
    if (!file) {
        throw std::runtime_error("could not write '" + path.string() + "'");
    }
}

}  // namespace bench
