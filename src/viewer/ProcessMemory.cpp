#include "viewer/ProcessMemory.h"

#include <unistd.h>
#include <fstream>
#include <sstream>
#include <string>

namespace viewer {

std::optional<uint64_t> residentMemoryBytes()
{
    // statm: total program size, then the resident pages.
    std::ifstream statm("/proc/self/statm");
    uint64_t programPages = 0;
    uint64_t residentPages = 0;
    if (!(statm >> programPages >> residentPages)) {
        return std::nullopt;
    }
    const long pageSize = ::sysconf(_SC_PAGESIZE);
    if (pageSize <= 0) {
        return std::nullopt;
    }
    return residentPages * static_cast<uint64_t>(pageSize);
}

std::optional<uint64_t> peakResidentMemoryBytes()
{
    // A line "VmHWM:   123456 kB".
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) != 0) {
            continue;
        }
        std::istringstream fields(line.substr(6));
        uint64_t kibibytes = 0;
        std::string unit;
        if (fields >> kibibytes >> unit && unit == "kB") {
            return kibibytes * 1024;
        }
        return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace viewer
