#include "app/PrepareCommand.h"

#include "app/ViewerMain.h"
#include "dem/DemPrepare.h"
#include "heightmap/Heightmap.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <iomanip>
#include <new>
#include <sstream>

namespace app {

namespace {

constexpr const char* kPrefix = "cbt-terrain: prepare: ";
constexpr int kBarWidth = 30;

std::string sizeText(std::uint64_t bytes)
{
    std::ostringstream text;
    text << std::fixed << std::setprecision(1);
    if (bytes >= (std::uint64_t{1} << 30))
        text << static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << 30) << " GiB";
    else if (bytes >= (std::uint64_t{1} << 20))
        text << static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << 20) << " MiB";
    else
        text << static_cast<double>(bytes) / 1024.0 << " KiB";
    return text.str();
}

}  // namespace

std::string prepareHelp()
{
    return "usage: cbt-terrain prepare IN OUT.tif\n"
           "\n"
           "Writes the elevation model IN as a Cloud-Optimized GeoTIFF OUT.tif that any GIS tool reads: the same\n"
           "samples (lossless DEFLATE with a predictor, 512x512 tiles), the georeferencing and the no-data value,\n"
           "and internal overviews averaged down to one tile, so that a reader fetches only what it shows,\n"
           "from disk or over HTTP (/vsicurl/https://...). IN is anything the viewer reads: a file, a\n"
           "/vsicurl/, /vsizip/ or other GDAL name, a VRT mosaic of tiles. OUT.tif is replaced if it exists.\n"
           "Progress goes to stderr: a bar on a terminal, a line per quarter otherwise.\n";
}

void PrepareProgressBar::show(double fraction)
{
    const int percent = static_cast<int>(std::floor(std::clamp(fraction, 0.0, 1.0) * 100.0));
    if (terminal_) {
        if (percent == shownPercent_)
            return;
        const int filled = percent * kBarWidth / 100;
        stream_ << "\rprepare [" << std::string(static_cast<std::size_t>(filled), '#')
                << std::string(static_cast<std::size_t>(kBarWidth - filled), '.') << "] " << std::setw(3) << percent
                << "%";
        lineOpen_ = percent < 100;
        if (percent == 100)
            stream_ << "\n";
        stream_.flush();
        shownPercent_ = percent;
        return;
    }
    while (shownQuarter_ < 4 && percent >= (shownQuarter_ + 1) * 25) {
        ++shownQuarter_;
        stream_ << "prepare: " << shownQuarter_ * 25 << "%\n";
    }
}

void PrepareProgressBar::finish()
{
    if (lineOpen_) {
        stream_ << "\n";
        lineOpen_ = false;
    }
}

int runPrepare(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err, bool errIsTerminal)
{
    if (std::find_if(arguments.begin(), arguments.end(),
                     [](std::string_view a) { return a == "--help" || a == "-h"; }) != arguments.end()) {
        out << prepareHelp();
        return kExitSuccess;
    }
    if (arguments.size() != 2) {
        err << kPrefix << "expected two names, IN and OUT.tif, got " << arguments.size()
            << (arguments.size() == 1 ? " argument" : " arguments") << " (see cbt-terrain prepare --help)\n";
        return kExitBadCommandLine;
    }
    if (arguments[0].empty() || arguments[1].empty()) {
        err << kPrefix << "expected two names, IN and OUT.tif: " << (arguments[0].empty() ? "IN" : "OUT.tif")
            << " is empty (see cbt-terrain prepare --help)\n";
        return kExitBadCommandLine;
    }
    const std::filesystem::path input{std::string(arguments[0])};
    const std::filesystem::path output{std::string(arguments[1])};
    PrepareProgressBar progress(err, errIsTerminal);
    try {
        const dem::PreparedElevationModel prepared =
            dem::prepareCloudOptimizedGeoTiff(input, output, [&progress](double fraction) { progress.show(fraction); });
        progress.finish();
        out << "wrote " << output.string() << ": Cloud-Optimized GeoTIFF, " << prepared.columns << "x" << prepared.rows
            << " samples, ";
        if (prepared.overviewCount > 0) {
            out << prepared.overviewCount << (prepared.overviewCount == 1 ? " overview" : " overviews") << " down to "
                << prepared.smallestOverviewColumns << "x" << prepared.smallestOverviewRows;
        } else {
            out << "no overview (it fits one tile)";
        }
        out << ", " << sizeText(prepared.bytes) << "\n";
        return kExitSuccess;
    } catch (const heightmap::HeightmapError& error) {
        progress.finish();
        err << kPrefix << error.what() << "\n";
    } catch (const std::bad_alloc&) {
        progress.finish();
        err << kPrefix << "out of memory\n";
    } catch (const std::exception& error) {
        progress.finish();
        err << kPrefix << error.what() << "\n";
    }
    return kExitFailure;
}

}  // namespace app
