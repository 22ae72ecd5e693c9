// What every cbt-bench subcommand produces: named parameters, named figures
// and tables of rows, printed as a readable table on stdout and written,
// with the same keys and values, as JSON (--json FILE).
//
// JSON shape:
//   { "command": "refine",
//     "parameters": { "depth": 27, ... },
//     "figures":    { "leaf_count": 58, "refine_seconds": 0.0012, ... },
//     "tables":     { "passes": [ { "pass": "dispatcher", "median_ms": 0.01, ... }, ... ] },
//     "notes":      [ "..." ] }
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <variant>
#include <vector>

namespace bench {

// A value in a report: integer, real, text or yes/no.
using ReportValue = std::variant<std::int64_t, double, std::string, bool>;

// One named value. `key` is the snake_case JSON key; `label` and `unit` are
// what the readable table shows ("refine time", "s").
struct ReportField {
    std::string key;
    std::string label;
    ReportValue value;
    std::string unit;
};

// A table of rows; `columnKeys` are the JSON keys of each row's cells and
// `columnLabels` the headers printed on stdout (same length).
struct ReportTable {
    std::string key;
    std::string title;
    std::vector<std::string> columnKeys;
    std::vector<std::string> columnLabels;
    std::vector<std::vector<ReportValue>> rows;
};

struct Report {
    std::string command;
    std::vector<ReportField> parameters;
    std::vector<ReportField> figures;
    std::vector<ReportTable> tables;
    std::vector<std::string> notes;

    void addParameter(std::string key, std::string label, ReportValue value, std::string unit = {});
    void addFigure(std::string key, std::string label, ReportValue value, std::string unit = {});
};

// What a subcommand returns: its report; for GPU subcommands run with
// validation, how many messages the validation layer produced; and, when a
// check of the run's results failed, a one-line description of it. Either
// makes cbt-bench exit 1 after printing the report.
struct CommandOutcome {
    Report report;
    std::size_t validationMessageCount = 0;
    std::string failedCheck;
};

// Text of a value as the readable table shows it (reals with 4 significant
// digits, or 1 decimal from 10000 on; yes/no for booleans).
std::string formatForTable(const ReportValue& value);

// Prints the readable form: a title line, the parameters, the figures, then
// every table with aligned columns, then the notes.
void printReport(std::ostream& out, const Report& report);

// The JSON form (reals in shortest round-trip notation; NaN and infinities
// become null).
std::string reportToJson(const Report& report);

// Writes reportToJson to `path`. Throws std::runtime_error naming the path
// when the file can not be written.
void writeReportJson(const std::filesystem::path& path, const Report& report);

}  // namespace bench
