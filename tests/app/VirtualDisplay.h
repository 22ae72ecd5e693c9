// An Xvfb server for the window tests, on a display number it picks itself
// (-displayfd), stopped when the object goes; xdotool on it.
#pragma once

#include "ChildProcess.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace app_test {

class VirtualDisplay {
public:
    VirtualDisplay();
    ~VirtualDisplay();
    VirtualDisplay(const VirtualDisplay&) = delete;
    VirtualDisplay& operator=(const VirtualDisplay&) = delete;

    [[nodiscard]] bool ready() const { return !number_.empty(); }
    [[nodiscard]] std::string name() const { return ":" + number_; }

    // Runs xdotool with `arguments` on this display.
    [[nodiscard]] ProcessResult xdotool(const std::vector<std::string>& arguments) const;
    // The id of the first visible window whose name matches `namePattern`
    // (xdotool's regular expression), once there is one; empty when
    // `process` ended first or `limit` passed.
    [[nodiscard]] std::string findWindow(ChildProcess& process, const std::string& namePattern,
                                         std::chrono::seconds limit) const;

private:
    std::unique_ptr<ChildProcess> server_;
    std::string number_;
};

}  // namespace app_test
