// SWAR counting for the sum reduction's first dispatch (both variants:
// cbt/SumReductionBitfield.comp and cbt/SumReductionBitfieldSerial.comp).
// The GLSL mirror, on 32-bit words, of sumBitfieldWord / packLanes in
// src/cbt/SumReduction.cpp (which count 64-bit words).
//
// Level D-j holds one field of j+1 bits per 2^j bitfield bits, so 32 bitfield
// bits give 32 / 2^j fields of level D-j: a chunk of (32 >> j) (j + 1) bits,
// 32, 24, 16, 10 and 6 bits for j = 1 .. 5. The chunks of consecutive words
// follow each other in the level's segment, lowest field first.
#ifndef CBT_SUM_REDUCTION_COUNTING_GLSL
#define CBT_SUM_REDUCTION_COUNTING_GLSL

// Lanes of 2L bits each hold two L-bit lanes whose values fit F = L - shift
// bits; returns them packed as one 2F-bit value per 2L-bit lane (the low
// lane's F bits, then the high lane's).
uint sumReduction_MergeLanes(uint lanes, uint lowFieldMask, uint highFieldMask, uint shift)
{
    return (lanes & lowFieldMask) | ((lanes >> shift) & highFieldMask);
}

// The fields of levels D-1 .. D-5 over 32 bitfield bits, packed: level D-j
// has 32 / 2^j fields of j+1 bits.
struct sumReduction_BitfieldCounts {
    uint level1;  // 16 fields of 2 bits (32 bits)
    uint level2;  // 8 fields of 3 bits (24 bits)
    uint level3;  // 4 fields of 4 bits (16 bits)
    uint level4;  // 2 fields of 5 bits (10 bits)
    uint level5;  // 1 field of 6 bits: the word's bit count
};

sumReduction_BitfieldCounts sumReduction_CountBitfieldWord(uint word)
{
    // Counts in lanes of 2, 4, 8 and 16 bits (each lane holds its count, <= its width).
    uint pairs = word - ((word >> 1u) & 0x55555555u);
    uint quads = (pairs & 0x33333333u) + ((pairs >> 2u) & 0x33333333u);
    uint octets = (quads + (quads >> 4u)) & 0x0F0F0F0Fu;
    uint sixteens = (octets + (octets >> 8u)) & 0x001F001Fu;
    // Lanes of 4 bits holding <= 4 (3 bits): merge into 6, 12, 24 bits.
    uint level2 = sumReduction_MergeLanes(quads, 0x07070707u, 0x38383838u, 1u);
    level2 = sumReduction_MergeLanes(level2, 0x003F003Fu, 0x0FC00FC0u, 2u);
    level2 = sumReduction_MergeLanes(level2, 0x00000FFFu, 0x00FFF000u, 4u);
    // Lanes of 8 bits holding <= 8 (4 bits): 8, 16 bits.
    uint level3 = sumReduction_MergeLanes(octets, 0x000F000Fu, 0x00F000F0u, 4u);
    level3 = sumReduction_MergeLanes(level3, 0x000000FFu, 0x0000FF00u, 8u);
    // Lanes of 16 bits holding <= 16 (5 bits): 10 bits.
    uint level4 = sumReduction_MergeLanes(sixteens, 0x0000001Fu, 0x000003E0u, 11u);
    uint level5 = (sixteens & 0xFFFFu) + (sixteens >> 16u);
    return sumReduction_BitfieldCounts(pairs, level2, level3, level4, level5);
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

#endif  // CBT_SUM_REDUCTION_COUNTING_GLSL
