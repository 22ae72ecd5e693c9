#include "DemSourceFiles.h"

#include <cpl_conv.h>
#include <cpl_vsi.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace dem_test {

std::vector<double> reliefHeights(std::uint32_t width, std::uint32_t height)
{
    std::vector<double> heights(std::size_t{width} * height);
    for (std::uint32_t y = 0; y < height; ++y) {
        for (std::uint32_t x = 0; x < width; ++x) {
            const double u = static_cast<double>(x) / width - 0.5;
            const double v = static_cast<double>(y) / height - 0.5;
            const double dome = 1200.0 - 2000.0 * (u * u + v * v);
            const double ridges = 350.0 * std::abs(std::sin(19.0 * u + 5.0 * std::sin(7.0 * v))) +
                                  120.0 * std::sin(43.0 * v + 3.0 * std::cos(11.0 * u));
            heights[std::size_t{y} * width + x] = std::round(4.0 * (dome + ridges)) / 4.0;
        }
    }
    return heights;
}

namespace {

std::string numberText(double value)
{
    std::ostringstream text;
    text.precision(17);
    text << value;
    return text.str();
}

// The part [column, column + columns) x [row, row + rows) of `whole`, with
// its own geotransform.
RasterSpec tileOf(const RasterSpec& whole, std::uint32_t column, std::uint32_t row, std::uint32_t columns,
                  std::uint32_t rows)
{
    RasterSpec tile = whole;
    tile.width = columns;
    tile.height = rows;
    tile.values.clear();
    for (std::uint32_t y = row; y < row + rows; ++y) {
        for (std::uint32_t x = column; x < column + columns; ++x)
            tile.values.push_back(whole.values[std::size_t{y} * whole.width + x]);
    }
    std::array<double, 6> t = *whole.geoTransform;
    t[0] = t[0] + column * t[1] + row * t[2];
    t[3] = t[3] + column * t[4] + row * t[5];
    tile.geoTransform = t;
    return tile;
}

}  // namespace

std::filesystem::path writeVrtMosaicOfFourTiles(const std::filesystem::path& folder, const std::string& name,
                                                const RasterSpec& whole, std::uint32_t splitColumn,
                                                std::uint32_t splitRow)
{
    EXPECT_TRUE(whole.geoTransform.has_value()) << "a mosaic needs a geotransform";
    EXPECT_TRUE(splitColumn > 0 && splitColumn < whole.width && splitRow > 0 && splitRow < whole.height);
    const std::array<double, 6> t = whole.geoTransform.value_or(std::array<double, 6>{0, 1, 0, 0, 0, -1});
    std::ostringstream vrt;
    vrt << "<VRTDataset rasterXSize=\"" << whole.width << "\" rasterYSize=\"" << whole.height << "\">\n";
    if (whole.epsg != 0)
        vrt << "  <SRS dataAxisToSRSAxisMapping=\"1,2\">" << wktOfEpsg(whole.epsg) << "</SRS>\n";
    vrt << "  <GeoTransform>" << numberText(t[0]);
    for (std::size_t i = 1; i < t.size(); ++i)
        vrt << ", " << numberText(t[i]);
    vrt << "</GeoTransform>\n";
    vrt << "  <VRTRasterBand dataType=\"" << GDALGetDataTypeName(whole.type) << "\" band=\"1\">\n";
    if (whole.noData)
        vrt << "    <NoDataValue>" << numberText(*whole.noData) << "</NoDataValue>\n";
    const std::uint32_t columnStarts[2] = {0, splitColumn};
    const std::uint32_t rowStarts[2] = {0, splitRow};
    for (int tileRow = 0; tileRow < 2; ++tileRow) {
        for (int tileColumn = 0; tileColumn < 2; ++tileColumn) {
            const std::uint32_t column = columnStarts[tileColumn];
            const std::uint32_t row = rowStarts[tileRow];
            const std::uint32_t columns = tileColumn == 0 ? splitColumn : whole.width - splitColumn;
            const std::uint32_t rows = tileRow == 0 ? splitRow : whole.height - splitRow;
            const std::string tileName =
                name + "-tile-" + std::to_string(tileRow) + "-" + std::to_string(tileColumn) + ".tif";
            writeRaster(folder / tileName, tileOf(whole, column, row, columns, rows));
            vrt << "    <ComplexSource>\n"
                << "      <SourceFilename relativeToVRT=\"1\">" << tileName << "</SourceFilename>\n"
                << "      <SourceBand>1</SourceBand>\n"
                << "      <SrcRect xOff=\"0\" yOff=\"0\" xSize=\"" << columns << "\" ySize=\"" << rows << "\"/>\n"
                << "      <DstRect xOff=\"" << column << "\" yOff=\"" << row << "\" xSize=\"" << columns
                << "\" ySize=\"" << rows << "\"/>\n";
            if (whole.noData)
                vrt << "      <NODATA>" << numberText(*whole.noData) << "</NODATA>\n";
            vrt << "    </ComplexSource>\n";
        }
    }
    vrt << "  </VRTRasterBand>\n</VRTDataset>\n";
    const std::filesystem::path path = folder / (name + ".vrt");
    std::ofstream file(path, std::ios::trunc);
    file << vrt.str();
    EXPECT_TRUE(file.good()) << "could not write " << path;
    return path;
}

void writeZipWithMember(const std::filesystem::path& archive, const std::string& memberName,
                        const std::filesystem::path& file)
{
    const std::vector<unsigned char> bytes = readBytes(file);
    const std::string member = "/vsizip/" + archive.string() + "/" + memberName;
    VSILFILE* zipped = VSIFOpenL(member.c_str(), "wb");
    ASSERT_NE(zipped, nullptr) << "GDAL can not create " << member;
    const std::size_t written = VSIFWriteL(bytes.data(), 1, bytes.size(), zipped);
    ASSERT_EQ(VSIFCloseL(zipped), 0) << member;
    ASSERT_EQ(written, bytes.size()) << member;
}

std::map<std::string, std::optional<std::string>> localHttpEnvironment()
{
    return {{"NO_PROXY", "127.0.0.1"},         {"no_proxy", "127.0.0.1"},
            {"GDAL_HTTP_PROXY", std::nullopt}, {"GDAL_DISABLE_READDIR_ON_OPEN", "EMPTY_DIR"},
            {"GDAL_HTTP_TIMEOUT", "30"},       {"GDAL_HTTP_CONNECTTIMEOUT", "10"}};
}

ScopedLocalHttpEnvironment::ScopedLocalHttpEnvironment()
{
    for (const auto& [name, value] : localHttpEnvironment()) {
        const char* before = std::getenv(name.c_str());
        previous_[name] = before != nullptr ? std::optional<std::string>(before) : std::nullopt;
        if (value)
            ::setenv(name.c_str(), value->c_str(), 1);
        else
            ::unsetenv(name.c_str());
    }
}

ScopedLocalHttpEnvironment::~ScopedLocalHttpEnvironment()
{
    for (const auto& [name, value] : previous_) {
        if (value)
            ::setenv(name.c_str(), value->c_str(), 1);
        else
            ::unsetenv(name.c_str());
    }
}

}  // namespace dem_test
