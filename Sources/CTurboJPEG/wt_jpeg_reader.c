// Row-by-row JPEG decoding over libjpeg's scanline API (see wt_jpeg_reader.h). libjpeg reports
// errors by calling error_exit, which must not return: ours longjmps to the jump target the
// current entry function set, so no longjmp ever crosses a Swift frame.
#include "wt_jpeg_reader.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

/// libjpeg asks for input a buffer at a time; a file is read in pieces this large.
#define WT_JPEG_READ_BUFFER (64u << 10)
/// TurboJPEG's TJFLAG_LIMITSCANS: a progressive file may spend a scan on a handful of
/// coefficients, and each scan costs a pass over the whole coefficient buffer.
#define WT_JPEG_MAX_SCANS 500

/// A source manager reading the file with pread (the reader's own offsets).
typedef struct {
    struct jpeg_source_mgr pub;
    int fd;
    uint64_t size;
    /// The file offset of the next read.
    uint64_t offset;
    JOCTET *buffer;
} file_source;

struct wt_jpeg_reader {
    /// First, so libjpeg's `j_common_ptr` is also the reader.
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr error_manager;
    struct jpeg_progress_mgr progress;
    file_source file;
    jmp_buf jump;
    int strict;
    /// An error happened (or strict mode refused a warning): libjpeg's state is undefined.
    int failed;
    int started;
    int finished;
    wt_jpeg_output output;
    /// The status the next longjmp reports; WT_STATUS_CORRUPT unless set just before raising.
    wt_status pending_status;
    /// 1 when that status is a warning strict mode refused (its own words, not the stage's).
    int refused_warning;
    /// libjpeg formats into these (JMSG_LENGTH_MAX bytes, well within a wt_message).
    wt_message error;
    wt_message warning;
};

// MARK: - libjpeg callbacks

static void on_error_exit(j_common_ptr cinfo) {
    struct wt_jpeg_reader *reader = (struct wt_jpeg_reader *)cinfo;
    if (!wt_message_is_set(&reader->error)) (*cinfo->err->format_message)(cinfo, reader->error.text);
    longjmp(reader->jump, 1);
}

/// Warnings (msg_level -1) are kept, never printed; strict mode refuses the first at once.
/// Trace messages (msg_level >= 0) are dropped.
static void on_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) return;
    struct wt_jpeg_reader *reader = (struct wt_jpeg_reader *)cinfo;
    cinfo->err->num_warnings++;
    if (!wt_message_is_set(&reader->warning)) (*cinfo->err->format_message)(cinfo, reader->warning.text);
    if (reader->strict) {
        reader->error = reader->warning;
        reader->pending_status = WT_STATUS_CORRUPT;
        reader->refused_warning = 1;
        longjmp(reader->jump, 1);
    }
}

static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void on_progress(j_common_ptr cinfo) {
    struct wt_jpeg_reader *reader = (struct wt_jpeg_reader *)cinfo;
    if (reader->cinfo.input_scan_number > WT_JPEG_MAX_SCANS) {
        wt_message_set(&reader->error, "Progressive JPEG image has more than %d scans", WT_JPEG_MAX_SCANS);
        reader->pending_status = WT_STATUS_TOO_LARGE;
        longjmp(reader->jump, 1);
    }
}

/// Raises the I/O failure already in `reader->error` from inside a source callback (libjpeg's
/// state is dropped after it).
static void raise_io(struct wt_jpeg_reader *reader) {
    reader->pending_status = WT_STATUS_IO;
    longjmp(reader->jump, 1);
}

// MARK: - file source

static void file_init_source(j_decompress_ptr cinfo) { (void)cinfo; }

static const JOCTET fake_eoi[2] = { 0xFF, JPEG_EOI };

static boolean file_fill_input_buffer(j_decompress_ptr cinfo) {
    struct wt_jpeg_reader *reader = (struct wt_jpeg_reader *)cinfo;
    file_source *source = &reader->file;
    if (source->offset >= source->size) {
        // The data ends early: what libjpeg's own sources do, a warning and an end-of-image marker.
        WARNMS(cinfo, JWRN_JPEG_EOF);
        source->pub.next_input_byte = fake_eoi;
        source->pub.bytes_in_buffer = 2;
        return TRUE;
    }
    uint64_t remaining = source->size - source->offset;
    size_t wanted = remaining < WT_JPEG_READ_BUFFER ? (size_t)remaining : WT_JPEG_READ_BUFFER;
    size_t filled = 0;
    while (filled < wanted) {
        ssize_t got = pread(source->fd, source->buffer + filled, wanted - filled, (off_t)(source->offset + filled));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            wt_message_set(&reader->error, "read failed: %s", strerror(errno));
            raise_io(reader);
        }
        if (got == 0) {
            wt_message_set(&reader->error, "the file shrank while it was read: %llu of the %llu bytes it had when opened",
                           (unsigned long long)(source->offset + filled), (unsigned long long)source->size);
            raise_io(reader);
        }
        filled += (size_t)got;
    }
    source->offset += filled;
    source->pub.next_input_byte = source->buffer;
    source->pub.bytes_in_buffer = filled;
    return TRUE;
}

/// Skips without reading what lies past the buffer (a large APPn segment costs no I/O).
static void file_skip_input_data(j_decompress_ptr cinfo, long count) {
    struct wt_jpeg_reader *reader = (struct wt_jpeg_reader *)cinfo;
    file_source *source = &reader->file;
    if (count <= 0) return;
    if ((size_t)count <= source->pub.bytes_in_buffer) {
        source->pub.next_input_byte += count;
        source->pub.bytes_in_buffer -= (size_t)count;
        return;
    }
    uint64_t beyond = (uint64_t)count - source->pub.bytes_in_buffer;
    source->pub.bytes_in_buffer = 0;
    source->offset = beyond < source->size - source->offset ? source->offset + beyond : source->size;
}

static void file_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

// MARK: - entry points

static wt_jpeg_colorspace colorspace_of(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_RGB: return WT_JPEG_COLORSPACE_RGB;
    case JCS_YCbCr: return WT_JPEG_COLORSPACE_YCBCR;
    case JCS_GRAYSCALE: return WT_JPEG_COLORSPACE_GRAY;
    case JCS_CMYK: return WT_JPEG_COLORSPACE_CMYK;
    case JCS_YCCK: return WT_JPEG_COLORSPACE_YCCK;
    default: return WT_JPEG_COLORSPACE_UNKNOWN;
    }
}

// Where a plain libjpeg error happened, the first words of its message.
#define HEADER_STAGE "unreadable JPEG header"
#define IMAGE_STAGE "libjpeg could not decode it"

/// Copies the reader's error out, worded for its status (an I/O failure speaks for itself; a
/// libjpeg error follows `stage`), and marks the reader dead.
static wt_status fail(struct wt_jpeg_reader *reader, const char *stage, wt_message *message) {
    reader->failed = 1;
    const char *text = wt_message_is_set(&reader->error) ? reader->error.text : "libjpeg failed";
    if (reader->pending_status == WT_STATUS_IO) {
        wt_message_set(message, "%s", text);
    } else if (reader->pending_status == WT_STATUS_TOO_LARGE) {
        wt_message_set(message, "progressive JPEG over the scan limit: %s", text);
    } else {
        wt_message_set(message, "%s: %s", reader->refused_warning ? "damaged JPEG data (strict mode)" : stage, text);
    }
    return reader->pending_status;
}

static wt_status open_reader(const uint8_t *data, size_t size, int fd, uint64_t file_size, int flags,
                                  wt_jpeg_reader **out, wt_jpeg_reader_info *info, wt_message *message) {
    wt_message_clear(message);
    if (out == NULL || info == NULL) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, HEADER_STAGE ": wt_jpeg_reader_open: no place for the reader");
    }
    *out = NULL;
    memset(info, 0, sizeof *info);
    if ((fd < 0 && (data == NULL || size == 0)) || (fd >= 0 && file_size == 0)) {
        return WT_FAIL(WT_STATUS_CORRUPT, message, HEADER_STAGE ": empty input");
    }
    struct wt_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) {
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, HEADER_STAGE ": out of memory");
    }
    reader->strict = (flags & WT_JPEG_READER_STRICT) != 0;
    reader->pending_status = WT_STATUS_CORRUPT;
    reader->cinfo.err = jpeg_std_error(&reader->error_manager);
    reader->error_manager.error_exit = on_error_exit;
    reader->error_manager.emit_message = on_emit_message;
    reader->error_manager.output_message = on_output_message;
    if (setjmp(reader->jump)) {
        wt_status status = fail(reader, HEADER_STAGE, message);
        wt_jpeg_reader_destroy(reader);
        return status;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->progress.progress_monitor = on_progress;
    reader->cinfo.progress = &reader->progress;
    if (fd >= 0) {
        reader->file.buffer = malloc(WT_JPEG_READ_BUFFER);
        if (reader->file.buffer == NULL) ERREXIT(&reader->cinfo, JERR_OUT_OF_MEMORY);
        reader->file.fd = fd;
        reader->file.size = file_size;
        reader->file.pub.init_source = file_init_source;
        reader->file.pub.fill_input_buffer = file_fill_input_buffer;
        reader->file.pub.skip_input_data = file_skip_input_data;
        reader->file.pub.resync_to_restart = jpeg_resync_to_restart;
        reader->file.pub.term_source = file_term_source;
        reader->cinfo.src = &reader->file.pub;
    } else {
        jpeg_mem_src(&reader->cinfo, data, (unsigned long)size);
    }
    jpeg_read_header(&reader->cinfo, TRUE);
    info->width = (int)reader->cinfo.image_width;
    info->height = (int)reader->cinfo.image_height;
    info->colorspace = colorspace_of(reader->cinfo.jpeg_color_space);
    info->components = reader->cinfo.num_components;
    info->progressive = reader->cinfo.progressive_mode ? 1 : 0;
    *out = reader;
    return WT_STATUS_OK;
}

wt_status wt_jpeg_reader_open(const uint8_t *data, size_t size, int flags, wt_jpeg_reader **out,
                              wt_jpeg_reader_info *info, wt_message *message) {
    return open_reader(data, size, -1, 0, flags, out, info, message);
}

wt_status wt_jpeg_reader_open_file(int fd, uint64_t size, int flags, wt_jpeg_reader **out,
                                   wt_jpeg_reader_info *info, wt_message *message) {
    if (fd < 0) {
        if (out != NULL) *out = NULL;
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, HEADER_STAGE ": wt_jpeg_reader_open_file: bad file descriptor");
    }
    return open_reader(NULL, 0, fd, size, flags, out, info, message);
}

wt_status wt_jpeg_reader_start(wt_jpeg_reader *reader, int scale_num, int scale_denom, wt_jpeg_output output,
                               int *output_width, int *output_height, wt_message *message) {
    wt_message_clear(message);
    if (reader == NULL || reader->failed || reader->started || scale_num < 1 || scale_denom < 1 ||
        scale_num > scale_denom || output_width == NULL || output_height == NULL) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message,
                       IMAGE_STAGE ": wt_jpeg_reader_start: the reader cannot start (bad arguments or state)");
    }
    if (setjmp(reader->jump)) return fail(reader, IMAGE_STAGE, message);
    reader->started = 1;
    reader->output = output;
    reader->cinfo.scale_num = (unsigned int)scale_num;
    reader->cinfo.scale_denom = (unsigned int)scale_denom;
    reader->cinfo.dct_method = JDCT_ISLOW;
    reader->cinfo.out_color_space = output == WT_JPEG_OUTPUT_RGBA ? JCS_EXT_RGBA : JCS_CMYK;
    jpeg_start_decompress(&reader->cinfo);
    if (reader->cinfo.output_components != 4) {
        wt_message_set(&reader->error, "libjpeg gave %d components, not 4", reader->cinfo.output_components);
        longjmp(reader->jump, 1);
    }
    *output_width = (int)reader->cinfo.output_width;
    *output_height = (int)reader->cinfo.output_height;
    return WT_STATUS_OK;
}

/// In place, 4 bytes per pixel: CMYK samples become RGBA. Rounded integer arithmetic.
static void cmyk_to_rgba(uint8_t *pixels, size_t count, int inverted) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        // Here 255 means "no ink": the channel keeps c/255 of the light k/255 lets through.
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

wt_status wt_jpeg_reader_read_rows(wt_jpeg_reader *reader, uint8_t *rows, int count, wt_message *message) {
    wt_message_clear(message);
    if (reader == NULL || reader->failed || !reader->started || rows == NULL || count < 0 ||
        (JDIMENSION)count > reader->cinfo.output_height - reader->cinfo.output_scanline) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message,
                       IMAGE_STAGE ": wt_jpeg_reader_read_rows: more rows than are left, or a reader not started");
    }
    if (setjmp(reader->jump)) return fail(reader, IMAGE_STAGE, message);
    size_t row_bytes = (size_t)reader->cinfo.output_width * 4;
    for (int done = 0; done < count;) {
        JSAMPROW row = rows + (size_t)done * row_bytes;
        JDIMENSION got = jpeg_read_scanlines(&reader->cinfo, &row, 1);
        if (got == 0) {
            wt_message_set(&reader->error, "libjpeg returned no row at row %u", reader->cinfo.output_scanline);
            longjmp(reader->jump, 1);
        }
        if (reader->output != WT_JPEG_OUTPUT_RGBA) {
            cmyk_to_rgba(row, reader->cinfo.output_width, reader->output == WT_JPEG_OUTPUT_CMYK_INVERTED);
        }
        done += (int)got;
    }
    if (reader->cinfo.output_scanline == reader->cinfo.output_height && !reader->finished) {
        reader->finished = 1;
        jpeg_finish_decompress(&reader->cinfo);
    }
    return WT_STATUS_OK;
}

const wt_message *wt_jpeg_reader_warning(const wt_jpeg_reader *reader) {
    static const wt_message none;
    return reader != NULL ? &reader->warning : &none;
}

void wt_jpeg_reader_destroy(wt_jpeg_reader *reader) {
    if (reader == NULL) return;
    // Safe after a longjmp out of any libjpeg call: it frees every pool libjpeg allocated.
    jpeg_destroy_decompress(&reader->cinfo);
    free(reader->file.buffer);
    free(reader);
}
