// cbt-terrain: the terrain viewer (see ViewerMain.h and --help).
#include "app/ViewerMain.h"

#include <unistd.h>
#include <iostream>
#include <string_view>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<std::string_view> arguments;
    for (int i = 1; i < argc; ++i) {
        arguments.emplace_back(argv[i]);
    }
    return app::runViewer(arguments, std::cout, std::cerr, ::isatty(STDERR_FILENO) != 0);
}
