// cbt-bench: benchmarks of the CPU concurrent binary tree and of the GPU
// update pipeline. See BenchCommandLine.h for the subcommands.
#include "bench/BenchMain.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    const std::vector<std::string> arguments(argv + (argc > 0 ? 1 : 0), argv + argc);
    return bench::runBench(arguments, std::cout, std::cerr);
}
