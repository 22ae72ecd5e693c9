#include "app/ViewerMain.h"

#include "app/CommandLine.h"
#include "app/FlatMode.h"
#include "app/GlfwWindow.h"
#include "app/GlobeMode.h"
#include "app/HeadlessViewer.h"
#include "app/PrepareCommand.h"
#include "app/WindowViewer.h"
#include "heightmap/Heightmap.h"
#include "text/TextParsing.h"
#include "vk/Error.h"

#include <chrono>
#include <exception>
#include <memory>
#include <new>

namespace app {

std::unique_ptr<ViewerMode> loadViewerMode(const ViewerOptions& options, std::ostream& out)
{
    if (options.planet) {
        return std::make_unique<GlobeMode>(options, out);
    }
    return std::make_unique<FlatMode>(options, out);
}

int runViewer(std::span<const std::string_view> arguments, std::ostream& out, std::ostream& err, bool errIsTerminal)
{
    if (!arguments.empty() && arguments.front() == kPrepareCommandName)
        return runPrepare(arguments.subspan(1), out, err, errIsTerminal);
    constexpr const char* kPrefix = "cbt-terrain: ";
    try {
        const ViewerOptions options = parseCommandLine(arguments);
        if (options.showHelp) {
            out << commandLineHelp();
            return kExitSuccess;
        }
        const auto started = std::chrono::steady_clock::now();
        const std::unique_ptr<ViewerMode> mode = loadViewerMode(options, out);
        return options.headless ? runHeadless(*mode, started, out) : runWindow(*mode, started, out);
    } catch (const CommandLineError& error) {
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
