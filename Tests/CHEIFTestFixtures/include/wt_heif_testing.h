#ifndef WT_HEIF_TESTING_H
#define WT_HEIF_TESTING_H
#include <stddef.h>
#include <stdint.h>
#include "wt_message.h"

/// TEST FIXTURES ONLY: small HEIC and AVIF files made in-process with libheif's own encoders
/// (x265, libaom), and libheif's own whole-image decode as the reference, so the HEIF tests need
/// no outside tools. The library never calls these.

typedef enum {
    WT_HEIF_TESTING_HEVC = 0,
    WT_HEIF_TESTING_AV1 = 1,
} wt_heif_testing_codec;

/// What goes into the file's colr box. `write_nclx` 0 writes none (libheif 1.15's default for
/// HEIC); 1 writes these ITU-T H.273 code points, which libheif also uses to convert the RGB
/// input to YCbCr. AVIF always gets a colr box (libheif writes one).
typedef struct wt_heif_testing_colour {
    int32_t write_nclx;
    int32_t primaries, transfer, matrix, full_range;
} wt_heif_testing_colour;

/// Encodes `image_count` copies of the RGB image (`width` x `height`, 3 bytes a pixel, rows
/// packed) into one file, the first the primary, at quality 90. `encoder_parameters` is a
/// NULL-terminated list of name, value pairs for the encoder ("x265:range", "limited": what
/// the HEVC stream's VUI says). On success returns 0 and a buffer to release with
/// wt_heif_testing_free; on failure -1 and a message.
int wt_heif_testing_encode(const uint8_t *rgb, int width, int height, wt_heif_testing_codec codec,
                           wt_heif_testing_colour colour, const char *const *encoder_parameters, int image_count,
                           uint8_t **file, size_t *file_size, wt_message *message);

void wt_heif_testing_free(uint8_t *file);

/// libheif's decode of the primary image to interleaved RGB8 (transforms applied): the
/// reference our own paths are compared with. `rgb` holds width * height * 3 bytes for the
/// size the file declares. Returns 0, or -1 with a message.
int wt_heif_testing_decode(const uint8_t *file, size_t size, int width, int height, uint8_t *rgb,
                           wt_message *message);

#endif
