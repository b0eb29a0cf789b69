// PNG decoding shim over libpng 1.6's full API. Swift cannot call setjmp and a longjmp across
// Swift frames is undefined, so every function here that calls png_* sets its own jump target
// first and turns libpng's errors into a status plus a message in the caller's wt_message.
#include "wt_png.h"
#include "wt_png_chunks.h"
#include <png.h>
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct wt_png_reader {
    png_structp png;
    png_infop info;
    wt_png_source source;
    /// The file offset libpng reads next.
    uint64_t offset;
    /// A file source's read buffer (WT_PNG_READ_BUFFER bytes) and the file range it holds.
    uint8_t *buffer;
    uint64_t buffer_start;
    size_t buffer_filled;
    /// A file source's eXIf data (info->exif points here).
    uint8_t *exif_copy;
    int strict;
    /// Compressed image data read after the last row was decoded.
    size_t image_data_after_completion;
    /// The error was only about what follows the complete image (the file ends early, or too
    /// much trailing image data): lenient mode keeps the picture.
    int error_after_image;
    /// An error happened: libpng's state is undefined, so every later call is refused.
    int failed;
    /// Lenient mode kept the image after an error past its last row: libpng must not be
    /// called again, but an Adam7 image buffer may still have rows to hand out.
    int libpng_done;
    uint32_t width;
    uint32_t height;
    int interlaced;
    uint32_t next_row;
    /// Adam7 only: the whole RGBA8 image, decoded on the first read (unless the caller asked
    /// for every row at once), and the row pointers png_read_image needs. Kept here, not in
    /// locals, so destroy frees them after a longjmp.
    uint8_t *image;
    png_bytep *row_pointers;
    /// libpng's own allocations (zlib's included): live bytes, their peak, and the cap.
    uint64_t allocated;
    uint64_t peak_allocated;
    uint64_t allocation_budget;
    /// A status the shim chose before raising the error (otherwise it is classified by message).
    wt_status pending_status;
    wt_message error;
    wt_message warning;
};


uint32_t wt_png_library_version(void) { return (uint32_t)png_access_version_number(); }

const char *wt_png_version_text(void) { return png_get_libpng_ver(NULL); }

// MARK: - libpng callbacks

static void on_error(png_structp png, png_const_charp text) {
    struct wt_png_reader *reader = png_get_error_ptr(png);
    if (!wt_message_is_set(&reader->error)) wt_message_set(&reader->error, "%s", text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    struct wt_png_reader *reader = png_get_error_ptr(png);
    if (!wt_message_is_set(&reader->warning)) wt_message_set(&reader->warning, "%s", text);
    if (reader->strict) {
        // Strict: the first warning refuses the image and stops libpng working on it at once.
        wt_message_set(&reader->error, "libpng warning (strict mode): %s", text);
        png_longjmp(png, 1);
    }
}

/// Compressed image data we let libpng read after the last row is decoded. libpng inflates
/// any excess to its end (1 KB at a time, only to warn "Too much image data"): a 1x1 image
/// with 300 MiB of zeros behind it cost 0.7 s, a 128 MiB file would cost minutes. Real files
/// have only the zlib trailer (a few bytes) left; libpng asks for up to 8 KiB per read, so a
/// bomb is stopped at its first read past the image.
#define WT_PNG_MAX_IMAGE_DATA_AFTER_IMAGE 1024u

/// True once libpng has decoded the last row (of the last Adam7 pass). Its row counter gets
/// there before png_read_finish_row inflates the rest of the stream, and after the row is
/// written to the caller's buffer.
static int image_data_complete(png_structp png, const struct wt_png_reader *reader) {
    if (reader->height == 0) return 0;  // still in png_read_info
    if (reader->interlaced) return png_get_current_pass_number(png) >= 7;
    return png_get_current_row_number(png) >= reader->height;
}

/// libpng asks for a few bytes to 8 KiB at a time; a file is read in larger pieces.
#define WT_PNG_READ_BUFFER (64u << 10)

/// Fills `out` from the file at the reader's offset, through the read buffer (a request as
/// large as the buffer is read straight into `out`). Raises on a read error, and as a
/// truncation when the file shrank since fstat.
static void read_file(png_structp png, struct wt_png_reader *reader, uint8_t *out, size_t length) {
    uint64_t offset = reader->offset;
    while (length > 0) {
        if (offset >= reader->buffer_start && offset - reader->buffer_start < reader->buffer_filled) {
            size_t at = (size_t)(offset - reader->buffer_start);
            size_t count = reader->buffer_filled - at < length ? reader->buffer_filled - at : length;
            memcpy(out, reader->buffer + at, count);
            out += count;
            offset += count;
            length -= count;
            continue;
        }
        int direct = length >= WT_PNG_READ_BUFFER;
        uint64_t remaining = reader->source.size - offset;
        size_t wanted = direct ? length : (remaining < WT_PNG_READ_BUFFER ? (size_t)remaining : WT_PNG_READ_BUFFER);
        long long got = wt_png_source_read(&reader->source, offset, direct ? out : reader->buffer, wanted);
        if (got < 0) {
            wt_message text;
            wt_message_set(&text, "read failed: %s", strerror(errno));
            reader->pending_status = WT_STATUS_IO;
            png_error(png, text.text);
        }
        if (!direct) {
            reader->buffer_start = offset;
            reader->buffer_filled = (size_t)got;
        }
        if (direct ? (size_t)got < length : got == 0) {
            reader->error_after_image = image_data_complete(png, reader);
            png_error(png, "the file ends early (truncated)");
        }
        if (direct) return;
    }
}

/// Bounds-checked read from the source.
static void on_read(png_structp png, png_bytep out, size_t length) {
    struct wt_png_reader *reader = png_get_io_ptr(png);
    if (length > reader->source.size - reader->offset) {
        reader->error_after_image = image_data_complete(png, reader);
        png_error(png, "the file ends early (truncated)");
    }
    if (png_get_io_chunk_type(png) == 0x49444154u /* IDAT */ && image_data_complete(png, reader) &&
        (png_get_io_state(png) & PNG_IO_CHUNK_DATA) != 0) {
        reader->image_data_after_completion += length;
        if (reader->image_data_after_completion > WT_PNG_MAX_IMAGE_DATA_AFTER_IMAGE) {
            reader->error_after_image = 1;
            png_error(png, "more than 1 KiB of compressed image data after the last row");
        }
    }
    if (reader->source.data != NULL) {
        memcpy(out, reader->source.data + reader->offset, length);
    } else {
        read_file(png, reader, out, length);
    }
    reader->offset += length;
}

/// libpng's allocator: counts bytes and refuses past the budget, so no libpng code path
/// (whatever a chunk declares) can allocate more than a few times the metadata limit. A refusal
/// makes png_malloc raise "Out of memory" (or drop a chunk, where libpng only warns).
#define WT_PNG_ALLOCATION_HEADER 16

static png_voidp on_malloc(png_structp png, png_alloc_size_t size) {
    struct wt_png_reader *reader = png_get_mem_ptr(png);
    if (size > reader->allocation_budget - reader->allocated) return NULL;
    uint8_t *block = malloc(size + WT_PNG_ALLOCATION_HEADER);
    if (block == NULL) return NULL;
    memcpy(block, &size, sizeof size);
    reader->allocated += size;
    if (reader->allocated > reader->peak_allocated) reader->peak_allocated = reader->allocated;
    return block + WT_PNG_ALLOCATION_HEADER;
}

static void on_free(png_structp png, png_voidp pointer) {
    if (pointer == NULL) return;
    struct wt_png_reader *reader = png_get_mem_ptr(png);
    uint8_t *block = (uint8_t *)pointer - WT_PNG_ALLOCATION_HEADER;
    png_alloc_size_t size;
    memcpy(&size, block, sizeof size);
    reader->allocated -= size;
    free(block);
}

// MARK: - Errors

/// Marks the reader failed (libpng's state after a longjmp is undefined), classifies the error
/// and copies the message out.
static wt_status fail(struct wt_png_reader *reader, wt_message *message) {
    reader->failed = 1;
    wt_status status = reader->pending_status;
    if (status == WT_STATUS_OK) {
        // libpng reports its user limits as a warning followed by "Invalid IHDR data", and
        // oversized metadata as "exceeds application limits".
        if (strstr(reader->error.text, "limit") != NULL || strstr(reader->error.text, "too large") != NULL ||
            strstr(reader->warning.text, "user limit") != NULL) {
            status = WT_STATUS_TOO_LARGE;
        } else if (strstr(reader->error.text, "ut of memory") != NULL) {
            status = WT_STATUS_NO_MEMORY;
        } else {
            status = WT_STATUS_CORRUPT;
        }
    }
    const char *text = wt_message_is_set(&reader->error) ? reader->error.text : "libpng failed without a message";
    if (wt_message_is_set(&reader->warning) && strstr(text, reader->warning.text) == NULL) {
        wt_message_set(message, "%s (after warning: %s)", text, reader->warning.text);
    } else {
        wt_message_set(message, "%s", text);
    }
    return status;
}

// MARK: - Reader setup

/// Ancillary chunks a thumbnailer has no use for. libpng skips them without allocating
/// (a tEXt declaring ~2 GB otherwise costs a 2 GB malloc, because the
/// length check is only a benign error). Kept: PLTE, tRNS, gAMA, iCCP. eXIf is ignored
/// here too and read by the chunk walk instead.
static const png_byte ignored_chunks[] = {
    'b', 'K', 'G', 'D', '\0', 'c', 'H', 'R', 'M', '\0', 'h', 'I', 'S', 'T', '\0',
    'i', 'T', 'X', 't', '\0', 'o', 'F', 'F', 's', '\0', 'p', 'C', 'A', 'L', '\0',
    'p', 'H', 'Y', 's', '\0', 's', 'B', 'I', 'T', '\0', 's', 'C', 'A', 'L', '\0',
    's', 'P', 'L', 'T', '\0', 's', 'R', 'G', 'B', '\0', 't', 'E', 'X', 't', '\0',
    't', 'I', 'M', 'E', '\0', 'z', 'T', 'X', 't', '\0', 'e', 'X', 'I', 'f', '\0',
};

static void configure(png_structp png, const wt_png_limits *limits) {
    uint32_t side = limits->max_dimension;
    if (side == 0 || side > PNG_UINT_31_MAX) side = PNG_UINT_31_MAX;
    png_set_user_limits(png, side, side);
    png_set_chunk_cache_max(png, 128);
    uint64_t metadata = limits->max_metadata_bytes;
    if (metadata == 0) metadata = 1;
    if (metadata > PNG_UINT_31_MAX) metadata = PNG_UINT_31_MAX;
    png_set_chunk_malloc_max(png, (png_alloc_size_t)metadata);
    // Benign errors (bad ancillary CRC, oversized metadata, extra image data) are warnings
    // when lenient and errors when strict.
    png_set_benign_errors(png, limits->strict ? 0 : 1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks,
                                (int)(sizeof ignored_chunks / 5));
}

/// Output is RGBA8 whatever is stored. gAMA is read but deliberately not applied: see
/// PNGDecoder.swift ("Gamma policy").
static void set_transforms(png_structp png, int color_type, int bit_depth, int has_trns) {
    png_set_expand(png);  // palette -> RGB, gray 1/2/4 -> 8, tRNS -> alpha
    if (bit_depth == 16) png_set_scale_16(png);  // rounds to nearest, unlike strip_16's >> 8
    if ((color_type & PNG_COLOR_MASK_COLOR) == 0) png_set_gray_to_rgb(png);
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    (void)png_set_interlace_handling(png);
}

static void copy_metadata(struct wt_png_reader *reader, const wt_png_limits *limits, wt_png_info *info) {
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(reader->png, reader->info, &name, &compression, &profile, &profile_length) != 0 &&
        profile != NULL && profile_length <= limits->max_metadata_bytes) {
        info->icc = profile;
        info->icc_length = profile_length;
    }
}

static wt_status open_source(const wt_png_source *source, const wt_png_limits *limits,
                             wt_png_reader **out, wt_png_info *info, wt_message *message) {
    if (out == NULL || info == NULL || limits == NULL) {
        wt_message_set(message, "wt_png_reader_open: missing argument");
        return WT_STATUS_INVALID_ARGUMENT;
    }
    *out = NULL;
    memset(info, 0, sizeof *info);
    wt_png_chunk_walk walk;
    memset(&walk, 0, sizeof walk);
    wt_status structure = wt_png_walk_chunks(source, limits->max_metadata_bytes, &walk, message);
    if (structure != WT_STATUS_OK) return structure;
    if (wt_message_is_set(&walk.exif_problem) && limits->strict) {
        free(walk.exif_copy);
        wt_message_set(message, "strict mode: %s", walk.exif_problem.text);
        return walk.exif_status;
    }

    struct wt_png_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) {
        free(walk.exif_copy);
        wt_message_set(message, "out of memory");
        return WT_STATUS_NO_MEMORY;
    }
    reader->exif_copy = walk.exif_copy;
    reader->source = *source;
    if (source->data == NULL) {
        reader->buffer = malloc(WT_PNG_READ_BUFFER);
        if (reader->buffer == NULL) {
            wt_png_reader_destroy(reader);
            wt_message_set(message, "out of memory for the read buffer");
            return WT_STATUS_NO_MEMORY;
        }
    }
    reader->strict = limits->strict != 0;
    reader->warning = walk.exif_problem;
    // Row buffers for a 65535 px wide 16-bit RGBA image take ~1 MiB; an iCCP profile needs its
    // size twice while it inflates.
    reader->allocation_budget = (32u << 20) + 4 * (limits->max_metadata_bytes < PNG_UINT_31_MAX
                                                   ? limits->max_metadata_bytes : PNG_UINT_31_MAX);
    reader->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, reader, on_error, on_warning,
                                           reader, on_malloc, on_free);
    if (reader->png != NULL) reader->info = png_create_info_struct(reader->png);
    if (reader->png == NULL || reader->info == NULL) {
        wt_png_reader_destroy(reader);
        wt_message_set(message, "out of memory: libpng could not create its read structures");
        return WT_STATUS_NO_MEMORY;
    }
    if (setjmp(png_jmpbuf(reader->png))) {
        wt_status status = fail(reader, message);
        wt_png_reader_destroy(reader);
        return status;
    }
    png_set_read_fn(reader->png, reader, on_read);
    configure(reader->png, limits);
    png_read_info(reader->png, reader->info);

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(reader->png, reader->info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    // libpng checked each side against the user limits; the area is ours, in 64 bits.
    if ((uint64_t)width * (uint64_t)height > limits->max_pixels) {
        reader->pending_status = WT_STATUS_TOO_LARGE;
        wt_message_set(&reader->error, "%ux%u is %llu pixels, over the limit of %llu",
                       width, height, (unsigned long long)width * height, (unsigned long long)limits->max_pixels);
        png_longjmp(reader->png, 1);
    }
    int has_trns = png_get_valid(reader->png, reader->info, PNG_INFO_tRNS) != 0;
    info->width = width;
    info->height = height;
    info->color_type = color_type;
    info->bit_depth = bit_depth;
    info->interlaced = interlace == PNG_INTERLACE_ADAM7;
    info->has_trns = has_trns;
    copy_metadata(reader, limits, info);
    info->exif = walk.exif;
    info->exif_length = walk.exif_length;

    set_transforms(reader->png, color_type, bit_depth, has_trns);
    png_read_update_info(reader->png, reader->info);
    if (png_get_rowbytes(reader->png, reader->info) != (size_t)width * 4 ||
        png_get_bit_depth(reader->png, reader->info) != 8 || png_get_channels(reader->png, reader->info) != 4) {
        png_error(reader->png, "libpng did not produce RGBA8 rows for this colour type");
    }
    reader->width = width;
    reader->height = height;
    reader->interlaced = info->interlaced;
    *out = reader;
    return WT_STATUS_OK;
}

wt_status wt_png_reader_open(const uint8_t *data, size_t size, const wt_png_limits *limits,
                             wt_png_reader **out, wt_png_info *info, wt_message *message) {
    wt_png_source source = {.data = data, .fd = -1, .size = data != NULL ? size : 0};
    return open_source(&source, limits, out, info, message);
}

wt_status wt_png_reader_open_file(int fd, uint64_t size, const wt_png_limits *limits,
                                  wt_png_reader **out, wt_png_info *info, wt_message *message) {
    if (fd < 0) {
        if (out != NULL) *out = NULL;
        wt_message_set(message, "wt_png_reader_open_file: bad file descriptor");
        return WT_STATUS_INVALID_ARGUMENT;
    }
    wt_png_source source = {.data = NULL, .fd = fd, .size = size};
    return open_source(&source, limits, out, info, message);
}

// MARK: - Rows

/// Adam7 needs every pass before any row is final, so the whole image is decoded at once.
/// Runs inside the caller's setjmp.
static void read_interlaced(struct wt_png_reader *reader, uint8_t *target) {
    size_t row_bytes = (size_t)reader->width * 4;
    reader->row_pointers = malloc((size_t)reader->height * sizeof(png_bytep));
    if (reader->row_pointers == NULL) {
        reader->pending_status = WT_STATUS_NO_MEMORY;
        png_error(reader->png, "out of memory for the row pointers");
    }
    for (uint32_t y = 0; y < reader->height; y++) reader->row_pointers[y] = target + (size_t)y * row_bytes;
    png_read_image(reader->png, reader->row_pointers);
    free(reader->row_pointers);
    reader->row_pointers = NULL;
}

/// Copies the next `count` rows out of the decoded Adam7 image.
static void copy_from_image(struct wt_png_reader *reader, uint8_t *rows, uint32_t count) {
    size_t row_bytes = (size_t)reader->width * 4;
    memcpy(rows, reader->image + (size_t)reader->next_row * row_bytes, (size_t)count * row_bytes);
    reader->next_row += count;
    if (reader->next_row == reader->height) {
        free(reader->image);
        reader->image = NULL;
    }
}

wt_status wt_png_reader_read_rows(wt_png_reader *reader, uint8_t *rows, uint32_t count, wt_message *message) {
    if (reader == NULL || reader->failed || (rows == NULL && count > 0) ||
        count > reader->height - reader->next_row) {
        wt_message_set(message, reader != NULL && reader->failed
                       ? "the reader already failed" : "read_rows: bad arguments or past the last row");
        return WT_STATUS_INVALID_ARGUMENT;
    }
    if (count == 0) return WT_STATUS_OK;
    if (reader->libpng_done) {
        // Only an Adam7 buffer can still hold rows here (count is within the remaining rows).
        if (reader->image == NULL) return WT_STATUS_INVALID_ARGUMENT;
        copy_from_image(reader, rows, count);
        return WT_STATUS_OK;
    }
    size_t row_bytes = (size_t)reader->width * 4;
    if (setjmp(png_jmpbuf(reader->png))) {
        if (reader->strict || !reader->error_after_image || reader->pending_status != WT_STATUS_OK) {
            return fail(reader, message);
        }
        // Lenient, and the error is about what follows the complete image data (the file ends
        // early, IEND is missing, too much image data): every pixel is decoded, so keep them.
        if (!wt_message_is_set(&reader->warning)) reader->warning = reader->error;
        reader->libpng_done = 1;  // libpng's state is undefined: no further png_* calls
        if (reader->next_row < reader->height) {
            // The error came from the last png_read_row / png_read_image of this call.
            if (reader->image != NULL) copy_from_image(reader, rows, count);
            else reader->next_row = reader->height;
        }
        return WT_STATUS_OK;
    }
    if (!reader->interlaced) {
        for (uint32_t i = 0; i < count; i++) {
            png_read_row(reader->png, rows + (size_t)i * row_bytes, NULL);
            reader->next_row++;
        }
    } else if (reader->image == NULL && reader->next_row == 0 && count == reader->height) {
        read_interlaced(reader, rows);
        reader->next_row = reader->height;
    } else {
        if (reader->image == NULL) {
            reader->image = malloc(row_bytes * reader->height);
            if (reader->image == NULL) {
                reader->pending_status = WT_STATUS_NO_MEMORY;
                png_error(reader->png, "out of memory for the interlaced image");
            }
            read_interlaced(reader, reader->image);
        }
        copy_from_image(reader, rows, count);
    }
    // After the last row: read the chunks after the image data and check the last CRCs.
    if (reader->next_row == reader->height) png_read_end(reader->png, reader->info);
    return WT_STATUS_OK;
}

uint64_t wt_png_reader_peak_allocated(const wt_png_reader *reader) {
    return reader != NULL ? reader->peak_allocated : 0;
}

const wt_message *wt_png_reader_warning(const wt_png_reader *reader) {
    static const wt_message none;
    return reader != NULL ? &reader->warning : &none;
}

void wt_png_reader_destroy(wt_png_reader *reader) {
    if (reader == NULL) return;
    if (reader->png != NULL) {
        png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
    }
    free(reader->row_pointers);
    free(reader->image);
    free(reader->buffer);
    free(reader->exif_copy);
    free(reader);
}
