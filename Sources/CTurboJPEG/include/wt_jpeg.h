#ifndef WT_JPEG_H
#define WT_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// JPEG decoding over TurboJPEG 2.1 (tj* API, no tj3*). Every TurboJPEG status stays in here:
/// Swift sees a `wt_jpeg_status` and an error text copied into its own buffer.

typedef enum {
    WT_JPEG_OK = 0,
    /// libjpeg warned (truncated scan, corrupt data) but produced a whole image.
    WT_JPEG_WARNING = 1,
    /// Fatal: no usable image.
    WT_JPEG_ERROR = 2,
    /// Fatal: a progressive file with more scans than TJFLAG_LIMITSCANS allows (500).
    WT_JPEG_TOO_MANY_SCANS = 3,
} wt_jpeg_status;

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
    int width;
    int height;
    wt_jpeg_colorspace colorspace;
} wt_jpeg_header;

typedef struct {
    int num;
    int denom;
} wt_jpeg_scale;

/// How the decoded samples become RGBA8.
typedef enum {
    /// YCbCr, RGB or gray: TurboJPEG writes RGBA (gray as R=G=B, A=255).
    WT_JPEG_OUTPUT_RGBA = 0,
    /// CMYK or YCCK with an Adobe APP14 marker: samples are stored inverted (255 = no ink),
    /// so R = C*K/255 (likewise G from M, B from Y).
    WT_JPEG_OUTPUT_CMYK_INVERTED = 1,
    /// CMYK without an Adobe marker: plain ink amounts, R = (255-C)(255-K)/255.
    WT_JPEG_OUTPUT_CMYK_PLAIN = 2,
} wt_jpeg_output;

/// Decode flags (bitwise OR).
enum {
    /// Refuse on the first libjpeg warning (TJFLAG_STOPONWARNING).
    WT_JPEG_DECODE_STRICT = 1,
    /// Fast integer IDCT (TJFLAG_FASTDCT) instead of TurboJPEG's accurate default.
    WT_JPEG_DECODE_FAST_DCT = 2,
};

/// Reads the frame header (tjDecompressHeader3). No pixel memory is allocated.
/// A warning with a usable header returns WT_JPEG_WARNING and fills `header`.
wt_jpeg_status wt_jpeg_read_header(const uint8_t *data, size_t size, wt_jpeg_header *header,
                                   char *message, size_t message_capacity);

/// Copies TurboJPEG's scaling factors that do not enlarge (num <= denom), largest first,
/// into `factors`; returns how many were written.
int wt_jpeg_scaling_factors(wt_jpeg_scale *factors, int capacity);

/// Decodes `data` into `rgba`, which holds exactly `width * height * 4` bytes, where width
/// and height are TJSCALED(stored size, f) for one of the scaling factors: TurboJPEG then
/// decodes with f (or a larger factor of the same size) and fills the buffer exactly; it never
/// writes outside width x height. TJFLAG_LIMITSCANS is always on. On WT_JPEG_WARNING the
/// image is complete (missing data is grey).
wt_jpeg_status wt_jpeg_decode(const uint8_t *data, size_t size, int width, int height,
                              wt_jpeg_output output, int flags, uint8_t *rgba, char *message, size_t message_capacity);

#endif
