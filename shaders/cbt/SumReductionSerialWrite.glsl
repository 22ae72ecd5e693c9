// Helpers of cbt/SumReductionBitfieldSerial.comp (design notes at the top of
// that file): SWAR counting of a 64-bit bitfield word and writers that stream
// an invocation's fields into a word-aligned segment of a level.
//
// The including shader enables GL_EXT_shader_explicit_arithmetic_types_int64,
// includes cbt/ConcurrentBinaryTree.glsl and declares
// `uint64_t sumReduction_heapPairs[]`, the heap seen as 64-bit words.
#ifndef CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL
#define CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL

// ---------------------------------------------------------------------------
// Segment writers. A segment starts on a word boundary and only this
// invocation writes it during the dispatch: every word is composed in a
// register and stored once, whole, with a plain store. In code whose appends
// are unrolled from a word boundary, `usedBits` is a compile-time constant
// and the branches below fold away.

// A segment written in 64-bit words (sumReduction_heapPairs).
struct sumReduction_PairWriter {
    uint pair;         // index of the 64-bit word being composed
    uint64_t bits;     // its bits composed so far (zero above usedBits)
    uint usedBits;     // 0 .. 63
};

sumReduction_PairWriter sumReduction_BeginPairSegment(uint firstBit)
{
    return sumReduction_PairWriter(firstBit >> 6u, 0ul, 0u);
}

// Appends the `count` (1 .. 64) low bits of `value` (no bits above them).
void sumReduction_AppendToPairs(inout sumReduction_PairWriter writer, uint64_t value, uint count)
{
    writer.bits |= value << writer.usedBits;
    uint end = writer.usedBits + count;
    if (end >= 64u) {
        sumReduction_heapPairs[writer.pair] = writer.bits;
        writer.pair += 1u;
        // The bits of `value` that did not fit (none when usedBits was 0).
        writer.bits = writer.usedBits == 0u ? 0ul : value >> (64u - writer.usedBits);
        end -= 64u;
    }
    writer.usedBits = end;
}

// A segment written in 32-bit words (cbt_heap).
struct sumReduction_WordWriter {
    uint word;
    uint bits;
    uint usedBits;  // 0 .. 31
};

sumReduction_WordWriter sumReduction_BeginWordSegment(uint firstBit)
{
    return sumReduction_WordWriter(firstBit >> 5u, 0u, 0u);
}

// Appends the `count` (1 .. 32) low bits of `value` (no bits above them).
void sumReduction_AppendToWords(inout sumReduction_WordWriter writer, uint value, uint count)
{
    writer.bits |= value << writer.usedBits;
    uint end = writer.usedBits + count;
    if (end >= 32u) {
        cbt_heap[writer.word] = writer.bits;
        writer.word += 1u;
        writer.bits = writer.usedBits == 0u ? 0u : value >> (32u - writer.usedBits);
        end -= 32u;
    }
    writer.usedBits = end;
}

// ---------------------------------------------------------------------------
// SWAR counting of 64 bitfield bits

// Lanes of 2L bits each hold two L-bit lanes whose values fit F = L - shift
// bits; returns them packed as one 2F-bit value per 2L-bit lane (the low
// lane's F bits, then the high lane's).
uint64_t sumReduction_MergeLanes(uint64_t lanes, uint64_t lowFieldMask, uint64_t highFieldMask, uint shift)
{
    return (lanes & lowFieldMask) | ((lanes >> shift) & highFieldMask);
}

// The fields of levels D-1 .. D-6 over one 64-bit bitfield word, packed:
// level D-j has 64 / 2^j fields of j+1 bits.
struct sumReduction_PairCounts {
    uint64_t level1;  // 32 fields of 2 bits (64 bits)
    uint64_t level2;  // 16 fields of 3 bits (48 bits)
    uint64_t level3;  // 8 fields of 4 bits (32 bits)
    uint64_t level4;  // 4 fields of 5 bits (20 bits)
    uint64_t level5;  // 2 fields of 6 bits (12 bits)
    uint64_t total;   // 1 field of 7 bits: the word's bit count
};

sumReduction_PairCounts sumReduction_CountPair(uint64_t word)
{
    // Counts in lanes of 2, 4, .., 64 bits (each lane holds its count, <= its width).
    uint64_t pairs = word - ((word >> 1u) & 0x5555555555555555ul);
    uint64_t quads = (pairs & 0x3333333333333333ul) + ((pairs >> 2u) & 0x3333333333333333ul);
    uint64_t octets = (quads + (quads >> 4u)) & 0x0F0F0F0F0F0F0F0Ful;
    uint64_t sixteens = (octets + (octets >> 8u)) & 0x001F001F001F001Ful;
    uint64_t thirtyTwos = (sixteens + (sixteens >> 16u)) & 0x0000003F0000003Ful;
    uint64_t total = (thirtyTwos + (thirtyTwos >> 32u)) & 0x7Ful;

    // Lanes of 4 bits holding <= 4 (3 bits): merge into 6, 12, 24, 48 bits.
    uint64_t level2 = sumReduction_MergeLanes(quads, 0x0707070707070707ul, 0x3838383838383838ul, 1u);
    level2 = sumReduction_MergeLanes(level2, 0x003F003F003F003Ful, 0x0FC00FC00FC00FC0ul, 2u);
    level2 = sumReduction_MergeLanes(level2, 0x00000FFF00000FFFul, 0x00FFF00000FFF000ul, 4u);
    level2 = sumReduction_MergeLanes(level2, 0x0000000000FFFFFFul, 0x0000FFFFFF000000ul, 8u);
    // Lanes of 8 bits holding <= 8 (4 bits): 8, 16, 32 bits.
    uint64_t level3 = sumReduction_MergeLanes(octets, 0x000F000F000F000Ful, 0x00F000F000F000F0ul, 4u);
    level3 = sumReduction_MergeLanes(level3, 0x000000FF000000FFul, 0x0000FF000000FF00ul, 8u);
    level3 = sumReduction_MergeLanes(level3, 0x000000000000FFFFul, 0x00000000FFFF0000ul, 16u);
    // Lanes of 16 bits holding <= 16 (5 bits): 10, 20 bits.
    uint64_t level4 = sumReduction_MergeLanes(sixteens, 0x0000001F0000001Ful, 0x000003E0000003E0ul, 11u);
    level4 = sumReduction_MergeLanes(level4, 0x00000000000003FFul, 0x00000000000FFC00ul, 22u);
    // Lanes of 32 bits holding <= 32 (6 bits): 12 bits.
    uint64_t level5 = sumReduction_MergeLanes(thirtyTwos, 0x000000000000003Ful, 0x0000000000000FC0ul, 26u);
    return sumReduction_PairCounts(pairs, level2, level3, level4, level5, total);
}

#endif  // CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL
