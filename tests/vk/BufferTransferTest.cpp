// Buffers: upload/download round trips through staging buffers, fills,
// host-visible mappings, range checks.
#include "GpuTestEnvironment.h"

#include "vk/Buffer.h"
#include "vk/BufferTransfer.h"
#include "vk/Error.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <random>

namespace vk::test {
namespace {

class BufferTransferTest : public GpuTest {};

std::vector<std::byte> randomBytes(size_t count, uint32_t seed)
{
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int> byteValue(0, 255);
    std::vector<std::byte> bytes(count);
    for (std::byte& b : bytes) {
        b = static_cast<std::byte>(byteValue(generator));
    }
    return bytes;
}

TEST_F(BufferTransferTest, RoundTripsRandomBytesOfManySizesAndOffsets)
{
    struct Case {
        size_t size;
        VkDeviceSize offset;
    };
    const Case cases[] = {{4, 0}, {4, 12}, {7, 1}, {256, 0}, {1000, 24}, {65536, 4096}, {1 << 20, 3}, {8 << 20, 0}};
    uint32_t seed = 1;
    for (const Case& c : cases) {
        SCOPED_TRACE("size " + std::to_string(c.size) + " offset " + std::to_string(c.offset));
        const Buffer buffer(device(), c.offset + c.size + 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
        const std::vector<std::byte> bytes = randomBytes(c.size, seed++);
        uploadToBuffer(device(), buffer, bytes, c.offset);
        EXPECT_EQ(downloadFromBuffer(device(), buffer, c.offset, c.size), bytes);
    }
}

TEST_F(BufferTransferTest, PartialUploadsLeaveTheRestOfTheBufferAlone)
{
    const Buffer buffer(device(), 64, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    fillBuffer(device(), buffer, 0xA5A5A5A5u);
    const std::vector<std::byte> middle = randomBytes(16, 7);
    uploadToBuffer(device(), buffer, middle, 24);
    const std::vector<std::byte> all = downloadFromBuffer(device(), buffer, 0, 64);
    for (size_t i = 0; i < 64; ++i) {
        const std::byte expected = (i >= 24 && i < 40) ? middle[i - 24] : std::byte{0xA5};
        EXPECT_EQ(all[i], expected) << "byte " << i;
    }
}

TEST_F(BufferTransferTest, FillBufferSetsWordsInARange)
{
    const Buffer buffer(device(), 4 * 100, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    fillBuffer(device(), buffer, 0u);
    fillBuffer(device(), buffer, 0xDEADBEEFu, 4 * 10, 4 * 20);
    const std::vector<uint32_t> words = downloadFromBufferAs<uint32_t>(device(), buffer, 0, 100);
    for (size_t i = 0; i < words.size(); ++i) {
        EXPECT_EQ(words[i], (i >= 10 && i < 30) ? 0xDEADBEEFu : 0u) << "word " << i;
    }
    EXPECT_THROW(fillBuffer(device(), buffer, 1u, 2, 4), Error);
}

TEST_F(BufferTransferTest, HostVisibleBuffersAreMappedAndShareTheHelpers)
{
    const Buffer upload(device(), 256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, MemoryLocation::HostUpload);
    const Buffer readback(device(), 256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, MemoryLocation::HostReadback);
    ASSERT_EQ(upload.mapped().size(), 256u);
    ASSERT_EQ(readback.mapped().size(), 256u);
    const std::vector<std::byte> bytes = randomBytes(100, 3);
    uploadToBuffer(device(), upload, bytes, 8);
    EXPECT_EQ(upload.mapped()[8], bytes[0]);
    EXPECT_EQ(downloadFromBuffer(device(), upload, 8, 100), bytes);
    // GPU work into a host-visible buffer, then read through the mapping.
    fillBuffer(device(), readback, 0x01020304u);
    const std::vector<uint32_t> words = downloadFromBufferAs<uint32_t>(device(), readback, 0, 64);
    EXPECT_EQ(words.front(), 0x01020304u);
    EXPECT_EQ(words.back(), 0x01020304u);
}

TEST_F(BufferTransferTest, OutOfRangeTransfersAndEmptyBuffersThrow)
{
    const Buffer buffer(device(), 32, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const std::vector<std::byte> bytes(16);
    EXPECT_THROW(uploadToBuffer(device(), buffer, bytes, 20), Error);
    EXPECT_THROW((void)downloadFromBuffer(device(), buffer, 30, 4), Error);
    EXPECT_THROW(Buffer(device(), 0, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT), Error);
}

TEST_F(BufferTransferTest, MovedBufferKeepsItsContents)
{
    Buffer original(device(), 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
    const std::vector<std::byte> bytes = randomBytes(16, 9);
    uploadToBuffer(device(), original, bytes);
    const VkBuffer handle = original.handle();
    Buffer moved = std::move(original);
    EXPECT_EQ(moved.handle(), handle);
    EXPECT_EQ(moved.size(), 16u);
    EXPECT_EQ(downloadFromBuffer(device(), moved, 0, 16), bytes);
}

}  // namespace
}  // namespace vk::test
