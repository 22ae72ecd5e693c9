// `cbt-terrain prepare` in process: the progress it draws on a terminal (a
// bar redrawn in place) and elsewhere (a line per quarter), its usage, and
// the exit code and one line of wrong arguments. The real binary is run by
// PrepareRunTest.
#include "app/PrepareCommand.h"
#include "app/ViewerMain.h"
#include "viewer/CommandLine.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace app {
namespace {

struct Outcome {
    int exitCode = -1;
    std::string out;
    std::string err;
};

Outcome run(std::vector<std::string_view> arguments)
{
    std::ostringstream out;
    std::ostringstream err;
    Outcome outcome;
    outcome.exitCode = runViewer(arguments, out, err);
    outcome.out = out.str();
    outcome.err = err.str();
    return outcome;
}

TEST(PrepareProgressBar, OnATerminalOneBarIsRedrawnInPlace)
{
    std::ostringstream stream;
    PrepareProgressBar bar(stream, true);
    bar.show(0.0);
    bar.show(0.571);
    bar.show(0.572);  // the same percentage: not drawn again
    EXPECT_EQ(stream.str(),
              "\rprepare [..............................]   0%"
              "\rprepare [#################.............]  57%");
    bar.show(1.0);
    EXPECT_TRUE(stream.str().ends_with("\rprepare [##############################] 100%\n")) << stream.str();
    bar.finish();
    EXPECT_TRUE(stream.str().ends_with("100%\n")) << "a finished bar gets no second newline";
}

TEST(PrepareProgressBar, AnUnfinishedBarEndsItsLineForTheNextMessage)
{
    std::ostringstream stream;
    PrepareProgressBar bar(stream, true);
    bar.show(0.3);
    bar.finish();
    EXPECT_EQ(stream.str(), "\rprepare [#########.....................]  30%\n");
}

TEST(PrepareProgressBar, ElsewhereALinePerQuarter)
{
    std::ostringstream stream;
    PrepareProgressBar bar(stream, false);
    for (const double fraction : {0.0, 0.1, 0.3, 0.31, 0.8, 1.0}) {
        bar.show(fraction);
    }
    bar.finish();
    EXPECT_EQ(stream.str(), "prepare: 25%\nprepare: 50%\nprepare: 75%\nprepare: 100%\n");
}

TEST(PrepareCommand, HelpPrintsItsUsage)
{
    for (const std::string_view flag : {"--help", "-h"}) {
        const Outcome outcome = run({"prepare", flag});
        EXPECT_EQ(outcome.exitCode, kExitSuccess);
        EXPECT_EQ(outcome.out, prepareHelp());
        EXPECT_TRUE(outcome.out.starts_with("usage: cbt-terrain prepare IN OUT.tif\n")) << outcome.out;
        EXPECT_TRUE(outcome.err.empty()) << outcome.err;
    }
}

TEST(PrepareCommand, WrongArgumentCountIsOneLineAndExitCodeTwo)
{
    for (const std::vector<std::string_view>& arguments :
         {std::vector<std::string_view>{"prepare"}, {"prepare", "in.tif"}, {"prepare", "a.tif", "b.tif", "c.tif"}}) {
        const Outcome outcome = run(arguments);
        EXPECT_EQ(outcome.exitCode, kExitBadCommandLine);
        EXPECT_EQ(outcome.err.find("cbt-terrain: prepare: expected two names, IN and OUT.tif, got " +
                                   std::to_string(arguments.size() - 1)),
                  0u)
            << outcome.err;
        EXPECT_EQ(outcome.err.find('\n'), outcome.err.size() - 1) << "not one line: " << outcome.err;
        EXPECT_TRUE(outcome.out.empty());
    }
}

TEST(PrepareCommand, AnEmptyNameIsSaidAsSuch)
{
    for (const std::vector<std::string_view>& arguments :
         {std::vector<std::string_view>{"prepare", "alps.tif", ""}, {"prepare", "", "out.tif"}}) {
        const Outcome outcome = run(arguments);
        EXPECT_EQ(outcome.exitCode, kExitBadCommandLine);
        const std::string empty = arguments[1].empty() ? "IN" : "OUT.tif";
        EXPECT_EQ(outcome.err, "cbt-terrain: prepare: expected two names, IN and OUT.tif: " + empty +
                                   " is empty (see cbt-terrain prepare --help)\n");
        EXPECT_TRUE(outcome.out.empty());
    }
}

TEST(PrepareCommand, TheViewersHelpNamesIt)
{
    EXPECT_NE(viewer::commandLineHelp().find("cbt-terrain prepare IN OUT.tif"), std::string::npos);
}

}  // namespace
}  // namespace app
