#include "VirtualDisplay.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace app_test {

namespace {

std::string readDisplayNumber(int descriptor)
{
    std::string number;
    pollfd request{descriptor, POLLIN, 0};
    while (::poll(&request, 1, 60000) > 0) {
        char c = 0;
        if (::read(descriptor, &c, 1) != 1 || c == '\n') {
            break;
        }
        number += c;
    }
    return number;
}

}  // namespace

VirtualDisplay::VirtualDisplay()
{
    int descriptors[2] = {-1, -1};
    if (::pipe2(descriptors, O_CLOEXEC) != 0) {
        throw std::runtime_error("pipe2 failed: " + std::string(std::strerror(errno)));
    }
    ProcessOptions options;
    options.arguments = {"Xvfb", "-displayfd", "3", "-screen", "0", "1280x720x24", "-nolisten", "tcp", "-noreset"};
    options.descriptorForChild = descriptors[1];
    server_ = std::make_unique<ChildProcess>(options);
    ::close(descriptors[1]);
    number_ = readDisplayNumber(descriptors[0]);
    ::close(descriptors[0]);
}

VirtualDisplay::~VirtualDisplay()
{
    server_->stop();
}

ProcessResult VirtualDisplay::xdotool(const std::vector<std::string>& arguments) const
{
    ProcessOptions options;
    options.arguments = {"xdotool"};
    options.arguments.insert(options.arguments.end(), arguments.begin(), arguments.end());
    options.environment = {{"DISPLAY", name()}};
    return runProcess(options, std::chrono::seconds(30));
}

std::string VirtualDisplay::findWindow(ChildProcess& process, const std::string& namePattern,
                                       std::chrono::seconds limit) const
{
    std::string window;
    waitUntil(
        [&] {
            if (!process.running()) {
                return true;
            }
            const std::vector<std::string> ids =
                linesOf(xdotool({"search", "--onlyvisible", "--name", namePattern}).out);
            if (!ids.empty()) {
                window = ids.front();
            }
            return !window.empty();
        },
        limit);
    return window;
}

}  // namespace app_test
