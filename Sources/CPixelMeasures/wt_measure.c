// AVX2 kernels for ChromaDetail and RenderAppearance (see wt_measure.h). Only these functions are
// compiled for AVX2; callers check the CPU first.
#include "wt_measure.h"

#if defined(__x86_64__)
#include <immintrin.h>

/// Red, green and blue of 8 RGBA8 pixels, a 32-bit lane each (little-endian: red is the low byte).
__attribute__((target("avx2")))
static inline void channels(__m256i pixels, __m256i *red, __m256i *green, __m256i *blue) {
    const __m256i byte = _mm256_set1_epi32(0xFF);
    *red = _mm256_and_si256(pixels, byte);
    *green = _mm256_and_si256(_mm256_srli_epi32(pixels, 8), byte);
    *blue = _mm256_and_si256(_mm256_srli_epi32(pixels, 16), byte);
}

/// The sum of the four 64-bit lanes.
__attribute__((target("avx2")))
static inline int64_t lane_sum(__m256i lanes) {
    __m128i pair = _mm_add_epi64(_mm256_castsi256_si128(lanes), _mm256_extracti128_si256(lanes, 1));
    return _mm_cvtsi128_si64(pair) + _mm_extract_epi64(pair, 1);
}

__attribute__((target("avx2")))
void wt_measure_chroma_blocks_avx2(const uint8_t *top, const uint8_t *bottom, size_t blocks,
                                   int64_t change, int64_t edge, intptr_t *changing, intptr_t *edges) {
    const __m256i low_half = _mm256_set1_epi64x(0xFFFFFFFF);
    const __m256i change_limit = _mm256_set1_epi64x(change), edge_limit = _mm256_set1_epi64x(edge);
    __m256i changing_lanes = _mm256_setzero_si256(), edge_lanes = _mm256_setzero_si256();
    // Four blocks a step: 8 pixels of each row, a pixel per 32-bit lane, so lanes 2k and 2k+1
    // hold block k's columns.
    for (size_t block = 0; block + 4 <= blocks; block += 4) {
        __m256i cb[2], cr[2];
        const uint8_t *rows[2] = {top + 8 * block, bottom + 8 * block};
        for (int row = 0; row < 2; row++) {
            __m256i red, green, blue;
            channels(_mm256_loadu_si256((const __m256i *)rows[row]), &red, &green, &blue);
            cb[row] = _mm256_sub_epi32(_mm256_slli_epi32(blue, 7),
                                       _mm256_add_epi32(_mm256_mullo_epi32(red, _mm256_set1_epi32(43)),
                                                        _mm256_mullo_epi32(green, _mm256_set1_epi32(85))));
            cr[row] = _mm256_sub_epi32(_mm256_slli_epi32(red, 7),
                                       _mm256_add_epi32(_mm256_mullo_epi32(green, _mm256_set1_epi32(107)),
                                                        _mm256_mullo_epi32(blue, _mm256_set1_epi32(21))));
        }
        // A column's four squares: each under 2^30 (|Cb|, |Cr| <= 128 x 255), so their sum fits
        // 32 unsigned bits; a block's two columns are summed in 64 bits.
        __m256i squares = _mm256_add_epi32(
            _mm256_add_epi32(_mm256_mullo_epi32(cb[0], cb[0]), _mm256_mullo_epi32(cb[1], cb[1])),
            _mm256_add_epi32(_mm256_mullo_epi32(cr[0], cr[0]), _mm256_mullo_epi32(cr[1], cr[1])));
        __m256i block_squares = _mm256_add_epi64(_mm256_and_si256(squares, low_half), _mm256_srli_epi64(squares, 32));
        // A block's sums, in both lanes of its pair; the even lane's square, in 64 bits.
        __m256i cb_column = _mm256_add_epi32(cb[0], cb[1]), cr_column = _mm256_add_epi32(cr[0], cr[1]);
        __m256i cb_sum = _mm256_add_epi32(cb_column, _mm256_shuffle_epi32(cb_column, _MM_SHUFFLE(2, 3, 0, 1)));
        __m256i cr_sum = _mm256_add_epi32(cr_column, _mm256_shuffle_epi32(cr_column, _MM_SHUFFLE(2, 3, 0, 1)));
        __m256i sums_squared = _mm256_add_epi64(_mm256_mul_epi32(cb_sum, cb_sum), _mm256_mul_epi32(cr_sum, cr_sum));
        __m256i measure = _mm256_sub_epi64(_mm256_slli_epi64(block_squares, 2), sums_squared);
        // A true comparison is -1: subtracting it counts.
        changing_lanes = _mm256_sub_epi64(changing_lanes, _mm256_cmpgt_epi64(measure, change_limit));
        edge_lanes = _mm256_sub_epi64(edge_lanes, _mm256_cmpgt_epi64(measure, edge_limit));
    }
    *changing += (intptr_t)lane_sum(changing_lanes);
    *edges += (intptr_t)lane_sum(edge_lanes);
}

__attribute__((target("avx2")))
size_t wt_measure_opaque_luma_avx2(const uint8_t *pixels, size_t count, intptr_t *steps, intptr_t *luma_sum) {
    const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
    const __m256 step_inverse = _mm256_set1_ps(1.0f / 2500.0f);
    const __m256i step = _mm256_set1_epi32(2500), last_remainder = _mm256_set1_epi32(2499);
    __m256i luma_lanes = _mm256_setzero_si256();
    size_t taken = 0;
    for (; taken + 8 <= count; taken += 8) {
        __m256i group = _mm256_loadu_si256((const __m256i *)(pixels + 4 * taken));
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(group, opaque), opaque)) != -1) break;
        __m256i red, green, blue;
        channels(group, &red, &green, &blue);
        __m256i luma = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(red, _mm256_set1_epi32(2126)),
                                                         _mm256_mullo_epi32(green, _mm256_set1_epi32(7152))),
                                        _mm256_mullo_epi32(blue, _mm256_set1_epi32(722)));
        // luma / 2500 in floats (luma < 2^22 is exact; the quotient is off by at most one), then
        // put right by the remainder: exactly the integer division by construction. (The float
        // quotient alone is already right for all 16.7M colours: MeasureKernelTests checks every
        // one, with the correction in place.)
        __m256i quotient = _mm256_cvttps_epi32(_mm256_mul_ps(_mm256_cvtepi32_ps(luma), step_inverse));
        __m256i remainder = _mm256_sub_epi32(luma, _mm256_mullo_epi32(quotient, step));
        quotient = _mm256_sub_epi32(quotient, _mm256_cmpgt_epi32(remainder, last_remainder));
        quotient = _mm256_add_epi32(quotient, _mm256_cmpgt_epi32(_mm256_setzero_si256(), remainder));
        int32_t index[8];
        _mm256_storeu_si256((__m256i *)index, quotient);
        for (int lane = 0; lane < 8; lane++) steps[index[lane]] += 1;
        // Each lane's sum in 64 bits: 8 lumas of up to 2,550,000 a step would pass 2^31 soon.
        luma_lanes = _mm256_add_epi64(luma_lanes, _mm256_add_epi64(_mm256_cvtepu32_epi64(_mm256_castsi256_si128(luma)),
                                                                   _mm256_cvtepu32_epi64(_mm256_extracti128_si256(luma, 1))));
    }
    *luma_sum += (intptr_t)lane_sum(luma_lanes);
    return taken;
}

#else
// Not x86-64: MeasureKernel takes the Swift loops (ResamplingKernel finds no AVX2), so these
// are never called. Not built in CI (its machines are x86-64).
void wt_measure_chroma_blocks_avx2(const uint8_t *top, const uint8_t *bottom, size_t blocks,
                                   int64_t change, int64_t edge, intptr_t *changing, intptr_t *edges) {
    __builtin_trap();
}
size_t wt_measure_opaque_luma_avx2(const uint8_t *pixels, size_t count, intptr_t *steps, intptr_t *luma_sum) {
    __builtin_trap();
}
#endif
