// The Earth as people know it (label render): `cbt-terrain --planet` with no
// other flag drapes the Earth's colours of Debian's xplanet-images by day
// and lights its towns by night. Looking straight down at local noon, the
// Sahara is yellow-brown and the Congo basin darker and greener; at night
// Paris glows where the Sahara is dark, and the lights come from the map
// (none with --imagery none). Without the maps the globe shows its
// materials, after a one-line notice.
#include "ChildProcess.h"
#include "ViewerTestFiles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace app_test {
namespace {

constexpr int kSize = 96;

// Mean colour of the frame's central square of `side` pixels.
struct CentreColour {
    double red = 0.0;
    double green = 0.0;
    double blue = 0.0;
    [[nodiscard]] double luminance() const { return 0.2126 * red + 0.7152 * green + 0.0722 * blue; }
};

CentreColour centreColour(const DecodedImage& image, int side)
{
    CentreColour colour;
    const int first = (kSize - side) / 2;
    for (int y = first; y < first + side; ++y) {
        for (int x = first; x < first + side; ++x) {
            const std::uint8_t* pixel = image.pixel(x, y);
            colour.red += pixel[0];
            colour.green += pixel[1];
            colour.blue += pixel[2];
        }
    }
    const double count = static_cast<double>(side) * side;
    colour.red /= count;
    colour.green /= count;
    colour.blue /= count;
    return colour;
}

class PlanetEarthMapsRenderTest : public ::testing::Test {
protected:
    PlanetEarthMapsRenderTest() : scratch_("planet-earth-maps") {}

    void SetUp() override
    {
        if (!std::filesystem::exists(CBT_ETOPO5_GRID)) {
            GTEST_SKIP() << CBT_ETOPO5_GRID << " is missing (Debian package ferret-datasets, scripts/setup-debian.sh)";
        }
        if (!std::filesystem::exists("/usr/share/xplanet/images/earth.jpg")) {
            GTEST_SKIP() << "xplanet-images is missing (scripts/setup-debian.sh installs it)";
        }
    }

    // The globe straight down on `latitude`, `longitude` from `height`
    // metres at `time`, with `extra` flags.
    std::optional<DecodedImage> lookDown(const std::string& name, double latitude, double longitude, double height,
                                         const std::string& time, const std::vector<std::string>& extra = {}) const
    {
        const std::filesystem::path image = scratch_.file(name + ".png");
        std::vector<std::string> arguments{
            CBT_TERRAIN_BINARY,
            "--planet",
            "--headless",
            "--validate",
            "--msaa",
            "1",
            "--size",
            std::to_string(kSize) + "x" + std::to_string(kSize),
            "--frames",
            "6",
            "--camera-geo",
            std::to_string(latitude) + "," + std::to_string(longitude) + "," + std::to_string(height) + ",0,-90",
            "--time",
            time,
            "--screenshot",
            image.string()};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        return runForScreenshot(arguments, image);
    }

    ScratchFolder scratch_;
};

TEST_F(PlanetEarthMapsRenderTest, FromOrbitTheDesertsAreNotGreen)
{
    // The spring equinox, 11:00 UTC: near noon over central Africa.
    const std::optional<DecodedImage> sahara = lookDown("sahara", 23.0, 12.0, 3.0e6, "2024-03-20T11:00Z");
    const std::optional<DecodedImage> congo = lookDown("congo", 0.0, 22.0, 3.0e6, "2024-03-20T11:00Z");
    const std::optional<DecodedImage> saharaMaterials =
        lookDown("sahara-materials", 23.0, 12.0, 3.0e6, "2024-03-20T11:00Z", {"--imagery", "none"});
    ASSERT_TRUE(sahara && congo && saharaMaterials);
    const CentreColour desert = centreColour(*sahara, 24);
    const CentreColour forest = centreColour(*congo, 24);
    const CentreColour materials = centreColour(*saharaMaterials, 24);
    // Yellow-brown: red over green over blue.
    EXPECT_GT(desert.red, desert.blue + 30.0) << desert.red << " " << desert.green << " " << desert.blue;
    EXPECT_GT(desert.green, desert.blue) << desert.red << " " << desert.green << " " << desert.blue;
    // The forest: darker, and greener for its red.
    EXPECT_LT(forest.luminance(), desert.luminance() - 20.0);
    EXPECT_GT(forest.green / forest.red, desert.green / desert.red + 0.1)
        << forest.red << " " << forest.green << " " << forest.blue;
    // The materials' Sahara is another colour: the map made the difference.
    EXPECT_GT(std::abs(materials.red - desert.red) + std::abs(materials.blue - desert.blue), 20.0);
}

TEST_F(PlanetEarthMapsRenderTest, AtNightTownsGlowWhereTheMapHasThem)
{
    // Mid-January, 23:00 UTC: night over Europe and the Sahara.
    const std::optional<DecodedImage> paris = lookDown("paris", 48.86, 2.35, 1.0e6, "2024-01-15T23:00Z");
    const std::optional<DecodedImage> desert = lookDown("desert-night", 23.0, 12.0, 1.0e6, "2024-01-15T23:00Z");
    const std::optional<DecodedImage> parisMaterials =
        lookDown("paris-materials", 48.86, 2.35, 1.0e6, "2024-01-15T23:00Z", {"--imagery", "none"});
    ASSERT_TRUE(paris && desert && parisMaterials);
    const double town = centreColour(*paris, 12).luminance();
    const double empty = centreColour(*desert, 12).luminance();
    const double unlit = centreColour(*parisMaterials, 12).luminance();
    EXPECT_GT(town, 20.0) << "Paris does not glow";
    EXPECT_GT(town, 4.0 * empty + 10.0) << "the lights are not where the map has them";
    EXPECT_LT(unlit, 5.0) << "lights without a map";
}

TEST_F(PlanetEarthMapsRenderTest, WithoutTheMapsTheGlobeShowsItsMaterialsAfterANotice)
{
    const std::filesystem::path image = scratch_.file("no-maps.png");
    ProcessOptions options =
        programWithArguments(CBT_TERRAIN_BINARY, {"--planet", "--headless", "--msaa", "1", "--size", "64x64",
                                                  "--frames", "2", "--camera-geo", "23,12,3000000,0,-90", "--time",
                                                  "2024-03-20T11:00Z", "--screenshot", image.string()});
    options.environment["CBT_EARTH_IMAGERY_DIR"] = scratch_.file("nowhere").string();
    const ProcessResult result = runProcess(options);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    const std::vector<std::string> lines = linesOf(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind("cbt-terrain: notice: ", 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("xplanet-images"), std::string::npos) << lines[0];
    EXPECT_NE(lines[0].find("materials"), std::string::npos) << lines[0];
    EXPECT_TRUE(decodePng(image)) << "no frame";
}

}  // namespace
}  // namespace app_test
