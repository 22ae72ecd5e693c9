// Scratch files for the heightmap tests: a fresh directory per test, removed
// when the test ends, and helpers to write raw bytes and patch PNG headers.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

namespace terrain_test {

class ScratchDirectory {
public:
    ScratchDirectory()
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = std::filesystem::temp_directory_path() /
                ("cbt-heightmap-" + std::to_string(::getpid()) + "-" + info->test_suite_name() + "-" + info->name());
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDirectory()
    {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDirectory(const ScratchDirectory&) = delete;
    ScratchDirectory& operator=(const ScratchDirectory&) = delete;

    std::filesystem::path file(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

inline void writeBytes(const std::filesystem::path& path, std::span<const unsigned char> bytes)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(file.good()) << "could not write " << path;
}

// Overwrites the width and height fields of the IHDR chunk (bytes 16..23).
inline void patchHeaderSize(std::vector<unsigned char>& png, std::uint32_t width, std::uint32_t height)
{
    for (int i = 0; i < 4; ++i) {
        png[static_cast<std::size_t>(16 + i)] = static_cast<unsigned char>(width >> (24 - 8 * i));
        png[static_cast<std::size_t>(20 + i)] = static_cast<unsigned char>(height >> (24 - 8 * i));
    }
}

}  // namespace terrain_test
