// Files the viewer tests make and read: a scratch folder, a small heightmap
// with real relief, broken inputs, PNG screenshots and the stats JSON.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace app_test {

// A fresh folder under the temporary directory, removed with the object.
class ScratchFolder {
public:
    explicit ScratchFolder(const std::string& purpose);
    ~ScratchFolder();
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;

    [[nodiscard]] const std::filesystem::path& path() const { return path_; }
    [[nodiscard]] std::filesystem::path file(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

// A 16-bit greyscale heightmap of `size` x `size` texels: ridges and valleys
// over a broad dome, deterministic, as a PNG file.
void writeReliefHeightmap(const std::filesystem::path& path, uint32_t size);

// A 16-bit greyscale heightmap of `size` x `size` texels: `ridgeCount`
// parallel knife-edge ridges along y (a triangle wave in x) whose crests reach
// the brightest value and whose troughs sit at 30 % of it, as a PNG file.
void writeKnifeEdgeRidgesHeightmap(const std::filesystem::path& path, uint32_t size, uint32_t ridgeCount);

// A 16-bit greyscale heightmap of `size` x `size` texels: a plain at 0
// with one north-south wall along column `wallColumn` reaching the brightest
// value there and falling to 0 over `halfWidth` + 1 columns on each side.
void writeWallOnAPlainHeightmap(const std::filesystem::path& path, uint32_t size, uint32_t wallColumn,
                                uint32_t halfWidth);

// A 16-bit greyscale heightmap of `size` x `size` texels: a plain at 0 on
// rows from `cliffRow` on (the south), and north of it a ramp rising from
// 20 % of the brightest value in column 0 to 90 % in the last column, ending
// in a cliff whose crest is a straight slanted line seen from the plain.
void writeRampBehindACliffHeightmap(const std::filesystem::path& path, uint32_t size, uint32_t cliffRow);

// A 16-bit greyscale heightmap of `size` x `size` texels: one plane rising
// from `west` (column 0) to `east` (the last column), values in [0, 1].
void writeTiltedPlaneHeightmap(const std::filesystem::path& path, uint32_t size, double west, double east);

// A valid 8x8 RGB (colour) PNG.
void writeColourPng(const std::filesystem::path& path);

std::vector<unsigned char> readBytes(const std::filesystem::path& path);
void writeBytes(const std::filesystem::path& path, const std::vector<unsigned char>& bytes);
void writeText(const std::filesystem::path& path, const std::string& text);
// The whole of a text file (empty when it can not be read).
std::string fileText(const std::filesystem::path& path);

// Overwrites the IHDR width and height of PNG bytes.
void patchPngSize(std::vector<unsigned char>& png, uint32_t width, uint32_t height);

// An 8-bit RGB image decoded from a PNG (stb_image).
struct DecodedImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> rgb;  // width * height * 3

    [[nodiscard]] const uint8_t* pixel(int x, int y) const
    {
        const size_t index = static_cast<size_t>(y) * static_cast<size_t>(width) + static_cast<size_t>(x);
        return &rgb[index * 3];
    }
};
std::optional<DecodedImage> decodePng(const std::filesystem::path& path);

// Runs `arguments` (the viewer's binary first, with --screenshot
// `screenshot`), expects exit code 0 and no validation message or error on
// stderr, and returns the frame written (empty, failing the test, when none).
std::optional<DecodedImage> runForScreenshot(const std::vector<std::string>& arguments,
                                             const std::filesystem::path& screenshot);

// Rec. 709 luminance of pixel (x, y), in levels of the 8-bit encoding.
double pixelLuminance(const DecodedImage& image, int x, int y);

// Mean colour and luminance spread of rows [firstRow, endRow).
struct BandStatistics {
    double red = 0.0;
    double green = 0.0;
    double blue = 0.0;
    double luminanceMean = 0.0;
    double luminanceDeviation = 0.0;
};
BandStatistics bandStatistics(const DecodedImage& image, int firstRow, int endRow);

// Fraction of pixels whose colour differs by more than `threshold` in any channel.
double differingPixelFraction(const DecodedImage& a, const DecodedImage& b, int threshold);

// Values from the stats JSON the viewer writes: the number, flag or text at
// top-level "key" (or at "innerKey" inside the object of "key"), and number
// arrays. Empty when the text is not JSON or the value is missing or of
// another type.
std::optional<double> jsonNumber(const std::string& json, const std::string& key, const std::string& innerKey = "");
// The number at a path of keys through nested objects, e.g. {"gpuTimesMs", "draw", "median"}.
std::optional<double> jsonNumberAt(const std::string& json, const std::vector<std::string>& path);
std::optional<bool> jsonFlag(const std::string& json, const std::string& key);
std::optional<std::string> jsonText(const std::string& json, const std::string& key);
std::vector<double> jsonNumberArray(const std::string& json, const std::string& key);

}  // namespace app_test
