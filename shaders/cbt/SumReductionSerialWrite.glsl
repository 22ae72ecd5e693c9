// Helpers of cbt/SumReductionBitfieldSerial.comp (design notes at the top of
// that file): writers that stream an invocation's fields into a segment of a
// level. The SWAR counting that produces the fields is in
// cbt/SumReductionCounting.glsl (included here).
//
// The including shader enables GL_EXT_shader_explicit_arithmetic_types_int64,
// includes cbt/ConcurrentBinaryTree.glsl and declares the heap seen as
// 256-bit quads (`u64vec4 sumReduction_heapQuads[]`).
#ifndef CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL
#define CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL

#include "cbt/SumReductionCounting.glsl"

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

#endif  // CBT_SUM_REDUCTION_SERIAL_WRITE_GLSL
