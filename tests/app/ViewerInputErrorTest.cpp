// Every bad input to the real binary gives one line on stderr that names
// the file or flag, and a non-zero exit code (2 for bad flags, 1 otherwise).
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace app_test {
namespace {

// A little-endian TIFF header claiming `width` x `height` 16-bit samples in
// deflate strips of `rowsPerStrip` rows, followed by `dataBytes` bytes of a
// deflate stream that holds none of them.
std::vector<unsigned char> tiffClaiming(std::uint32_t width, std::uint32_t height, std::uint32_t rowsPerStrip,
                                        std::size_t dataBytes)
{
    struct Entry {
        std::uint16_t tag;
        std::uint16_t type;  // 3 SHORT, 4 LONG
        std::uint32_t count;
        std::uint32_t value;
    };
    const std::uint32_t strips = (height + rowsPerStrip - 1) / rowsPerStrip;
    const std::uint32_t entryCount = 11;
    const std::uint32_t arraysAt = 8 + 2 + 12 * entryCount + 4;
    const std::uint32_t arrayBytes = strips > 1 ? 8 * strips : 0;
    const std::uint32_t dataAt = arraysAt + arrayBytes;
    const std::vector<Entry> entries{
        {256, 4, 1, width},
        {257, 4, 1, height},
        {258, 3, 1, 16},
        {259, 3, 1, 8},  // deflate
        {262, 3, 1, 1},  // black is zero
        {273, 4, strips, strips > 1 ? arraysAt : dataAt},
        {277, 3, 1, 1},
        {278, 4, 1, rowsPerStrip},
        {279, 4, strips, strips > 1 ? arraysAt + 4 * strips : static_cast<std::uint32_t>(dataBytes)},
        {284, 3, 1, 1},
        {339, 3, 1, 2},  // signed integers
    };
    std::vector<unsigned char> bytes;
    const auto put = [&](std::uint64_t value, int size) {
        for (int i = 0; i < size; ++i) {
            bytes.push_back(static_cast<unsigned char>(value >> (8 * i)));
        }
    };
    bytes.insert(bytes.end(), {'I', 'I', 42, 0});
    put(8, 4);
    put(entryCount, 2);
    for (const Entry& entry : entries) {
        put(entry.tag, 2);
        put(entry.type, 2);
        put(entry.count, 4);
        put(entry.value, 4);
    }
    put(0, 4);  // no next directory
    if (strips > 1) {
        for (std::uint32_t i = 0; i < strips; ++i) {
            put(dataAt, 4);
        }
        for (std::uint32_t i = 0; i < strips; ++i) {
            put(dataBytes, 4);
        }
    }
    bytes.push_back(0x78);  // a zlib stream's header, then nothing it can decode
    bytes.push_back(0x9c);
    bytes.resize(dataAt + dataBytes, 0);
    return bytes;
}

class ViewerInputErrorTest : public ::testing::Test {
protected:
    ViewerInputErrorTest() : scratch_("errors") {}

    static ProcessResult runViewer(std::vector<std::string> arguments,
                                   std::map<std::string, std::optional<std::string>> environment = {})
    {
        ProcessOptions options = programWithArguments(CBT_TERRAIN_BINARY, arguments);
        options.environment = std::move(environment);
        return runProcess(options);
    }

    // Exit code `code`, nothing on stdout, exactly one stderr line that
    // starts with "cbt-terrain: " and contains every `needle`.
    static void expectOneLineError(const ProcessResult& result, int code, const std::vector<std::string>& needles)
    {
        EXPECT_FALSE(result.timedOut);
        EXPECT_EQ(result.exitCode, code) << result.err;
        const std::vector<std::string> lines = linesOf(result.err);
        ASSERT_EQ(lines.size(), 1u) << result.err;
        EXPECT_EQ(lines[0].rfind("cbt-terrain: ", 0), 0u) << lines[0];
        for (const std::string& needle : needles) {
            EXPECT_NE(lines[0].find(needle), std::string::npos) << "'" << needle << "' missing from: " << lines[0];
        }
    }

    // A headless run of `heightmap` that must fail before rendering.
    static ProcessResult runHeadlessOn(const std::filesystem::path& heightmap)
    {
        return runViewer({heightmap.string(), "--headless", "--size", "64x64", "--frames", "1"});
    }

    ScratchFolder scratch_;
};

TEST_F(ViewerInputErrorTest, MissingFile)
{
    const std::filesystem::path missing = scratch_.file("no-such-map.png");
    expectOneLineError(runHeadlessOn(missing), 1, {missing.string(), "does not exist"});
}

TEST_F(ViewerInputErrorTest, NotAPng)
{
    const std::filesystem::path text = scratch_.file("notes.png");
    writeText(text, "this is a text file, not an image\n");
    expectOneLineError(runHeadlessOn(text), 1, {text.string()});
}

TEST_F(ViewerInputErrorTest, TruncatedPng)
{
    const std::filesystem::path good = scratch_.file("good.png");
    writeReliefHeightmap(good, 64);
    std::vector<unsigned char> bytes = readBytes(good);
    bytes.resize(bytes.size() / 2);
    const std::filesystem::path truncated = scratch_.file("truncated.png");
    writeBytes(truncated, bytes);
    expectOneLineError(runHeadlessOn(truncated), 1, {truncated.string()});
}

TEST_F(ViewerInputErrorTest, ColourPng)
{
    const std::filesystem::path colour = scratch_.file("colour.png");
    writeColourPng(colour);
    expectOneLineError(runHeadlessOn(colour), 1, {colour.string()});
}

TEST_F(ViewerInputErrorTest, EmptyFileAndEmptyImage)
{
    const std::filesystem::path emptyFile = scratch_.file("empty-file.png");
    writeText(emptyFile, "");
    expectOneLineError(runHeadlessOn(emptyFile), 1, {emptyFile.string()});

    const std::filesystem::path good = scratch_.file("good.png");
    writeReliefHeightmap(good, 16);
    std::vector<unsigned char> bytes = readBytes(good);
    patchPngSize(bytes, 0, 0);
    const std::filesystem::path emptyImage = scratch_.file("zero-by-zero.png");
    writeBytes(emptyImage, bytes);
    expectOneLineError(runHeadlessOn(emptyImage), 1, {emptyImage.string()});
}

TEST_F(ViewerInputErrorTest, SizeTheDeviceCannotHold)
{
    const std::filesystem::path good = scratch_.file("good.png");
    writeReliefHeightmap(good, 16);
    std::vector<unsigned char> bytes = readBytes(good);
    patchPngSize(bytes, 100000, 100000);
    const std::filesystem::path huge = scratch_.file("huge.png");
    writeBytes(huge, bytes);
    expectOneLineError(runHeadlessOn(huge), 1, {huge.string(), "100000"});
}

// Files whose headers claim blocks no read can hold (one strip of 18.6 GiB in
// 168 bytes, strips of 3.7 GiB in 4 KB) are refused from the header, before
// anything the header claims is allocated.
TEST_F(ViewerInputErrorTest, BlocksLargerThanAReadMayHoldAreRefusedFromTheHeader)
{
    const std::filesystem::path strip = scratch_.file("one-strip.tif");
    writeBytes(strip, tiffClaiming(100000, 100000, 100000, 22));
    ASSERT_EQ(std::filesystem::file_size(strip), 168u);
    expectOneLineError(runHeadlessOn(strip), 1, {strip.string(), "100000 x 100000", "MiB"});
    const std::filesystem::path strips = scratch_.file("strips.tif");
    writeBytes(strips, tiffClaiming(100000, 100000, 20000, 3900));
    expectOneLineError(runHeadlessOn(strips), 1, {strips.string(), "100000 x 20000"});
    expectOneLineError(runViewer({"--planet", strips.string(), "--headless", "--size", "64x64", "--frames", "1"}), 1,
                       {strips.string(), "100000 x 20000"});
    // The largest of the runs (this test's children alone: ctest runs each
    // test in a process of its own).
    rusage usage{};
    ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &usage), 0);
    EXPECT_LT(usage.ru_maxrss, 1024L * 1024L) << "peak resident KiB of a refused run";
}

TEST_F(ViewerInputErrorTest, PoolTheDeviceCannotHold)
{
    const std::filesystem::path map = scratch_.file("map.png");
    writeReliefHeightmap(map, 16);
    expectOneLineError(runViewer({map.string(), "--headless", "--size", "64x64", "--frames", "1", "--cbt", "pool",
                                  "--pool-size", "67108864"}),
                       1, {"67108864", "maxStorageBufferRange", "--pool-size"});
}

TEST_F(ViewerInputErrorTest, BadFlagsExitWithTwo)
{
    expectOneLineError(runViewer({"--bogus"}), 2, {"--bogus"});
    expectOneLineError(runViewer({"--depth", "99"}), 2, {"--depth", "99"});
    expectOneLineError(runViewer({"--depth", "40"}), 2, {"--depth", "--cbt pool"});
    expectOneLineError(runViewer({"--cbt", "octree"}), 2, {"--cbt", "octree"});
    expectOneLineError(runViewer({"--headless", "--size", "big"}), 2, {"--size", "big"});
    expectOneLineError(runViewer({"--headless", "--frames"}), 2, {"--frames"});
    expectOneLineError(runViewer({"--shading", "toon"}), 2, {"--shading", "toon"});
}

TEST_F(ViewerInputErrorTest, BadCameraPathNamesFileAndLine)
{
    const std::filesystem::path map = scratch_.file("map.png");
    writeReliefHeightmap(map, 32);
    const std::filesystem::path path = scratch_.file("path.txt");
    writeText(path, "0 100 100 0 -10\n0 100 oops 0 -10\n");
    const ProcessResult result =
        runViewer({map.string(), "--headless", "--size", "64x64", "--camera-path", path.string()});
    expectOneLineError(result, 1, {path.string() + ":2:", "'oops'"});
}

TEST_F(ViewerInputErrorTest, HelpListsFlagsAndSucceeds)
{
    const ProcessResult result = runViewer({"--help"});
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_EQ(result.err, "");
    EXPECT_NE(result.out.find("--camera-path FILE"), std::string::npos);
    EXPECT_NE(result.out.find("(default: 7; 10 with --planet)"), std::string::npos);
}

TEST_F(ViewerInputErrorTest, NoVulkanDriver)
{
    const std::filesystem::path map = scratch_.file("map.png");
    writeReliefHeightmap(map, 32);
    const std::string nowhere = scratch_.file("no-driver.json").string();
    const ProcessResult result = runViewer({map.string(), "--headless", "--size", "64x64", "--frames", "1"},
                                           {{"VK_ICD_FILENAMES", nowhere}, {"VK_DRIVER_FILES", nowhere}});
    expectOneLineError(result, 1, {"Vulkan"});
}

TEST_F(ViewerInputErrorTest, NoDisplayForTheWindow)
{
    const std::filesystem::path map = scratch_.file("map.png");
    writeReliefHeightmap(map, 32);
    const ProcessResult result =
        runViewer({map.string(), "--frames", "1"}, {{"DISPLAY", std::nullopt}, {"WAYLAND_DISPLAY", std::nullopt}});
    expectOneLineError(result, 1, {"cannot open a window: no display (set DISPLAY or use --headless)"});
}

}  // namespace
}  // namespace app_test
