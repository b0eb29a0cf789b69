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
/// anything else is WT_STATUS_UNSUPPORTED, damaged data WT_STATUS_CORRUPT.
wt_status wt_hevc_decode(const uint8_t *config, size_t config_size, const uint8_t *data, size_t data_size,
                         int32_t skip_loop_filters, wt_hevc_picture **picture, wt_message *message);
void wt_hevc_picture_free(wt_hevc_picture *picture);

/// libde265's version as it reports it at run time ("1.0.11").
const char *wt_de265_version_text(void);

/// The luma size of the decoded picture.
int32_t wt_hevc_picture_width(const wt_hevc_picture *picture);
int32_t wt_hevc_picture_height(const wt_hevc_picture *picture);

/// The colour description in the picture's VUI (ITU-T H.273 code points): its matrix
/// coefficients and full-range flag, as libde265 reports them, its defaults (2, "unspecified",
/// and limited range) when the stream has none. libheif converts with these when the file
/// has no nclx colr box.
void wt_hevc_picture_colour(const wt_hevc_picture *picture, int32_t *matrix, int32_t *full_range);

/// How Y'CbCr becomes R'G'B': the luma weights of red and blue (ITU-T H.273's Kr and Kb) and
/// whether samples use the full 0-255 range (else 16-235 luma, 16-240 chroma).
typedef struct wt_hevc_matrix {
    float kr, kb;
    int32_t full_range;
} wt_hevc_matrix;

/// Converts `count` pixels from (`x`, `y`) of the picture to opaque RGBA8 at `rgba`, chroma
/// taken from the nearest 4:2:0 sample as libheif does, with the fastest kernel this CPU runs.
/// Returns 0, or -1 outside the picture.
int wt_hevc_picture_copy_rgba(const wt_hevc_picture *picture, int32_t x, int32_t y, int32_t count,
                              wt_hevc_matrix matrix, uint8_t *rgba);

/// The code that converts rows: AVX2 (16 pixels at a time) gives the portable code's bytes.
typedef enum wt_hevc_kernel {
    WT_HEVC_KERNEL_PORTABLE = 0,
    WT_HEVC_KERNEL_AVX2 = 1,
} wt_hevc_kernel;

/// 1 when this CPU runs WT_HEVC_KERNEL_AVX2.
int32_t wt_hevc_has_avx2(void);

/// Converts pixels `x` to `x + count` of one 4:2:0 row to opaque RGBA8: `luma` is the row,
/// `cb` and `cr` its chroma rows (sample `x / 2` for pixel `x`). The row conversion behind
/// wt_hevc_picture_copy_rgba, with the kernel chosen by the caller (tests compare them).
void wt_hevc_convert_row(const uint8_t *luma, const uint8_t *cb, const uint8_t *cr, int32_t x, int32_t count,
                         wt_hevc_matrix matrix, wt_hevc_kernel kernel, uint8_t *rgba);

#endif
