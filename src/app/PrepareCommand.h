// `cbt-terrain prepare IN OUT.tif`: rewrites an elevation model as a
// Cloud-Optimized GeoTIFF with overviews (dem::prepareCloudOptimizedGeoTiff),
// showing GDAL's progress on stderr.
//
// The progress on a terminal is one bar redrawn in place with '\r'
// ("prepare [###############...............]  50%"), ended by a newline; on
// anything else (a pipe, a file, a log) it is a plain line at each quarter
// ("prepare: 25%" .. "prepare: 100%"). When done, one line on stdout says
// what was written.
#pragma once

#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace app {

// The word that selects the command, as the first argument.
inline constexpr std::string_view kPrepareCommandName = "prepare";

// The usage text of `cbt-terrain prepare --help`.
std::string prepareHelp();

// Draws GDAL's progress, 0 to 1, on `stream`: a bar redrawn in place on a
// terminal, a line per quarter otherwise (see above).
class PrepareProgressBar {
public:
    PrepareProgressBar(std::ostream& stream, bool terminal) : stream_(stream), terminal_(terminal) {}
    PrepareProgressBar(const PrepareProgressBar&) = delete;
    PrepareProgressBar& operator=(const PrepareProgressBar&) = delete;

    void show(double fraction);
    // Ends a bar left unfinished (an error) with a newline, so that the next
    // message starts on its own line.
    void finish();

private:
    std::ostream& stream_;
    bool terminal_;
    int shownPercent_ = -1;
    int shownQuarter_ = 0;
    bool lineOpen_ = false;
};

// `arguments` are those after "prepare". Exit codes as runViewer's:
// kExitSuccess, kExitFailure (a file problem, one line on `err`),
// kExitBadCommandLine (wrong arguments). Never throws.
int runPrepare(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err, bool errIsTerminal);

}  // namespace app
