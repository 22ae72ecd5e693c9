// One ground in both modes (label render): the same place, ETOPO5's Alps,
// seen from the same geodetic pose and lit by the sun of the same instant,
// as a flat terrain (a cut of the model) and on the globe. The two share
// the surface library's palette, snow rule and water (shaders/surface), so
// the ground's mean colour and its snow cover agree within what the
// geometry (a plane against the curved Earth), the sky (the flat map's
// tables against the globe's rays) and the globe's absent patches change.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gdal.h>
#include <gdal_utils.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

namespace app_test {
namespace {

// A GeoTIFF of ETOPO5 from 3 to 13 E and 42 to 50 N, through GDAL's own
// gdal_translate; false when GDAL could not make it.
bool writeAlpsCut(const std::filesystem::path& path)
{
    GDALAllRegister();
    GDALDatasetH source = GDALOpen(CBT_ETOPO5_GRID, GA_ReadOnly);
    if (source == nullptr) {
        return false;
    }
    std::array<std::string, 7> words{"-of", "GTiff", "-projwin", "3", "50", "13", "42"};
    std::vector<char*> arguments;
    for (std::string& word : words) {
        arguments.push_back(word.data());
    }
    arguments.push_back(nullptr);
    GDALTranslateOptions* options = GDALTranslateOptionsNew(arguments.data(), nullptr);
    int usageError = 0;
    GDALDatasetH cut = GDALTranslate(path.c_str(), source, options, &usageError);
    GDALTranslateOptionsFree(options);
    const bool made = cut != nullptr;
    if (made) {
        GDALClose(cut);
    }
    GDALClose(source);
    return made;
}

// What the parity compares in a frame of ground: its mean colour and the
// share of its pixels that are snow (every channel at least 190 of 255).
struct GroundLook {
    double red = 0.0;
    double green = 0.0;
    double blue = 0.0;
    double snow = 0.0;
};

GroundLook lookOf(const DecodedImage& image)
{
    GroundLook look;
    int snowy = 0;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const uint8_t* rgb = image.pixel(x, y);
            look.red += rgb[0];
            look.green += rgb[1];
            look.blue += rgb[2];
            snowy += std::min({rgb[0], rgb[1], rgb[2]}) >= 190 ? 1 : 0;
        }
    }
    const double pixels = static_cast<double>(image.width) * image.height;
    look.red /= pixels;
    look.green /= pixels;
    look.blue /= pixels;
    look.snow = snowy / pixels;
    return look;
}

class SurfaceParityRenderTest : public ::testing::Test {
protected:
    SurfaceParityRenderTest() : scratch_("surface-parity") {}

    // A frame at `pose` (--camera-geo) of the flat cut, or of the globe when
    // `cut` is empty.
    std::optional<DecodedImage> frameAt(const std::filesystem::path& cut, const std::string& pose,
                                        const std::string& name) const
    {
        const std::filesystem::path frame = scratch_.file(name + ".png");
        std::vector<std::string> arguments{CBT_TERRAIN_BINARY};
        if (cut.empty()) {
            // The materials, as on the flat cut (no Earth's map).
            arguments.insert(arguments.end(), {"--planet", "--imagery", "none"});
        } else {
            // The globe casts no shadows of the relief yet.
            arguments.insert(arguments.end(), {cut.string(), "--shadows", "off"});
        }
        arguments.insert(arguments.end(),
                         {"--headless", "--validate", "--msaa", "1", "--size", "320x180", "--camera-geo", pose,
                          "--time", "2024-07-15T07:00Z", "--screenshot", frame.string()});
        return runForScreenshot(arguments, frame);
    }

    ScratchFolder scratch_;
};

TEST_F(SurfaceParityRenderTest, TheAlpsHaveOneGroundColourAndOneSnowCoverInBothModes)
{
    if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
        GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
    }
    const std::filesystem::path cut = scratch_.file("alps.tif");
    ASSERT_TRUE(writeAlpsCut(cut)) << "GDAL could not cut " << CBT_ETOPO5_GRID;
    // Over the Valais, looking north across the Bernese Alps to the plateau.
    const std::string pose = "46.0,7.8,12000,0,-50";
    const std::optional<DecodedImage> flat = frameAt(cut, pose, "flat");
    const std::optional<DecodedImage> globe = frameAt({}, pose, "globe");
    ASSERT_TRUE(flat && globe);
    const GroundLook flatLook = lookOf(*flat);
    const GroundLook globeLook = lookOf(*globe);
    RecordProperty("flat", std::to_string(flatLook.red) + " " + std::to_string(flatLook.green) + " " +
                               std::to_string(flatLook.blue) + " snow " + std::to_string(flatLook.snow));
    RecordProperty("globe", std::to_string(globeLook.red) + " " + std::to_string(globeLook.green) + " " +
                                std::to_string(globeLook.blue) + " snow " + std::to_string(globeLook.snow));
    // The frames show snow, and ground that is not all snow.
    EXPECT_GT(flatLook.snow, 0.02);
    EXPECT_GT(globeLook.snow, 0.02);
    EXPECT_LT(flatLook.snow, 0.8);
    // One palette: the mean colour within 12 levels of 255 in each channel,
    // and the snow cover within 8 % of the frame.
    EXPECT_NEAR(flatLook.red, globeLook.red, 12.0);
    EXPECT_NEAR(flatLook.green, globeLook.green, 12.0);
    EXPECT_NEAR(flatLook.blue, globeLook.blue, 12.0);
    EXPECT_NEAR(flatLook.snow, globeLook.snow, 0.08);
}

}  // namespace
}  // namespace app_test
