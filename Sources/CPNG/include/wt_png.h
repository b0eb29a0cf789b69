#ifndef WT_PNG_H
#define WT_PNG_H
#include <stddef.h>
#include <stdint.h>
#include "wt_message.h"

/// PNG decoding over libpng 1.6's full (png_struct) API. Every setjmp/longjmp stays in wt_png.c:
/// each entry function sets its own jump target, returns a wt_status (wt_message.h) and writes
/// libpng's message into the caller's wt_message. WT_STATUS_CORRUPT: not a valid PNG, damaged
/// beyond decoding, or (strict) any libpng warning; WT_STATUS_TOO_LARGE: over a limit
/// (dimensions, pixels, a metadata chunk); WT_STATUS_INVALID_ARGUMENT: bad arguments, reading
/// past the last row, a failed reader; WT_STATUS_NO_MEMORY: an allocation failed (the message
/// says "out of memory"); WT_STATUS_IO: reading the file failed (a file source). Output rows
/// are always RGBA8, width * 4 bytes, top to bottom.

typedef struct wt_png_limits {
    /// Widest or tallest accepted image (libpng user limits). Clamped to 1 ... 2^31-1.
    uint32_t max_dimension;
    /// Most pixels (width * height), checked in 64 bits after png_read_info.
    uint64_t max_pixels;
    /// Largest non-image chunk libpng may allocate, decompressed (png_set_chunk_malloc_max).
    uint64_t max_metadata_bytes;
    /// 0: lenient (libpng's benign errors are warnings). 1: strict (any warning refuses).
    int strict;
} wt_png_limits;

/// What png_read_info learned. The pointers belong to the reader and live until it is destroyed.
typedef struct wt_png_info {
    uint32_t width;
    uint32_t height;
    /// PNG_COLOR_TYPE_*: 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA.
    int color_type;
    /// Bits per sample as stored: 1, 2, 4, 8 or 16.
    int bit_depth;
    /// 1 for Adam7.
    int interlaced;
    /// 1 when a tRNS chunk gives transparency.
    int has_trns;
    /// The decompressed iCCP profile (NULL when absent or over max_metadata_bytes).
    const uint8_t *icc;
    size_t icc_length;
    /// The first eXIf chunk before the image data, pointing into `data` or, for a file, a copy
    /// the reader owns (NULL when absent, over max_metadata_bytes or with a bad CRC). Read by
    /// the shim's chunk walk, not libpng.
    const uint8_t *exif;
    size_t exif_length;
} wt_png_info;

typedef struct wt_png_reader wt_png_reader;

/// libpng's run-time version (10639 for 1.6.39).
uint32_t wt_png_library_version(void);

/// libpng's run-time version as text ("1.6.39").
const char *wt_png_version_text(void);

/// Checks the signature and walks the chunk list without libpng: refuses a non-image chunk whose
/// declared length runs past the end of `data` (libpng would allocate that length first).
wt_status wt_png_check_structure(const uint8_t *data, size_t size, wt_message *message);

/// Reads up to the first image data, applies the limits and sets the RGBA8 transforms.
/// `data` must stay valid and unchanged until `wt_png_reader_destroy`. On success `*out` is a
/// reader; on failure it is NULL and `message` says why.
wt_status wt_png_reader_open(const uint8_t *data, size_t size, const wt_png_limits *limits,
                             wt_png_reader **out, wt_png_info *info, wt_message *message);

/// Like wt_png_reader_open, reading the PNG from the open file `fd`, which holds `size` bytes
/// (as fstat said) and must stay open until `wt_png_reader_destroy`. The file is read with
/// pread at the reader's own offsets (the descriptor's offset is neither used nor moved): the
/// chunk walk reads chunk headers only (and the eXIf chunk), then libpng reads the file in
/// order through a 64 KiB buffer, so memory does not grow with the file. A file that shrinks
/// while it is read reads as truncated; a read error is WT_STATUS_IO.
wt_status wt_png_reader_open_file(int fd, uint64_t size, const wt_png_limits *limits,
                                  wt_png_reader **out, wt_png_info *info, wt_message *message);

/// Writes the next `count` rows (each width * 4 bytes, packed) into `rows`. Non-interlaced
/// images are read row by row (libpng holds one row). Adam7 images need the whole image: the
/// first call decodes all passes into a buffer the reader owns (or straight into `rows` when it
/// asks for every row at once) and later calls copy from it. After the last row the reader
/// reads the rest of the file (png_read_end).
wt_status wt_png_reader_read_rows(wt_png_reader *reader, uint8_t *rows, uint32_t count, wt_message *message);

/// The first libpng warning seen so far (lenient mode); empty when none. Owned by the reader.
const wt_message *wt_png_reader_warning(const wt_png_reader *reader);

/// The most bytes libpng (and zlib through it) had allocated at once for this reader so far.
/// libpng's allocations are capped at 32 MiB + 4 x max_metadata_bytes; the Adam7 image buffer
/// is the shim's own and not counted.
uint64_t wt_png_reader_peak_allocated(const wt_png_reader *reader);

void wt_png_reader_destroy(wt_png_reader *reader);

#endif
