#include "app/ViewerMain.h"

#include "app/GlfwWindow.h"
#include "app/PrepareCommand.h"
#include "app/WindowViewer.h"
#include "heightmap/Heightmap.h"
#include "text/TextParsing.h"
#include "viewer/CommandLine.h"
#include "viewer/HeadlessViewer.h"
#include "viewer/PointQuery.h"
#include "vk/Error.h"

#include <chrono>
#include <exception>
#include <memory>
#include <new>

namespace app {

int runViewer(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err, bool errIsTerminal)
{
    if (!arguments.empty() && arguments.front() == kPrepareCommandName)
        return runPrepare(arguments.subspan(1), out, err, errIsTerminal);
    constexpr const char* kPrefix = "cbt-terrain: ";
    try {
        const viewer::ViewerOptions options = viewer::parseCommandLine(arguments);
        if (options.showHelp) {
            out << viewer::commandLineHelp();
            return kExitSuccess;
        }
        if (!options.queries.empty()) {
            viewer::answerPointQueries(options, out, err);
            return kExitSuccess;
        }
        const auto started = std::chrono::steady_clock::now();
        return options.headless ? viewer::runHeadless(options, started, out) : runWindow(options, started, out);
    } catch (const viewer::CommandLineError& error) {
        err << kPrefix << error.what() << "\n";
        return kExitBadCommandLine;
    } catch (const heightmap::HeightmapError& error) {
        err << kPrefix << error.what() << "\n";
    } catch (const text::ParseError& error) {
        err << kPrefix << error.what() << "\n";
    } catch (const WindowError& error) {
        err << kPrefix << error.what() << "\n";
    } catch (const vk::Error& error) {
        err << kPrefix << error.what() << "\n";
    } catch (const std::bad_alloc&) {
        err << kPrefix << "out of memory\n";
    } catch (const std::exception& error) {
        err << kPrefix << error.what() << "\n";
    } catch (...) {
        err << kPrefix << "unexpected error\n";
    }
    return kExitFailure;
}

}  // namespace app
