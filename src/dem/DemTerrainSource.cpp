// loadTerrainSource: local PNG files take the light stb_image path, everything
// else (other files, and names only GDAL resolves) goes through GDAL.
#include "dem/DemLoader.h"

#include "dem/DemDataset.h"

#include "heightmap/PngSignature.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <string>

namespace dem {

namespace {

bool hasPngExtension(const std::filesystem::path& path)
{
    std::string extension = path.extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
    return extension == ".png";
}

}  // namespace

TerrainFileKind terrainFileKindOf(const std::filesystem::path& path)
{
    if (isGdalVirtualName(path))
        return TerrainFileKind::Dem;
    std::ifstream file(path, std::ios::binary);
    std::array<char, heightmap::kPngSignature.size()> start{};
    if (file && file.read(start.data(), static_cast<std::streamsize>(start.size()))) {
        const bool pngSignature =
            std::equal(start.begin(), start.end(), heightmap::kPngSignature.begin(),
                       [](char byte, unsigned char expected) { return static_cast<unsigned char>(byte) == expected; });
        if (pngSignature)
            return TerrainFileKind::Png;
    }
    return hasPngExtension(path) ? TerrainFileKind::Png : TerrainFileKind::Dem;
}

TerrainSource loadTerrainSource(const std::filesystem::path& path, const heightmap::HeightmapLimits& limits)
{
    if (terrainFileKindOf(path) == TerrainFileKind::Png) {
        return TerrainSource{heightmap::loadHeightmapPng(path, limits), std::nullopt, nullptr};
    }
    DemTerrain dem = loadDem(path, limits);
    return TerrainSource{std::move(dem.heightmap), std::move(dem.metadata), nullptr};
}

}  // namespace dem
