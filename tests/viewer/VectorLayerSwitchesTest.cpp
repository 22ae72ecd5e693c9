// The overlay's switches of the --vector layers (viewer/VectorLayers.h):
// one per layer drawn, in order, all shown at first; a switch gives the
// number of its layer among those given (a layer left out has no switch),
// none past the list; and --vector's layer count is bounded.
#include "CommandLineParsing.h"
#include "vectordata/Drape.h"
#include "viewer/VectorLayers.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace viewer {
namespace {

TEST(VectorLayerSwitches, OnePerLayerDrawnGivingItsNumber)
{
    vectordata::DrapedLayers layers;
    // The second of three layers was left out.
    layers.drawn = {{0, "roads.shp"}, {2, "hike.gpx"}};
    VectorLayerSwitches switches(layers);
    ASSERT_EQ(switches.layers().size(), 2u);
    EXPECT_EQ(switches.layers()[1].source, "hike.gpx");
    EXPECT_TRUE(switches.layers()[0].shown);
    EXPECT_TRUE(switches.layers()[1].shown);
    EXPECT_EQ(switches.set(1, false), 2u);
    EXPECT_FALSE(switches.layers()[1].shown);
    EXPECT_TRUE(switches.layers()[0].shown);
    EXPECT_EQ(switches.set(1, true), 2u);
    EXPECT_TRUE(switches.layers()[1].shown);
    EXPECT_FALSE(switches.set(2, false).has_value());
}

TEST(VectorLayerSwitches, TheLayersAreBounded)
{
    std::vector<std::string> names;
    for (std::size_t i = 0; i <= vectordata::kMaxDrapedLayers; ++i) {
        names.push_back("layer" + std::to_string(i) + ".gpx");
    }
    std::vector<std::string_view> arguments;
    for (const std::string& name : names) {
        arguments.insert(arguments.end(), {"--vector", name});
    }
    EXPECT_EQ(test::errorOf(arguments), "--vector: at most 128 layers");
    arguments.resize(2 * vectordata::kMaxDrapedLayers);
    EXPECT_EQ(test::errorOf(arguments), "");
}

}  // namespace
}  // namespace viewer
