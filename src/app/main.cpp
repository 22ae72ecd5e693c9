// cbt-terrain: the terrain viewer (see ViewerMain.h and --help).
#include "app/ViewerMain.h"
#include "tiles/ReadThread.h"

#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <string_view>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<std::string_view> arguments;
    for (int i = 1; i < argc; ++i) {
        arguments.emplace_back(argv[i]);
    }
    const int exitCode = app::runViewer(arguments, std::cout, std::cerr, ::isatty(STDERR_FILENO) != 0);
    if (tiles::threadsStillReading() > 0) {
        // A read is still blocked on a source that stopped answering: end
        // without tearing GDAL down under it.
        std::cout.flush();
        std::cerr.flush();
        std::_Exit(exitCode);
    }
    return exitCode;
}
