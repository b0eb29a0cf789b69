#ifndef WT_JPEG_ENCODE_H
#define WT_JPEG_ENCODE_H
#include <stddef.h>

/// Chroma subsampling of the JPEG we write.
typedef enum {
    WT_JPEG_SUBSAMPLING_420 = 0,
    WT_JPEG_SUBSAMPLING_444 = 1
} wt_jpeg_subsampling;

/// Entropy coding order: baseline (standard Huffman tables) or progressive (optimised tables).
typedef enum {
    WT_JPEG_SCAN_BASELINE = 0,
    WT_JPEG_SCAN_PROGRESSIVE = 1
} wt_jpeg_scan;

/// Compresses `width` x `height` RGBA8 pixels (no row padding; alpha ignored) with TurboJPEG's
/// tjCompress2. Returns 0 and sets `*out`/`*out_size` (free with wt_jpeg_encode_free), or -1
/// with the library's message copied into `error` (at most `error_capacity` bytes, NUL-terminated).
int wt_jpeg_encode_rgba(const unsigned char *rgba, int width, int height, int quality,
                        wt_jpeg_subsampling subsampling, wt_jpeg_scan scan,
                        unsigned char **out, size_t *out_size,
                        char *error, size_t error_capacity);

/// Frees a buffer returned by wt_jpeg_encode_rgba.
void wt_jpeg_encode_free(unsigned char *buffer);

#endif
