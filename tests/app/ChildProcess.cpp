#include "ChildProcess.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;  // the C library's; read to copy the parent's environment

namespace app_test {

namespace {

std::filesystem::path temporaryFile(const char* purpose)
{
    std::string pattern =
        (std::filesystem::temp_directory_path() / (std::string("cbt-app-test-") + purpose + "-XXXXXX")).string();
    const int descriptor = ::mkstemp(pattern.data());
    if (descriptor < 0) {
        throw std::runtime_error("mkstemp failed: " + std::string(std::strerror(errno)));
    }
    ::close(descriptor);
    return pattern;
}

std::string readFile(const std::filesystem::path& path)
{
    std::ifstream file(path, std::ios::binary);
    std::ostringstream contents;
    contents << file.rdbuf();
    return contents.str();
}

std::vector<std::string> childEnvironment(const std::map<std::string, std::optional<std::string>>& overrides)
{
    std::vector<std::string> variables;
    for (char** entry = environ; *entry != nullptr; ++entry) {
        const std::string variable(*entry);
        const std::string name = variable.substr(0, variable.find('='));
        if (overrides.find(name) == overrides.end()) {
            variables.push_back(variable);
        }
    }
    for (const auto& [name, value] : overrides) {
        if (value) {
            variables.push_back(name + "=" + *value);
        }
    }
    return variables;
}

std::vector<char*> pointersTo(std::vector<std::string>& strings)
{
    std::vector<char*> pointers;
    for (std::string& text : strings) {
        pointers.push_back(text.data());
    }
    pointers.push_back(nullptr);
    return pointers;
}

}  // namespace

ChildProcess::ChildProcess(const ProcessOptions& options)
    : outFile_(temporaryFile("out")),
      errFile_(temporaryFile("err"))
{
    // Everything the child needs is prepared before fork.
    std::vector<std::string> arguments = options.arguments;
    std::vector<std::string> environment = childEnvironment(options.environment);
    std::vector<char*> argumentPointers = pointersTo(arguments);
    std::vector<char*> environmentPointers = pointersTo(environment);
    const std::string outPath = outFile_.string();
    const std::string errPath = errFile_.string();
    const std::string directory = options.workingDirectory.string();

    pid_ = ::fork();
    if (pid_ < 0) {
        throw std::runtime_error("fork failed: " + std::string(std::strerror(errno)));
    }
    if (pid_ == 0) {
        const int out = ::open(outPath.c_str(), O_WRONLY | O_TRUNC);
        const int err = ::open(errPath.c_str(), O_WRONLY | O_TRUNC);
        const int in = ::open("/dev/null", O_RDONLY);
        if (out < 0 || err < 0 || in < 0 || ::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) {
            ::_exit(126);
        }
        if (options.descriptorForChild >= 0 && ::dup2(options.descriptorForChild, 3) < 0) {
            ::_exit(126);
        }
        if (!directory.empty() && ::chdir(directory.c_str()) != 0) {
            ::_exit(126);
        }
        ::execvpe(argumentPointers[0], argumentPointers.data(), environmentPointers.data());
        ::_exit(127);
    }
}

ChildProcess::~ChildProcess()
{
    if (!exited_) {
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    std::error_code ignored;
    std::filesystem::remove(outFile_, ignored);
    std::filesystem::remove(errFile_, ignored);
}

bool ChildProcess::reap(bool block)
{
    if (exited_) {
        return true;
    }
    const pid_t result = ::waitpid(pid_, &status_, block ? 0 : WNOHANG);
    if (result == pid_) {
        exited_ = true;
    }
    return exited_;
}

bool ChildProcess::running()
{
    return !reap(false);
}

ProcessResult ChildProcess::wait(std::chrono::seconds limit)
{
    ProcessResult result;
    if (!waitUntil([this] { return !running(); }, limit)) {
        result.timedOut = true;
        ::kill(pid_, SIGKILL);
        reap(true);
    }
    result.exitCode = WIFEXITED(status_) ? WEXITSTATUS(status_) : -1;
    result.out = readFile(outFile_);
    result.err = readFile(errFile_);
    return result;
}

void ChildProcess::stop()
{
    if (exited_) {
        return;
    }
    ::kill(pid_, SIGTERM);
    if (!waitUntil([this] { return !running(); }, std::chrono::seconds(5))) {
        ::kill(pid_, SIGKILL);
        reap(true);
    }
}

ProcessOptions programWithArguments(const std::string& program, const std::vector<std::string>& arguments)
{
    ProcessOptions options;
    options.arguments = {program};
    options.arguments.insert(options.arguments.end(), arguments.begin(), arguments.end());
    return options;
}

ProcessResult runProcess(const ProcessOptions& options, std::chrono::seconds limit)
{
    ChildProcess process(options);
    return process.wait(limit);
}

void expectNoValidationOrErrors(const std::string& err)
{
    for (const std::string& line : linesOf(err)) {
        EXPECT_EQ(line.find("[vulkan]"), std::string::npos) << line;
        EXPECT_EQ(line.rfind("cbt-terrain:", 0), std::string::npos) << line;
    }
}

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream stream(text);
    std::string line;
    while (std::getline(stream, line)) {
        lines.push_back(line);
    }
    return lines;
}

}  // namespace app_test
