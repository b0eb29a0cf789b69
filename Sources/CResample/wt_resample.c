// Run-time dispatched AVX2/FMA resampling kernels (see wt_resample.h). Only these functions
// are compiled for AVX2; callers check wt_resample_has_avx2_fma() first.
#include "wt_resample.h"
#include <immintrin.h>
#include <stddef.h>

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
