#ifndef WT_HEIF_ENCODE_H
#define WT_HEIF_ENCODE_H
// Encoding shim over libheif 1.15's encoders (AV1 through libaom, HEVC through x265): one
// still image, RGB or RGBA, to an AVIF or HEIC file in memory. Every libheif error stays in
// here: Swift sees a wt_status and the reason in a wt_message, the convention of the other
// encoder shims (wt_jpeg_encode.h, wt_webp_encode.h, wt_png.h).
#include <stddef.h>
#include <stdint.h>
#include "wt_message.h"

/// Which libheif encoder writes the file.
typedef enum wt_heif_codec {
    /// AV1 in a HEIF container: an .avif file (major brand "avif").
    WT_HEIF_CODEC_AV1 = 1,
    /// HEVC in a HEIF container: a .heic file (major brand "heic").
    WT_HEIF_CODEC_HEVC = 2,
} wt_heif_codec;

/// Settings for one encode.
typedef struct {
    wt_heif_codec codec;
    /// 0-100: libheif's lossy quality (mapped by each encoder to its quantiser).
    int quality;
    /// 0 (fastest) to 6 (smallest): aom's speed 9..4 (10 - effort, at most 9) or x265's
    /// preset ultrafast, superfast, veryfast, faster, medium, slow, slower.
    int effort;
} wt_heif_encode_settings;

/// Encodes `width` x `height` RGBA8 pixels (no row padding, straight alpha) as AVIF or HEIC,
/// 8-bit 4:2:0, with an alpha plane only when `has_alpha` is 1. The colour description is an
/// nclx box saying sRGB (BT.709 primaries, sRGB transfer, BT.601 matrix, full range), plus a
/// prof box with `icc` when it is non-NULL. No Exif, no XMP. Each encoder runs on one thread
/// (a batch already runs one image per core). Returns WT_STATUS_OK (0, as an int) and sets
/// `*out`/`*out_size` (free with wt_heif_encode_free), or another wt_status (wt_message.h;
/// NO_MEMORY, UNSUPPORTED without the encoder, INVALID_ARGUMENT) with the reason in `message`.
int wt_heif_encode_rgba(const unsigned char *rgba, int width, int height, int has_alpha,
                        const wt_heif_encode_settings *settings,
                        const unsigned char *icc, size_t icc_size,
                        unsigned char **out, size_t *out_size, wt_message *message);

/// Frees a buffer returned by wt_heif_encode_rgba.
void wt_heif_encode_free(unsigned char *buffer);

#endif
