// Reading and writing bit fields of up to 64 bits in an array of
// little-endian 64-bit words. A field may straddle two words. Internal.
#pragma once

#include "cbt/HeapLayout.h"

#include <atomic>
#include <cstdint>

namespace cbt::bits {

inline std::uint64_t readBits(const std::uint64_t* words, std::uint64_t firstBit, int width) noexcept
{
    const std::uint64_t index = firstBit >> layout::kWordBitsLog2;
    const int shift = static_cast<int>(firstBit & 63U);
    std::uint64_t value = words[index] >> shift;
    if (shift + width > layout::kWordBits) {
        value |= words[index + 1] << (layout::kWordBits - shift);
    }
    return value & layout::lowBitMask(width);
}

// Same as readBits, but every word is loaded with a relaxed atomic load so
// that reads may race with splitNode / mergeNode on other threads.
inline std::uint64_t loadWordRelaxed(const std::uint64_t& word) noexcept
{
    // atomic_ref needs a non-const referent in C++20; a relaxed load does not
    // modify the word, and the storage itself is never a const object.
    return std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(word)).load(std::memory_order_relaxed);
}

inline std::uint64_t readBitsRelaxed(const std::uint64_t* words, std::uint64_t firstBit, int width) noexcept
{
    const std::uint64_t index = firstBit >> layout::kWordBitsLog2;
    const int shift = static_cast<int>(firstBit & 63U);
    std::uint64_t value = loadWordRelaxed(words[index]) >> shift;
    if (shift + width > layout::kWordBits) {
        value |= loadWordRelaxed(words[index + 1]) << (layout::kWordBits - shift);
    }
    return value & layout::lowBitMask(width);
}

inline void writeBits(std::uint64_t* words, std::uint64_t firstBit, int width, std::uint64_t value) noexcept
{
    const std::uint64_t index = firstBit >> layout::kWordBitsLog2;
    const int shift = static_cast<int>(firstBit & 63U);
    const std::uint64_t mask = layout::lowBitMask(width);
    value &= mask;
    words[index] = (words[index] & ~(mask << shift)) | (value << shift);
    if (shift + width > layout::kWordBits) {
        const std::uint64_t highMask = layout::lowBitMask(shift + width - layout::kWordBits);
        words[index + 1] = (words[index + 1] & ~highMask) | (value >> (layout::kWordBits - shift));
    }
}

// Appends fields of 1..63 bits to a word-aligned run of words. Whole words
// are stored as they fill up; the caller arranges runs whose length is a
// multiple of 64 bits, so nothing is left pending at the end.
class BitStreamWriter {
public:
    BitStreamWriter(std::uint64_t* words, std::uint64_t wordAlignedFirstBit) noexcept
        : next_(words + (wordAlignedFirstBit >> layout::kWordBitsLog2))
    {
    }

    // `value` must fit in `width` bits. Branch-free: the word being filled
    // is stored on every push (it is complete by the last push into it).
    void push(std::uint64_t value, int width) noexcept
    {
        pending_ |= value << used_;
        *next_ = pending_;
        used_ += width;
        const bool wordFull = used_ >= layout::kWordBits;
        used_ &= layout::kWordBits - 1;
        // Bits of `value` that did not fit, or 0 when it ended the word exactly.
        const std::uint64_t carry = value >> ((width - used_) & (layout::kWordBits - 1));
        next_ += wordFull ? 1 : 0;
        pending_ = wordFull ? carry : pending_;
    }

    bool isWordAligned() const noexcept { return used_ == 0; }

private:
    std::uint64_t* next_;
    std::uint64_t pending_ = 0;
    int used_ = 0;
};

// Reads consecutive fields of 1..63 bits starting anywhere.
class BitStreamReader {
public:
    BitStreamReader(const std::uint64_t* words, std::uint64_t firstBit) noexcept
        : current_(words + (firstBit >> layout::kWordBitsLog2)),
          shift_(static_cast<int>(firstBit & 63U))
    {
    }

    std::uint64_t pull(int width) noexcept
    {
        std::uint64_t value = current_[0] >> shift_;
        if (shift_ + width > layout::kWordBits) {
            value |= current_[1] << (layout::kWordBits - shift_);
        }
        shift_ += width;
        if (shift_ >= layout::kWordBits) {
            ++current_;
            shift_ -= layout::kWordBits;
        }
        return value & layout::lowBitMask(width);
    }

private:
    const std::uint64_t* current_;
    int shift_;
};

}  // namespace cbt::bits
