#ifndef WT_JPEG_H
#define WT_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// What the JPEG decoding shims share: colour spaces, how samples become RGBA8, and
/// TurboJPEG's DCT scaling factors. The decoder itself is wt_jpeg_reader.h (libjpeg's scanline
/// API); Swift sees a `wt_status` (wt_message.h) and the reason in its `wt_message`.

/// The stored colour space, as libjpeg decides it (JFIF, Adobe APP14 transform, components).
typedef enum {
    WT_JPEG_COLORSPACE_RGB = 0,
    WT_JPEG_COLORSPACE_YCBCR = 1,
    WT_JPEG_COLORSPACE_GRAY = 2,
    WT_JPEG_COLORSPACE_CMYK = 3,
    WT_JPEG_COLORSPACE_YCCK = 4,
    WT_JPEG_COLORSPACE_UNKNOWN = -1,
} wt_jpeg_colorspace;

typedef struct {
    int num;
    int denom;
} wt_jpeg_scale;

/// How the decoded samples become RGBA8.
typedef enum {
    /// YCbCr, RGB or gray: libjpeg writes RGBA (gray as R=G=B, A=255).
    WT_JPEG_OUTPUT_RGBA = 0,
    /// CMYK or YCCK with an Adobe APP14 marker: samples are stored inverted (255 = no ink),
    /// so R = C*K/255 (likewise G from M, B from Y).
    WT_JPEG_OUTPUT_CMYK_INVERTED = 1,
    /// CMYK without an Adobe marker: plain ink amounts, R = (255-C)(255-K)/255.
    WT_JPEG_OUTPUT_CMYK_PLAIN = 2,
} wt_jpeg_output;

/// Copies TurboJPEG's scaling factors that do not enlarge (num <= denom), largest first,
/// into `factors`; returns how many were written. libjpeg's scanline API decodes at the same
/// factors (M/8).
int wt_jpeg_scaling_factors(wt_jpeg_scale *factors, int capacity);

/// The libjpeg-turbo version built against (2001005 for 2.1.5): the library has no call that
/// reports its run-time version, and its ABI (libjpeg.so.62, libturbojpeg.so.0) is stable.
uint32_t wt_jpeg_library_version(void);

#endif
