#include "app/ProcessMemory.h"

#include <unistd.h>
#include <fstream>

namespace app {

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

}  // namespace app
