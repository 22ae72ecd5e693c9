// The fuzzers' way into loaders that read a path: the input bytes written to
// a file of their own, removed again when the object goes. The folder is
// std::filesystem::temp_directory_path() ($TMPDIR; scripts/run-fuzzers.sh
// points it at /dev/shm when it can).
#pragma once

#include <unistd.h>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace fuzz {

class FuzzInputFile {
public:
    FuzzInputFile(const std::uint8_t* data, std::size_t size, const std::string& name)
        : path_(std::filesystem::temp_directory_path() / ("cbt-fuzz-" + std::to_string(::getpid()) + "-" + name))
    {
        std::ofstream file(path_, std::ios::binary | std::ios::trunc);
        file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
        if (!file.good())
            throw std::runtime_error("could not write the fuzz input " + path_.string());
    }
    ~FuzzInputFile()
    {
        std::error_code ignored;
        std::filesystem::remove(path_, ignored);
    }
    FuzzInputFile(const FuzzInputFile&) = delete;
    FuzzInputFile& operator=(const FuzzInputFile&) = delete;

    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

}  // namespace fuzz
