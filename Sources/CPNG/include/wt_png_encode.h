#ifndef WT_PNG_ENCODE_H
#define WT_PNG_ENCODE_H
#include <stddef.h>
#include "wt_message.h"

/// Which PNG colour type to write from RGBA8 input.
typedef enum {
    /// Colour type 6, 4 bytes per pixel.
    WT_PNG_CHANNELS_RGBA = 0,
    /// Colour type 2: the alpha byte is dropped (for fully opaque images), 3 bytes per pixel.
    WT_PNG_CHANNELS_RGB = 1
} wt_png_channels;

/// Encodes `width` x `height` RGBA8 pixels (no row padding) as an 8-bit non-interlaced PNG with
/// zlib `compression_level` (0-9) and, when `icc` is non-NULL, an iCCP chunk. Returns
/// WT_STATUS_OK (0) and sets `*out`/`*out_size` (free with wt_png_encode_free), or another
/// wt_status (wt_message.h; NO_MEMORY, INVALID_ARGUMENT) with libpng's message in `message`.
/// libpng's longjmp never leaves this function.
int wt_png_encode_rgba(const unsigned char *rgba, int width, int height,
                       wt_png_channels channels, int compression_level,
                       const unsigned char *icc, size_t icc_size,
                       unsigned char **out, size_t *out_size, wt_message *message);

/// Frees a buffer returned by wt_png_encode_rgba.
void wt_png_encode_free(unsigned char *buffer);

#endif
