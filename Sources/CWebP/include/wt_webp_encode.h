#ifndef WT_WEBP_ENCODE_H
#define WT_WEBP_ENCODE_H
#include <stddef.h>
#include "wt_message.h"

/// Settings for a lossy WebP encode; wt_webp_encode_defaults fills in ours.
typedef struct {
    /// 0-100, libwebp's `quality`.
    float quality;
    /// 0 (fastest) to 6 (smallest), libwebp's `method`.
    int method;
    /// 0-100; alpha is compressed losslessly at 100.
    int alpha_quality;
    /// 1 for the slower, sharper RGB to YUV conversion.
    int use_sharp_yuv;
} wt_webp_encode_settings;

/// Our defaults: quality 75, method 4, alpha_quality 100, use_sharp_yuv 0.
wt_webp_encode_settings wt_webp_encode_defaults(void);

/// Encodes `width` x `height` RGBA8 pixels (no row padding, straight alpha) as lossy WebP
/// (with an ALPH chunk only when some pixel is not opaque). When `icc` is non-NULL, the result
/// is an extended (VP8X) file with an ICCP chunk. Returns WT_STATUS_OK (0) and sets
/// `*out`/`*out_size` (free with wt_webp_encode_free), or another wt_status (wt_message.h;
/// NO_MEMORY, TOO_LARGE dimensions or partitions, INVALID_ARGUMENT) with the reason in `message`.
int wt_webp_encode_rgba(const unsigned char *rgba, int width, int height,
                        const wt_webp_encode_settings *settings,
                        const unsigned char *icc, size_t icc_size,
                        unsigned char **out, size_t *out_size, wt_message *message);

/// Frees a buffer returned by wt_webp_encode_rgba.
void wt_webp_encode_free(unsigned char *buffer);

#endif
