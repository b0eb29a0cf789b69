#ifndef WT_HEVC_H
#define WT_HEVC_H
// HEVC tiles decoded straight through libde265, for HEIC thumbnails: no libheif grid canvas,
// colour conversion or full-size rotation (together as much work as libde265's own). Swift
// finds the tiles in the file; this decodes one and converts its rows to RGBA.
#include <stddef.h>
#include <stdint.h>
#include "wt_heif.h"

typedef struct wt_hevc_picture wt_hevc_picture;

/// Decodes one HEVC image item: `config` is its hvcC property's payload (the parameter sets),
/// `data` its coded bytes (NAL units behind hvcC's length fields). `skip_loop_filters` turns
/// off deblocking and SAO (see wt_heif_loop_filters). Only 8-bit 4:2:0 pictures are returned;
/// anything else is WT_HEIF_UNSUPPORTED, damaged data WT_HEIF_CORRUPT.
wt_heif_status wt_hevc_decode(const uint8_t *config, size_t config_size, const uint8_t *data, size_t data_size,
                              int32_t skip_loop_filters, wt_hevc_picture **picture, wt_message *message);
void wt_hevc_picture_free(wt_hevc_picture *picture);

/// The luma size of the decoded picture.
int32_t wt_hevc_picture_width(const wt_hevc_picture *picture);
int32_t wt_hevc_picture_height(const wt_hevc_picture *picture);

/// How Y'CbCr becomes R'G'B': the luma weights of red and blue (ITU-T H.273's Kr and Kb) and
/// whether samples use the full 0-255 range (else 16-235 luma, 16-240 chroma).
typedef struct wt_hevc_matrix {
    float kr, kb;
    int32_t full_range;
} wt_hevc_matrix;

/// Converts `count` pixels from (`x`, `y`) of the picture to opaque RGBA8 at `rgba`, chroma
/// taken from the nearest 4:2:0 sample as libheif does. Returns 0, or -1 outside the picture.
int wt_hevc_picture_copy_rgba(const wt_hevc_picture *picture, int32_t x, int32_t y, int32_t count,
                              wt_hevc_matrix matrix, uint8_t *rgba);

#endif
