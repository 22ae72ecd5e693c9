// Helpers of cbt/SumReductionBitfieldSerial.comp (design notes at the top of
// that file): writers that stream an invocation's fields into a segment of a
// level, and the SWAR counting that produces the fields.
//
// The including shader enables GL_EXT_shader_explicit_arithmetic_types_int64,
// includes cbt/ConcurrentBinaryTree.glsl and declares the heap seen as 64-bit
// words (`uint64_t sumReduction_heapPairs[]`) and as 256-bit quads
// (`u64vec4 sumReduction_heapQuads[]`).
#ifndef CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL
#define CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL

// ---------------------------------------------------------------------------
// Segment writers. A segment starts on a boundary of the writer's store unit
// and only this invocation writes it during the dispatch: every unit is
// composed in registers and stored once, whole, with a plain store. In code
// whose appends are unrolled from a unit boundary, the writer's position
// (`usedBits`, `wordCount`) is a compile-time constant, the branches below
// fold away and the quad's components are indexed with constants.

// The 32-bit word a writer is composing.
struct sumReduction_WordComposer {
    uint bits;      // zero above usedBits
    uint usedBits;  // 0 .. 31
};

const sumReduction_WordComposer sumReduction_emptyWord = sumReduction_WordComposer(0u, 0u);

// Appends the `count` (1 .. 32) low bits of `value` (no bits above them).
// Returns whether that completes the word, then left in `completed`; the
// bits of `value` that did not fit start the next one.
bool sumReduction_ComposeWord(inout sumReduction_WordComposer composer, uint value, uint count, out uint completed)
{
    completed = composer.bits | (value << composer.usedBits);
    uint end = composer.usedBits + count;
    if (end < 32u) {
        composer = sumReduction_WordComposer(completed, end);
        return false;
    }
    // None of `value` is left over when usedBits was 0.
    composer = sumReduction_WordComposer(composer.usedBits == 0u ? 0u : value >> (32u - composer.usedBits), end - 32u);
    return true;
}

// A segment written in 256-bit quads (sumReduction_heapQuads), composed in
// 32-bit words: on a CPU driver with 256-bit SIMD, a 32-bit operation over 8
// invocations is one instruction and a 64-bit one two. And every non-uniform
// buffer access runs lane by lane there, so one quad store costs about what
// one word store does: the quads make for four to eight times fewer stores.
struct sumReduction_QuadWriter {
    uint quad;         // index of the quad being composed
    uint words[8];     // its completed 32-bit words (below wordCount)
    uint wordCount;    // 0 .. 7
    sumReduction_WordComposer next;
};

// `firstBit` is a multiple of 256.
sumReduction_QuadWriter sumReduction_BeginQuadSegment(uint firstBit)
{
    return sumReduction_QuadWriter(firstBit >> 8u, uint[8](0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u), 0u,
                                   sumReduction_emptyWord);
}

// Appends the `count` (1 .. 32) low bits of `value` (no bits above them).
void sumReduction_AppendToQuads(inout sumReduction_QuadWriter writer, uint value, uint count)
{
    uint word;
    if (!sumReduction_ComposeWord(writer.next, value, count, word)) {
        return;
    }
    writer.words[writer.wordCount] = word;
    writer.wordCount += 1u;
    if (writer.wordCount == 8u) {
        sumReduction_heapQuads[writer.quad] = u64vec4(
            packUint2x32(uvec2(writer.words[0], writer.words[1])), packUint2x32(uvec2(writer.words[2], writer.words[3])),
            packUint2x32(uvec2(writer.words[4], writer.words[5])), packUint2x32(uvec2(writer.words[6], writer.words[7])));
        writer.quad += 1u;
        writer.wordCount = 0u;
    }
}

// A segment written in 64-bit words (sumReduction_heapPairs), composed in
// 32-bit words.
struct sumReduction_PairWriter {
    uint pair;         // index of the 64-bit word being composed
    uint lowWord;      // its completed low half (when wordCount is 1)
    uint wordCount;    // 0 .. 1
    sumReduction_WordComposer next;
};

// `firstBit` is a multiple of 64.
sumReduction_PairWriter sumReduction_BeginPairSegment(uint firstBit)
{
    return sumReduction_PairWriter(firstBit >> 6u, 0u, 0u, sumReduction_emptyWord);
}

// Appends the `count` (1 .. 32) low bits of `value` (no bits above them).
void sumReduction_AppendToPairs(inout sumReduction_PairWriter writer, uint value, uint count)
{
    uint word;
    if (!sumReduction_ComposeWord(writer.next, value, count, word)) {
        return;
    }
    if (writer.wordCount == 0u) {
        writer.lowWord = word;
        writer.wordCount = 1u;
    } else {
        sumReduction_heapPairs[writer.pair] = packUint2x32(uvec2(writer.lowWord, word));
        writer.pair += 1u;
        writer.wordCount = 0u;
    }
}

// A segment written in 32-bit words (cbt_heap).
struct sumReduction_WordWriter {
    uint word;  // index of the word being composed
    sumReduction_WordComposer next;
};

// `firstBit` is a multiple of 32.
sumReduction_WordWriter sumReduction_BeginWordSegment(uint firstBit)
{
    return sumReduction_WordWriter(firstBit >> 5u, sumReduction_emptyWord);
}

// Appends the `count` (1 .. 32) low bits of `value` (no bits above them).
void sumReduction_AppendToWords(inout sumReduction_WordWriter writer, uint value, uint count)
{
    uint word;
    if (sumReduction_ComposeWord(writer.next, value, count, word)) {
        cbt_heap[writer.word] = word;
        writer.word += 1u;
    }
}

// A block's segment of a level that shares its first and last 32-bit words
// with the neighbouring blocks' segments: the `count` (1 .. 96) bits of
// `value` (low word first; no bits above count) are ORed in at `firstBit`.
// The words must be zero before the dispatch (the pass clears these levels)
// and written by nothing but this function during it: then an atomicOr on
// every word the segment touches is the whole write, with no branch on which
// words are shared (a CPU driver runs both sides of such a branch, each as a
// loop over the SIMD lanes).
void sumReduction_OrIntoClearedSegment(uint firstBit, uvec3 value, uint count)
{
    uint shift = firstBit & 31u;
    uint firstWord = firstBit >> 5u;
    uvec4 shiftedValue = uvec4(value, 0u);
    if (shift != 0u) {
        uint back = 32u - shift;
        shiftedValue = uvec4(value.x << shift, (value.y << shift) | (value.x >> back),
                             (value.z << shift) | (value.y >> back), value.z >> back);
    }
    // At most (count + 62) / 32 words; the last may lie past the segment.
    [[unroll]] for (uint word = 0u; word < (count + 62u) / 32u; ++word) {
        if (word * 32u < shift + count) {
            atomicOr(cbt_heap[firstWord + word], shiftedValue[word]);
        }
    }
}

// Fields of up to 96 bits in all, packed at positions known when unrolled.
struct sumReduction_FieldPack {
    uint64_t low;   // bits 0 .. 63
    uint64_t high;  // bits 64 .. 95
};

// Puts `value` (no bits above `width`, 1 .. 32) at bit `position`.
void sumReduction_PackField(inout sumReduction_FieldPack pack, uint position, uint value, uint width)
{
    if (position < 64u) {
        pack.low |= uint64_t(value) << position;
        if (position + width > 64u) {
            pack.high |= uint64_t(value) >> (64u - position);
        }
    } else {
        pack.high |= uint64_t(value) << (position - 64u);
    }
}

uvec3 sumReduction_PackWords(sumReduction_FieldPack pack)
{
    return uvec3(unpackUint2x32(pack.low), uint(pack.high));
}

// ---------------------------------------------------------------------------
// SWAR counting

// Lanes of 2L bits each hold two L-bit lanes whose values fit F = L - shift
// bits; returns them packed as one 2F-bit value per 2L-bit lane (the low
// lane's F bits, then the high lane's).
uint sumReduction_MergeLanes(uint lanes, uint lowFieldMask, uint highFieldMask, uint shift)
{
    return (lanes & lowFieldMask) | ((lanes >> shift) & highFieldMask);
}

// The fields of levels D-1 .. D-3 over 32 bitfield bits, packed: level D-j
// has 32 / 2^j fields of j+1 bits.
struct sumReduction_BitfieldCounts {
    uint level1;  // 16 fields of 2 bits (32 bits)
    uint level2;  // 8 fields of 3 bits (24 bits)
    uint level3;  // 4 fields of 4 bits (16 bits)
};

sumReduction_BitfieldCounts sumReduction_CountBitfieldWord(uint word)
{
    // Counts in lanes of 2, 4 and 8 bits (each lane holds its count, <= its width).
    uint pairs = word - ((word >> 1u) & 0x55555555u);
    uint quads = (pairs & 0x33333333u) + ((pairs >> 2u) & 0x33333333u);
    uint octets = (quads + (quads >> 4u)) & 0x0F0F0F0Fu;
    // Lanes of 4 bits holding <= 4 (3 bits): merge into 6, 12, 24 bits.
    uint level2 = sumReduction_MergeLanes(quads, 0x07070707u, 0x38383838u, 1u);
    level2 = sumReduction_MergeLanes(level2, 0x003F003Fu, 0x0FC00FC0u, 2u);
    level2 = sumReduction_MergeLanes(level2, 0x00000FFFu, 0x00FFF000u, 4u);
    // Lanes of 8 bits holding <= 8 (4 bits): 8, 16 bits.
    uint level3 = sumReduction_MergeLanes(octets, 0x000F000Fu, 0x00F000F0u, 4u);
    level3 = sumReduction_MergeLanes(level3, 0x000000FFu, 0x0000FF00u, 8u);
    return sumReduction_BitfieldCounts(pairs, level2, level3);
}

// The fields of levels D-4 .. D-6 over 32 bits of level D-3 (8 fields of 4
// bits, each <= 8), packed: 4 fields of 5 bits, 2 of 6 and 1 of 7.
struct sumReduction_Level3Counts {
    uint level4;  // 20 bits
    uint level5;  // 12 bits
    uint level6;  // 7 bits: the sum of the 8 fields
};

sumReduction_Level3Counts sumReduction_CountLevel3Word(uint word)
{
    // Sums in lanes of 8, 16 and 32 bits.
    uint eights = (word & 0x0F0F0F0Fu) + ((word >> 4u) & 0x0F0F0F0Fu);           // <= 16
    uint sixteens = (eights & 0x00FF00FFu) + ((eights >> 8u) & 0x00FF00FFu);    // <= 32
    uint total = (sixteens & 0xFFFFu) + (sixteens >> 16u);                      // <= 64
    // Lanes of 8 bits holding 5-bit values: 10, 20 bits.
    uint level4 = sumReduction_MergeLanes(eights, 0x001F001Fu, 0x03E003E0u, 3u);
    level4 = sumReduction_MergeLanes(level4, 0x000003FFu, 0x000FFC00u, 6u);
    // Lanes of 16 bits holding 6-bit values: 12 bits.
    uint level5 = sumReduction_MergeLanes(sixteens, 0x0000003Fu, 0x00000FC0u, 10u);
    return sumReduction_Level3Counts(level4, level5, total);
}

#endif  // CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL
