#include "ViewerTestFiles.h"

#include "ChildProcess.h"
#include "heightmap/HeightmapPngWriter.h"

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace app_test {

ScratchFolder::ScratchFolder(const std::string& purpose)
    : path_(std::filesystem::temp_directory_path() / ("cbt-app-" + purpose + "-" + std::to_string(::getpid())))
{
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
}

ScratchFolder::~ScratchFolder()
{
    if (std::getenv("CBT_KEEP_TEST_FILES") != nullptr) {
        return;
    }
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

namespace {

// A 16-bit greyscale PNG of size x size texels whose normalised height at
// texel (x, y) is heightAt(x, y), in [0, 1].
template <typename HeightAt>
void writeHeightmapPng(const std::filesystem::path& path, uint32_t size, HeightAt heightAt)
{
    std::vector<uint16_t> samples(static_cast<size_t>(size) * size);
    for (uint32_t y = 0; y < size; ++y) {
        for (uint32_t x = 0; x < size; ++x) {
            samples[static_cast<size_t>(y) * size + x] = static_cast<uint16_t>(std::lround(heightAt(x, y) * 65535.0));
        }
    }
    heightmap::writePng16(path, size, size, samples);
}

}  // namespace

void writeReliefHeightmap(const std::filesystem::path& path, uint32_t size)
{
    writeHeightmapPng(path, size, [size](uint32_t x, uint32_t y) {
        const double u = static_cast<double>(x) / size - 0.5;
        const double v = static_cast<double>(y) / size - 0.5;
        const double dome = 0.55 - 0.9 * (u * u + v * v);
        const double ridges = 0.18 * std::abs(std::sin(23.0 * u + 7.0 * std::sin(9.0 * v))) +
                              0.08 * std::sin(61.0 * v + 3.0 * std::cos(17.0 * u)) + 0.04 * std::sin(130.0 * (u + v));
        return std::clamp(dome + ridges, 0.0, 1.0);
    });
}

void writeKnifeEdgeRidgesHeightmap(const std::filesystem::path& path, uint32_t size, uint32_t ridgeCount)
{
    const uint32_t period = size / ridgeCount;
    writeHeightmapPng(path, size, [period](uint32_t x, uint32_t) {
        // The tent is 1 on the crest texel, 0 half a period away.
        const double phase = static_cast<double>(x % period) / period;
        const double tent = 1.0 - 2.0 * std::abs(phase - 0.5);
        return 0.3 + 0.7 * tent;
    });
}

void writeWallOnAPlainHeightmap(const std::filesystem::path& path, uint32_t size, uint32_t wallColumn,
                                uint32_t halfWidth)
{
    writeHeightmapPng(path, size, [wallColumn, halfWidth](uint32_t x, uint32_t) {
        const double from = std::abs(static_cast<double>(x) - static_cast<double>(wallColumn));
        return std::clamp(1.0 - from / (halfWidth + 1.0), 0.0, 1.0);
    });
}

void writeRampBehindACliffHeightmap(const std::filesystem::path& path, uint32_t size, uint32_t cliffRow)
{
    writeHeightmapPng(path, size, [size, cliffRow](uint32_t x, uint32_t y) {
        return y >= cliffRow ? 0.0 : 0.2 + 0.7 * static_cast<double>(x) / (size - 1);
    });
}

void writeTiltedPlaneHeightmap(const std::filesystem::path& path, uint32_t size, double west, double east)
{
    writeHeightmapPng(path, size, [size, west, east](uint32_t x, uint32_t) {
        return west + (east - west) * static_cast<double>(x) / (size - 1);
    });
}

void writeColourPng(const std::filesystem::path& path)
{
    std::vector<uint8_t> rgb(8 * 8 * 3);
    for (size_t i = 0; i < rgb.size(); ++i) {
        rgb[i] = static_cast<uint8_t>(i * 7);
    }
    if (stbi_write_png(path.string().c_str(), 8, 8, 3, rgb.data(), 8 * 3) == 0) {
        throw std::runtime_error("cannot write " + path.string());
    }
}

std::vector<unsigned char> readBytes(const std::filesystem::path& path)
{
    std::ifstream file(path, std::ios::binary);
    return std::vector<unsigned char>(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

void writeBytes(const std::filesystem::path& path, const std::vector<unsigned char>& bytes)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void writeText(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file << text;
}

std::string fileText(const std::filesystem::path& path)
{
    std::ifstream file(path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

void patchPngSize(std::vector<unsigned char>& png, uint32_t width, uint32_t height)
{
    for (size_t i = 0; i < 4; ++i) {
        png.at(16 + i) = static_cast<unsigned char>(width >> (24 - 8 * i));
        png.at(20 + i) = static_cast<unsigned char>(height >> (24 - 8 * i));
    }
}

std::optional<DecodedImage> decodePng(const std::filesystem::path& path)
{
    int width = 0;
    int height = 0;
    int channels = 0;
    stbi_uc* pixels = stbi_load(path.string().c_str(), &width, &height, &channels, 3);
    if (pixels == nullptr) {
        return std::nullopt;
    }
    DecodedImage image;
    image.width = width;
    image.height = height;
    image.rgb.assign(pixels, pixels + static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    stbi_image_free(pixels);
    return image;
}

double pixelLuminance(const DecodedImage& image, int x, int y)
{
    const uint8_t* rgb = image.pixel(x, y);
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

BandStatistics bandStatistics(const DecodedImage& image, int firstRow, int endRow)
{
    BandStatistics band;
    double luminanceSquares = 0.0;
    double count = 0.0;
    for (int y = firstRow; y < endRow; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const uint8_t* p = image.pixel(x, y);
            const double luminance = pixelLuminance(image, x, y);
            band.red += p[0];
            band.green += p[1];
            band.blue += p[2];
            band.luminanceMean += luminance;
            luminanceSquares += luminance * luminance;
            count += 1.0;
        }
    }
    band.red /= count;
    band.green /= count;
    band.blue /= count;
    band.luminanceMean /= count;
    band.luminanceDeviation =
        std::sqrt(std::max(luminanceSquares / count - band.luminanceMean * band.luminanceMean, 0.0));
    return band;
}

std::optional<DecodedImage> runForScreenshot(const std::vector<std::string>& arguments,
                                             const std::filesystem::path& screenshot)
{
    ProcessOptions options;
    options.arguments = arguments;
    const ProcessResult result = runProcess(options);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    expectNoValidationOrErrors(result.err);
    std::optional<DecodedImage> image = decodePng(screenshot);
    if (!image) {
        ADD_FAILURE() << "no frame written to " << screenshot;
    }
    return image;
}

double differingPixelFraction(const DecodedImage& a, const DecodedImage& b, int threshold)
{
    if (a.width != b.width || a.height != b.height) {
        return 1.0;
    }
    size_t differing = 0;
    const size_t pixels = static_cast<size_t>(a.width) * static_cast<size_t>(a.height);
    for (size_t i = 0; i < pixels; ++i) {
        for (size_t c = 0; c < 3; ++c) {
            if (std::abs(int{a.rgb[i * 3 + c]} - int{b.rgb[i * 3 + c]}) > threshold) {
                ++differing;
                break;
            }
        }
    }
    return static_cast<double>(differing) / static_cast<double>(pixels);
}

namespace {

// The JSON object `text`, or a discarded value when it does not parse.
nlohmann::json parsedJson(const std::string& text)
{
    return nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
}

std::optional<double> numberOf(const nlohmann::json& value)
{
    if (!value.is_number()) {
        return std::nullopt;
    }
    return value.get<double>();
}

}  // namespace

std::optional<double> jsonNumberAt(const std::string& json, const std::vector<std::string>& path)
{
    const nlohmann::json document = parsedJson(json);
    const nlohmann::json* value = &document;
    for (const std::string& key : path) {
        if (!value->is_object() || !value->contains(key)) {
            return std::nullopt;
        }
        value = &value->at(key);
    }
    return numberOf(*value);
}

std::optional<double> jsonNumber(const std::string& json, const std::string& key, const std::string& innerKey)
{
    return innerKey.empty() ? jsonNumberAt(json, {key}) : jsonNumberAt(json, {key, innerKey});
}

std::optional<bool> jsonFlag(const std::string& json, const std::string& key)
{
    const nlohmann::json document = parsedJson(json);
    if (!document.is_object() || !document.contains(key) || !document.at(key).is_boolean()) {
        return std::nullopt;
    }
    return document.at(key).get<bool>();
}

std::optional<std::string> jsonText(const std::string& json, const std::string& key)
{
    const nlohmann::json document = parsedJson(json);
    if (!document.is_object() || !document.contains(key) || !document.at(key).is_string()) {
        return std::nullopt;
    }
    return document.at(key).get<std::string>();
}

std::vector<double> jsonNumberArray(const std::string& json, const std::string& key)
{
    std::vector<double> values;
    const nlohmann::json document = parsedJson(json);
    if (!document.is_object() || !document.contains(key) || !document.at(key).is_array()) {
        return values;
    }
    for (const nlohmann::json& item : document.at(key)) {
        values.push_back(item.is_number() ? item.get<double>() : std::nan(""));
    }
    return values;
}

}  // namespace app_test
