#ifndef WT_JPEG_ENCODE_H
#define WT_JPEG_ENCODE_H
#include <stddef.h>
#include "wt_message.h"

/// Chroma subsampling of the JPEG we write.
typedef enum {
    WT_JPEG_SUBSAMPLING_420 = 0,
    WT_JPEG_SUBSAMPLING_444 = 1
} wt_jpeg_subsampling;

/// Entropy coding order: baseline (one scan) or progressive (several; always optimised tables).
typedef enum {
    WT_JPEG_SCAN_BASELINE = 0,
    WT_JPEG_SCAN_PROGRESSIVE = 1
} wt_jpeg_scan;

/// Huffman tables of a baseline JPEG: the standard ones (one pass) or tables computed for
/// this image (a second pass over the coefficients, fewer bytes, same pixels).
typedef enum {
    WT_JPEG_HUFFMAN_STANDARD = 0,
    WT_JPEG_HUFFMAN_OPTIMIZED = 1
} wt_jpeg_huffman;

/// Compresses `width` x `height` RGBA8 pixels (no row padding; alpha ignored) with libjpeg,
/// Huffman-coded (never arithmetic: iOS and browsers must decode it). Returns WT_STATUS_OK (0)
/// and sets `*out`/`*out_size` (free with wt_jpeg_encode_free), or another wt_status
/// (wt_message.h; NO_MEMORY, TOO_LARGE dimensions, INVALID_ARGUMENT) with the library's message
/// in `message`. An `int`, so the shims' encoders share one Swift calling convention
/// (ShimEncodeCall).
int wt_jpeg_encode_rgba(const unsigned char *rgba, int width, int height, int quality,
                        wt_jpeg_subsampling subsampling, wt_jpeg_scan scan, wt_jpeg_huffman huffman,
                        unsigned char **out, size_t *out_size, wt_message *message);

/// Frees a buffer returned by wt_jpeg_encode_rgba.
void wt_jpeg_encode_free(unsigned char *buffer);

#endif
