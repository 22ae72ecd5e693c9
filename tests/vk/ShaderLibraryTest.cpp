// The build-time SPIR-V and where programs find it: file names of programs,
// loading, the switch to the GLSL sources, and the build-tree and install
// layouts of vk::locateProgramFiles.
#include "GpuTestEnvironment.h"

#include "vk/Error.h"
#include "vk/ProgramFiles.h"
#include "vk/ShaderLibrary.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

namespace vk::test {
namespace {

using ::testing::HasSubstr;

constexpr std::uint32_t kSpirvMagic = 0x07230203u;

// A fresh folder under the temporary directory, removed with the object.
class ScratchFolder {
public:
    explicit ScratchFolder(const std::string& name)
        : path_(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid())))
    {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchFolder() { std::filesystem::remove_all(path_); }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    [[nodiscard]] const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

std::string errorOf(const std::function<void()>& action)
{
    try {
        action();
    } catch (const Error& error) {
        return error.what();
    }
    return "no error";
}

TEST(ShaderLibraryTest, ProgramFilesAreNamedAfterTheSourceAndItsMacros)
{
    EXPECT_EQ(spirvFileName({"cbt/Dispatcher.comp", {}}), "cbt/Dispatcher.comp.spv");
    EXPECT_EQ(spirvFileName({"a/B.comp", {{"X", "8"}, {"FLAG", ""}}}), "a/B.comp+X=8+FLAG.spv");
}

TEST(ShaderLibraryTest, LoadsTheBuildTimeSpirvAndNamesAMissingProgram)
{
    const ShaderLibrary shaders = projectShaders();
    EXPECT_FALSE(shaders.compilesFromSource());
    const std::vector<std::uint32_t> dispatcher = shaders.load("cbt/Dispatcher.comp");
    ASSERT_GT(dispatcher.size(), 5u);
    EXPECT_EQ(dispatcher[0], kSpirvMagic);
    const std::vector<ShaderMacro> serial{{"SUM_REDUCTION_UPPER_LOCAL_SIZE", "8"}};
    EXPECT_NE(shaders.load("cbt/SumReductionUpper.comp", serial), shaders.load("cbt/SumReductionUpper.comp"));
    const std::string missing = errorOf([&] { (void)shaders.load("cbt/NoSuchKernel.comp"); });
    EXPECT_THAT(missing, HasSubstr("cbt/NoSuchKernel.comp.spv"));
}

// The build compiles with the options the run-time compiler uses, so a
// reload from unchanged sources gives the very same SPIR-V.
TEST(ShaderLibraryTest, CompilingTheSourcesGivesTheBuildTimeSpirv)
{
    ShaderLibrary shaders = projectShaders();
    const std::vector<ShaderMacro> triangles{{"LEB_DECODE_TRIANGLES", "1"}};
    const std::vector<std::uint32_t> built = shaders.load("leb/LeafDecode.comp", triangles);
    const std::vector<std::uint32_t> drawBuilt = shaders.load("terrain/TerrainDraw.vert");
    ASSERT_TRUE(shaders.canCompileFromSource());
    shaders.compileFromSource();
    EXPECT_TRUE(shaders.compilesFromSource());
    EXPECT_EQ(shaders.load("leb/LeafDecode.comp", triangles), built);
    EXPECT_EQ(shaders.load("terrain/TerrainDraw.vert"), drawBuilt);
}

TEST(ShaderLibraryTest, OnlyALibraryWithSourcesCompilesThem)
{
    ShaderLibrary installed(projectShaders().spirvDirectory());
    EXPECT_FALSE(installed.canCompileFromSource());
    EXPECT_THAT(errorOf([&] { installed.compileFromSource(); }), HasSubstr("build tree"));
    EXPECT_FALSE(installed.compilesFromSource());
    EXPECT_EQ(installed.load("cbt/Dispatcher.comp")[0], kSpirvMagic);
}

TEST(ProgramFilesTest, ABuildTreeMarkerNamesTheBuildsFolders)
{
    const ScratchFolder folder("cbt-program-files-build");
    std::ofstream(folder.path() / kBuildTreeMarker) << "# comment\nspirv=/b/shaders\nshader-sources=/s/shaders\n"
                                                       "assets=/s/assets\n";
    const ProgramFiles files = locateProgramFiles(folder.path());
    EXPECT_EQ(files.spirvDirectory, "/b/shaders");
    EXPECT_EQ(files.assetDirectory, "/s/assets");
    ASSERT_TRUE(files.shaderSourceDirectory.has_value());
    EXPECT_EQ(*files.shaderSourceDirectory, "/s/shaders");
    EXPECT_TRUE(files.shaderLibrary().canCompileFromSource());

    std::ofstream(folder.path() / kBuildTreeMarker) << "spirv=/b/shaders\n";
    EXPECT_THAT(errorOf([&] { (void)locateProgramFiles(folder.path()); }), HasSubstr("assets="));
}

TEST(ProgramFilesTest, AnInstalledProgramReadsOnlyItsOwnPrefix)
{
    const ScratchFolder prefix("cbt-program-files-install");
    std::filesystem::create_directories(prefix.path() / "bin");
    EXPECT_THAT(errorOf([&] { (void)locateProgramFiles(prefix.path() / "bin"); }),
                HasSubstr((prefix.path() / "share" / "cbt-terrain" / "shaders").string()));
    std::filesystem::create_directories(prefix.path() / "share" / "cbt-terrain" / "shaders");
    const ProgramFiles files = locateProgramFiles(prefix.path() / "bin");
    EXPECT_EQ(files.spirvDirectory, prefix.path() / "share" / "cbt-terrain" / "shaders");
    EXPECT_EQ(files.assetDirectory, prefix.path() / "share" / "cbt-terrain" / "assets");
    EXPECT_FALSE(files.shaderSourceDirectory.has_value());
    EXPECT_FALSE(files.shaderLibrary().canCompileFromSource());
}

}  // namespace
}  // namespace vk::test
