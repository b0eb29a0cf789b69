#ifndef WT_MEASURE_H
#define WT_MEASURE_H
#include <stddef.h>
#include <stdint.h>

/// AVX2 kernels for the two measures taken of every thumbnail (ChromaDetail for JPEG's chroma
/// subsampling, RenderAppearance's luma), chosen at run time when ResamplingKernel.fastest is
/// AVX2 (CResample checks the CPU). Each does exactly what a stretch of its Swift loop does, in
/// exact integers, so the counts are the same bytes for bytes; the Swift loops are the portable
/// kernels and take whatever these leave (a row's last blocks, a group with alpha).

/// For `blocks` 2x2 blocks (a multiple of 4) whose top pixels start at `top` and bottom pixels
/// at `bottom` (straight RGBA8, alpha ignored): with Cb = 128 B - 43 R - 85 G and Cr = 128 R -
/// 107 G - 21 B per pixel, a block's measure is 4 sum(Cb^2 + Cr^2) - sum(Cb)^2 - sum(Cr)^2 over
/// its 4 pixels. Adds to *changing the blocks whose measure is over `change`, and to *edges those
/// over `edge`.
void wt_measure_chroma_blocks_avx2(const uint8_t *top, const uint8_t *bottom, size_t blocks,
                                   int64_t change, int64_t edge, intptr_t *changing, intptr_t *edges);

/// Of `count` straight RGBA8 pixels, takes whole groups of 8 while every pixel of the group is
/// opaque (alpha 255): adds each pixel's luma x 10,000 (2126 R + 7152 G + 722 B) to *luma_sum
/// and 1 to steps[luma / 2500]. Returns how many pixels it took: a multiple of 8, stopping
/// before the first group with a pixel under 255 or when fewer than 8 are left.
size_t wt_measure_opaque_luma_avx2(const uint8_t *pixels, size_t count, intptr_t *steps, intptr_t *luma_sum);

#endif
