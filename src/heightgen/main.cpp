// cbt-heightgen: writes the default terrain heightmap as a 16-bit PNG.
#include "heightgen/HeightgenCommandLine.h"
#include "heightgen/TerrainGenerator.h"
#include "heightgen/TerrainPreview.h"
#include "heightmap/HeightmapPngWriter.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <filesystem>
#include <iostream>
#include <thread>
#include <vector>

int main(int argc, char** argv)
{
    const std::vector<std::string_view> arguments(argv + 1, argv + argc);
    heightgen::HeightgenOptions options;
    try {
        options = heightgen::parseHeightgenCommandLine(arguments);
    } catch (const heightgen::CommandLineError& error) {
        std::cerr << "cbt-heightgen: " << error.what() << "\n" << heightgen::heightgenUsage();
        return 2;
    }
    if (options.showHelp) {
        std::cout << heightgen::heightgenUsage();
        return 0;
    }
    // Refuse an unwritable destination before minutes of generation.
    for (const auto* destination : {&options.outputPath, options.previewPath ? &*options.previewPath : nullptr}) {
        if (destination == nullptr)
            continue;
        const std::filesystem::path folder = destination->parent_path();
        if (!folder.empty() && !std::filesystem::is_directory(folder)) {
            std::cerr << "cbt-heightgen: error: the folder of '" << destination->string() << "' does not exist\n";
            return 1;
        }
    }
    try {
        const auto start = std::chrono::steady_clock::now();
        const auto elapsedSeconds = [&start] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        };
        heightgen::TerrainSettings settings;
        settings.size = options.size;
        settings.seed = options.seed;
        settings.threadCount =
            options.threadCount != 0 ? options.threadCount : std::max(1u, std::thread::hardware_concurrency());
        settings.reportProgress = [&](std::string_view stage) {
            std::cerr << "[" << static_cast<int>(elapsedSeconds()) << " s] " << stage << "\n";
        };
        const heightgen::HeightGrid terrain = heightgen::generateTerrainHeights(settings);
        const std::vector<std::uint16_t> samples = heightgen::quantiseTo16Bit(terrain);
        heightmap::writePng16(options.outputPath, options.size, options.size, samples);
        if (options.previewPath) {
            heightgen::writeShadedReliefPreview(*options.previewPath, terrain, options.previewSize);
        }
        std::cerr << "wrote " << options.outputPath.string() << " (" << options.size << "x" << options.size
                  << ", 16-bit greyscale, seed " << options.seed << ") in " << elapsedSeconds() << " s\n";
    } catch (const std::exception& error) {
        std::cerr << "cbt-heightgen: error: " << error.what() << "\n";
        return 1;
    }
    return 0;
}
