#ifndef WT_RESAMPLE_H
#define WT_RESAMPLE_H
#include <stdint.h>

/// AVX2 + FMA kernels for the two passes of the resampler, chosen at run time: the library is
/// built for baseline x86-64 (SSE2), where the Swift SIMD4 passes are the portable kernels.
/// Pixels are premultiplied RGBA as 4 floats. The float functions do exactly what their Swift
/// counterparts (HorizontalPass, VerticalPass) do; fused multiply-adds round once instead of
/// twice, so results may differ in the last bits, never by a whole level after rounding to bytes
/// in any case the tests could find. The integer kernel for opaque rows has no Swift twin: its
/// weights are rounded to 1/16384 (OpaqueRowWeights bounds what that can move).

/// 1 when the CPU has AVX2 and FMA (so the functions below may be called), else 0.
int wt_resample_has_avx2_fma(void);

/// One row: target[x] = sum over k < tap_count of source[starts[x] + k] * weights[x * tap_count + k],
/// where `weights` holds each tap's weight broadcast to 4 floats. `tap_count` is a multiple of
/// 4, or 1; `source` holds at least starts[target_length - 1] + tap_count pixels.
void wt_resample_horizontal_avx2(const float *source, const intptr_t *starts, const float *weights,
                                 int tap_count, int target_length, float *target);

/// What a weight of 1.0 is in the integer kernel's 14-bit fixed point: the largest power of two
/// whose weights (at most 1 for a reduction) still fit an int16 with their sign.
#define WT_RESAMPLE_WEIGHT_ONE 16384

/// The horizontal pass for an opaque row, straight from its bytes (an opaque pixel is its own
/// premultiplied value): target[x] = sum over k < tap_count of source[starts[x] + k] * weight
/// / WT_RESAMPLE_WEIGHT_ONE, as 4 floats a pixel on the 0...255 scale. `weights` holds, for each
/// output and each group of 4 taps, 16 int16: (w0 w1) four times, then (w2 w3) four times.
/// `tap_count` is a multiple of 4 and `source` holds at least starts[x] + tap_count pixels for
/// every x. Integer sums are exact, so the only error is the weights' rounding to 1/16384.
void wt_resample_horizontal_opaque_avx2(const uint8_t *source, const intptr_t *starts, const int16_t *weights,
                                        int tap_count, int target_length, float *target);

/// One output row: target[i] = sum over t < tap_count of rows[t][i] * weights[t], for the
/// `length` pixels of each row.
void wt_resample_vertical_avx2(const float *const *rows, const float *weights, int tap_count, int length,
                               float *target);

/// `count` straight-alpha RGBA8 pixels to premultiplied floats on the 0...255 scale:
/// (r*a/255, g*a/255, b*a/255, a), computed as Premultiplication.load does (the same bytes).
void wt_resample_load_avx2(const uint8_t *source, int count, float *target);

/// `count` premultiplied float pixels to straight-alpha RGBA8, as Premultiplication.store does
/// (the same bytes): alpha clamped to 0...255, colour times 255/alpha (0 without alpha), every
/// channel clamped and rounded half up; NaN becomes 0. `source` is scratch (left undefined).
void wt_resample_store_avx2(float *source, int count, uint8_t *target);

#endif
