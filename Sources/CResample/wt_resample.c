// Run-time dispatched AVX2/FMA resampling kernels (see wt_resample.h). Only these functions
// are compiled for AVX2; callers check wt_resample_has_avx2_fma() first.
#include "wt_resample.h"
#include <stddef.h>

#if defined(__x86_64__)
#include <immintrin.h>

int wt_resample_has_avx2_fma(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

__attribute__((target("avx2,fma")))
void wt_resample_horizontal_avx2(const float *source, const intptr_t *starts, const float *weights,
                                 int tap_count, int target_length, float *target) {
    if (tap_count == 1) {
        for (int x = 0; x < target_length; x++) {
            __m128 pixel = _mm_loadu_ps(source + 4 * starts[x]);
            _mm_storeu_ps(target + 4 * x, _mm_mul_ps(pixel, _mm_loadu_ps(weights + 4 * x)));
        }
        return;
    }
    // Two taps per 8-float register: a pixel pair times its two broadcast weights, which lie
    // side by side already. Four taps per step, in two independent accumulators.
    for (int x = 0; x < target_length; x++) {
        const float *p = source + 4 * starts[x];
        const float *w = weights + (size_t)4 * (size_t)tap_count * (size_t)x;
        __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
        for (int k = 0; k < tap_count; k += 4) {
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 4 * k), _mm256_loadu_ps(w + 4 * k), a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 4 * k + 8), _mm256_loadu_ps(w + 4 * k + 8), a1);
        }
        __m256 sum = _mm256_add_ps(a0, a1);
        _mm_storeu_ps(target + 4 * x, _mm_add_ps(_mm256_castps256_ps128(sum), _mm256_extractf128_ps(sum, 1)));
    }
}

__attribute__((target("avx2,fma")))
void wt_resample_horizontal_opaque_avx2(const uint8_t *source, const intptr_t *starts, const int16_t *weights,
                                        int tap_count, int target_length, float *target) {
    // Four taps a step: the four pixels' bytes regrouped so each channel's pair sits side by
    // side (R0 R1 G0 G1 B0 B1 A0 A1 | R2 R3 ...), widened to 16 bits, and one multiply-add
    // of pairs against (w0 w1 | w2 w3) makes 16 products: twice the float kernel's 8.
    const __m128i pairs = _mm_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    const __m128 unit = _mm_set1_ps(1.0f / (float)WT_RESAMPLE_WEIGHT_ONE);
    for (int x = 0; x < target_length; x++) {
        const uint8_t *p = source + 4 * starts[x];
        const int16_t *w = weights + (size_t)4 * (size_t)tap_count * (size_t)x;
        __m256i sum = _mm256_setzero_si256();
        for (int k = 0; k < tap_count; k += 4) {
            __m128i bytes = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 4 * k)), pairs);
            __m256i products = _mm256_madd_epi16(_mm256_cvtepu8_epi16(bytes),
                                                 _mm256_loadu_si256((const __m256i *)(w + 4 * k)));
            sum = _mm256_add_epi32(sum, products);
        }
        __m128i total = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
        _mm_storeu_ps(target + 4 * x, _mm_mul_ps(_mm_cvtepi32_ps(total), unit));
    }
}

__attribute__((target("avx2,fma")))
void wt_resample_vertical_avx2(const float *const *rows, const float *weights, int tap_count, int length,
                               float *target) {
    size_t floats = (size_t)length * 4;
    size_t i = 0;
    // 8 pixels a step in four independent accumulators, the taps inside.
    for (; i + 32 <= floats; i += 32) {
        __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps(), a2 = _mm256_setzero_ps(), a3 = _mm256_setzero_ps();
        for (int t = 0; t < tap_count; t++) {
            const float *row = rows[t] + i;
            __m256 w = _mm256_broadcast_ss(weights + t);
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(row), w, a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(row + 8), w, a1);
            a2 = _mm256_fmadd_ps(_mm256_loadu_ps(row + 16), w, a2);
            a3 = _mm256_fmadd_ps(_mm256_loadu_ps(row + 24), w, a3);
        }
        _mm256_storeu_ps(target + i, a0);
        _mm256_storeu_ps(target + i + 8, a1);
        _mm256_storeu_ps(target + i + 16, a2);
        _mm256_storeu_ps(target + i + 24, a3);
    }
    for (; i + 4 <= floats; i += 4) {
        __m128 a = _mm_setzero_ps();
        for (int t = 0; t < tap_count; t++) {
            a = _mm_fmadd_ps(_mm_loadu_ps(rows[t] + i), _mm_set1_ps(weights[t]), a);
        }
        _mm_storeu_ps(target + i, a);
    }
}

__attribute__((target("avx2,fma")))
void wt_resample_load_avx2(const uint8_t *source, int count, float *target) {
    const __m256 to_unit = _mm256_set1_ps(1.0f / 255.0f);
    int i = 0;
    for (; i + 2 <= count; i += 2) {
        __m128i bytes = _mm_loadl_epi64((const __m128i *)(source + 4 * i));
        __m256 pixels = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(bytes));
        // Each pixel times alpha/255 (alpha first times 1/255, as the Swift code rounds), alpha kept.
        __m256 alpha = _mm256_permute_ps(pixels, _MM_SHUFFLE(3, 3, 3, 3));
        __m256 premultiplied = _mm256_mul_ps(pixels, _mm256_mul_ps(alpha, to_unit));
        _mm256_storeu_ps(target + 4 * i, _mm256_blend_ps(premultiplied, pixels, 0x88));
    }
    for (; i < count; i++) {
        const uint8_t *p = source + 4 * i;
        float alpha = (float)p[3], scale = alpha * (1.0f / 255.0f);
        for (int c = 0; c < 3; c++) target[4 * i + c] = (float)p[c] * scale;
        target[4 * i + 3] = alpha;
    }
}

__attribute__((target("avx2,fma")))
void wt_resample_store_avx2(float *source, int count, uint8_t *target) {
    const __m256 zero = _mm256_setzero_ps(), top = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
    const __m256 one = _mm256_set1_ps(1.0f);
    int i = 0;
    for (; i + 2 <= count; i += 2) {
        __m256 pixels = _mm256_loadu_ps(source + 4 * i);
        // max(x, 0) returns 0 for a NaN x (the second operand), as the Swift clamp does.
        __m256 alpha = _mm256_min_ps(_mm256_max_ps(_mm256_permute_ps(pixels, _MM_SHUFFLE(3, 3, 3, 3)), zero), top);
        __m256 unscale = _mm256_and_ps(_mm256_cmp_ps(alpha, zero, _CMP_GT_OQ), _mm256_div_ps(top, alpha));
        __m256 straight = _mm256_mul_ps(pixels, _mm256_blend_ps(unscale, one, 0x88));
        __m256 clamped = _mm256_min_ps(_mm256_max_ps(straight, zero), top);
        __m256i levels = _mm256_cvttps_epi32(_mm256_add_ps(clamped, half));
        __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(levels), _mm256_extracti128_si256(levels, 1));
        _mm_storel_epi64((__m128i *)(target + 4 * i), _mm_packus_epi16(words, words));
    }
    for (; i < count; i++) {
        float *p = source + 4 * i;
        float alpha = p[3] > 0 ? (p[3] < 255 ? p[3] : 255) : 0;
        float unscale = alpha > 0 ? 255.0f / alpha : 0;
        for (int c = 0; c < 4; c++) {
            float value = c < 3 ? p[c] * unscale : p[c];
            value = value > 0 ? (value < 255 ? value : 255) : 0;
            target[4 * i + c] = (uint8_t)(value + 0.5f);
        }
    }
}

#else
// Not x86-64 (arm64 Linux, say): no AVX2, so wt_resample_has_avx2_fma() says so, the Swift
// SIMD4 passes run and these are never called. Not built in CI (its machines are x86-64).
int wt_resample_has_avx2_fma(void) { return 0; }
void wt_resample_horizontal_avx2(const float *source, const intptr_t *starts, const float *weights,
                                 int tap_count, int target_length, float *target) { __builtin_trap(); }
void wt_resample_horizontal_opaque_avx2(const uint8_t *source, const intptr_t *starts, const int16_t *weights,
                                        int tap_count, int target_length, float *target) { __builtin_trap(); }
void wt_resample_vertical_avx2(const float *const *rows, const float *weights, int tap_count, int length,
                               float *target) { __builtin_trap(); }
void wt_resample_load_avx2(const uint8_t *source, int count, float *target) { __builtin_trap(); }
void wt_resample_store_avx2(float *source, int count, uint8_t *target) { __builtin_trap(); }
#endif
