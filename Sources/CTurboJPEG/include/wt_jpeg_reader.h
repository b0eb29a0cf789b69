#ifndef WT_JPEG_READER_H
#define WT_JPEG_READER_H
#include <stddef.h>
#include <stdint.h>
#include "wt_jpeg.h"
#include "wt_message.h"

/// JPEG decoding row by row over libjpeg's scanline API (libjpeg-turbo's libjpeg.so.62), so a
/// resampler can consume the rows as they come: memory grows with the width, not the area
/// (a progressive file still needs libjpeg's whole-image coefficient buffer). Every setjmp and
/// longjmp stays in wt_jpeg_reader.c: each entry function sets its own jump target and returns
/// a wt_status, with the reason in the caller's wt_message: libjpeg's message after the stage
/// ("unreadable JPEG header: ...", "libjpeg could not decode it: ..."), or what else went wrong
/// ("damaged JPEG data (strict mode): ...", "progressive JPEG over the scan limit: ...").
///
/// Life of a reader: open (reads the headers up to the first scan), start (chooses the DCT scale
/// and the output, allocates libjpeg's buffers), read_rows until every row is out (the last call
/// also reads the rest of the file to its end), destroy. After any error status the reader
/// refuses every further call except destroy.

typedef struct wt_jpeg_reader wt_jpeg_reader;

/// What jpeg_read_header learned.
typedef struct {
    int width;
    int height;
    wt_jpeg_colorspace colorspace;
    int components;
    /// 1 for a progressive (multi-scan) file.
    int progressive;
} wt_jpeg_reader_info;

/// Reader flags (bitwise OR).
enum {
    /// Refuse on the first libjpeg warning (a damaged or truncated scan): the call returns
    /// WT_STATUS_CORRUPT and the reader is dead. Without it warnings are kept (the first one's
    /// text is in wt_jpeg_reader_warning) and missing data decodes as grey.
    WT_JPEG_READER_STRICT = 1,
};

/// Opens a reader over `data`, which must stay valid and unchanged until destroy, and reads
/// the headers. On success `*out` is a reader; on failure NULL and `message` says why. Data
/// that ends early reads as if an end-of-image marker followed (a libjpeg warning).
wt_status wt_jpeg_reader_open(const uint8_t *data, size_t size, int flags, wt_jpeg_reader **out,
                              wt_jpeg_reader_info *info, wt_message *message);

/// Like wt_jpeg_reader_open, reading from the open file `fd`, which held `size` bytes when
/// fstat was asked and must stay open until destroy. The file is read with pread through a
/// 64 KiB buffer at the reader's own offsets (the descriptor's offset is neither used nor
/// moved); nothing past `size` is read. A file that ends before `size` (it shrank while being
/// read) or a failed read is WT_STATUS_IO; a file whose data ends early reads as truncated data.
wt_status wt_jpeg_reader_open_file(int fd, uint64_t size, int flags, wt_jpeg_reader **out,
                                   wt_jpeg_reader_info *info, wt_message *message);

/// Starts decompression at the DCT scale num/denom (libjpeg picks the smallest M/8 >= it) with
/// `output` deciding how samples become RGBA8, and reports the output size (each side rounded
/// up, as libjpeg and TJSCALED do). A progressive file is read whole here, into libjpeg's
/// coefficient buffer; more than 500 scans is WT_STATUS_TOO_LARGE (TurboJPEG's limit).
wt_status wt_jpeg_reader_start(wt_jpeg_reader *reader, int scale_num, int scale_denom, wt_jpeg_output output,
                               int *output_width, int *output_height, wt_message *message);

/// Writes the next `count` rows, RGBA8 (output_width * 4 bytes each, packed), into `rows`.
/// Asking for more rows than are left is WT_STATUS_INVALID_ARGUMENT. After the last row the rest of the file
/// is read to its end-of-image marker (jpeg_finish_decompress), so strict mode sees every warning.
wt_status wt_jpeg_reader_read_rows(wt_jpeg_reader *reader, uint8_t *rows, int count, wt_message *message);

/// The first libjpeg warning so far; empty when none. Owned by the reader.
const wt_message *wt_jpeg_reader_warning(const wt_jpeg_reader *reader);

/// Frees the reader and everything libjpeg allocated for it (NULL is fine).
void wt_jpeg_reader_destroy(wt_jpeg_reader *reader);

#endif
