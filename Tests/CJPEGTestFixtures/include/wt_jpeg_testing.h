#ifndef WT_JPEG_TESTING_H
#define WT_JPEG_TESTING_H
#include <stddef.h>
#include <stdint.h>
#include "wt_message.h"

/// TEST FIXTURES ONLY: makes small JPEGs in-process so the decoder tests need no outside
/// tools. The library never calls these; the real encoder lives elsewhere.

typedef enum {
    WT_JPEG_TESTING_RGBA = 0,  ///< 4 bytes per pixel, alpha ignored
    WT_JPEG_TESTING_GRAY = 1,  ///< 1 byte per pixel
    WT_JPEG_TESTING_CMYK = 2,  ///< 4 bytes per pixel, Adobe-inverted (255 = no ink); written as YCCK
} wt_jpeg_testing_input;

typedef enum {
    WT_JPEG_TESTING_444 = 0,
    WT_JPEG_TESTING_422 = 1,
    WT_JPEG_TESTING_420 = 2,
    WT_JPEG_TESTING_GRAYSCALE = 3,
} wt_jpeg_testing_subsampling;

/// Compresses with tjCompress2; `progressive` != 0 re-codes the result losslessly with
/// tjTransform(TJXOPT_PROGRESSIVE). On success returns 0 and a buffer to release with
/// wt_jpeg_testing_free; on failure -1 and a message.
int wt_jpeg_testing_compress(const uint8_t *pixels, int width, int height, wt_jpeg_testing_input input,
                             wt_jpeg_testing_subsampling subsampling, int quality, int progressive,
                             uint8_t **jpeg, size_t *jpeg_size, wt_message *message);

void wt_jpeg_testing_free(uint8_t *jpeg);

/// The whole-image TurboJPEG decode (tjDecompress2, TJFLAG_LIMITSCANS, accurate IDCT) the
/// library used before its scanline reader: the reference the reader's pixels are compared
/// with. `rgba` holds width * height * 4 bytes, the size TJSCALED gives for one of the scaling
/// factors; `strict` adds TJFLAG_STOPONWARNING. Returns 0, or -1 with a message (a warning
/// with a whole image, lenient, returns 0).
int wt_jpeg_testing_decode(const uint8_t *jpeg, size_t size, int width, int height, int strict,
                           uint8_t *rgba, wt_message *message);

#endif
