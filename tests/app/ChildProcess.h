// Running programs from the tests: the viewer itself, Xvfb and xdotool.
// Output goes to temporary files that are read back at the end; a generous
// time limit only guards against hangs (no test asserts on durations).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace app_test {

struct ProcessOptions {
    std::vector<std::string> arguments;  // arguments[0] is the program (PATH is searched)
    // Variables to set (a value) or remove (std::nullopt) in the child.
    std::map<std::string, std::optional<std::string>> environment;
    std::filesystem::path workingDirectory;  // empty: the test's own
    // When >= 0, this descriptor becomes descriptor 3 of the child.
    int descriptorForChild = -1;
};

// Options that run `program` with `arguments` (and nothing else changed).
ProcessOptions programWithArguments(const std::string& program, const std::vector<std::string>& arguments);

struct ProcessResult {
    int exitCode = -1;      // -1 when killed by a signal
    bool timedOut = false;  // it ran past its limit and was killed
    std::string out;
    std::string err;
};

class ChildProcess {
public:
    explicit ChildProcess(const ProcessOptions& options);
    // Kills the process (SIGKILL) if it still runs, and reaps it.
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    [[nodiscard]] pid_t pid() const { return pid_; }
    // Whether it has not exited yet (reaps it when it has).
    bool running();
    // Waits for the exit, at most `limit` (then kills it: timedOut).
    ProcessResult wait(std::chrono::seconds limit);
    // Sends SIGTERM, then SIGKILL after a grace period; reaps it.
    void stop();

private:
    bool reap(bool block);

    pid_t pid_ = -1;
    bool exited_ = false;
    int status_ = 0;
    std::filesystem::path outFile_;
    std::filesystem::path errFile_;
};

// Starts `options`, waits (at most `limit`) and returns what it did.
ProcessResult runProcess(const ProcessOptions& options, std::chrono::seconds limit = std::chrono::seconds(300));

// Polls `condition` every 100 ms until it holds or `limit` passes.
template <typename Condition>
bool waitUntil(Condition condition, std::chrono::seconds limit)
{
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return true;
}

// The viewer's stderr holds no validation layer message ("[vulkan] ...")
// and no error line of its own ("cbt-terrain: ..."). Driver chatter, if
// any, is allowed. (The exit code separately proves that the validation
// layer stayed silent: a --validate run with messages exits with 1.)
void expectNoValidationOrErrors(const std::string& err);

// Lines of `text` (without the trailing newline of each).
std::vector<std::string> linesOf(const std::string& text);

}  // namespace app_test
