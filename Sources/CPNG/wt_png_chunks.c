// The shim's own pass over the chunk list, before libpng sees the file: libpng allocates a
// chunk's declared length before reading it (only warning when it is over the limit), so
// lengths are checked against the bytes that are really there, and eXIf is read here. Works
// the same on memory and on an open file.
#include "wt_png_chunks.h"
#include <png.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>



static uint32_t read_be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/// The chunk type as text when it is four letters, else as hex (it comes from the file).
static void describe_type(const uint8_t *type, char out[16]) {
    int letters = 1;
    for (int i = 0; i < 4; i++) {
        uint8_t c = type[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) letters = 0;
    }
    if (letters) snprintf(out, 16, "%c%c%c%c", type[0], type[1], type[2], type[3]);
    else snprintf(out, 16, "0x%08x", read_be32(type));
}

static uint32_t crc_table[256];

static void make_crc_table(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

/// Continues a CRC-32 (start with 0xFFFFFFFF, finish with ^ 0xFFFFFFFF), as PNG defines it.
static uint32_t crc_update(uint32_t c, const uint8_t *bytes, size_t length) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_crc_table);
    for (size_t i = 0; i < length; i++) c = crc_table[(c ^ bytes[i]) & 0xFF] ^ (c >> 8);
    return c;
}

long long wt_png_source_read(const wt_png_source *source, uint64_t offset, void *out, size_t length) {
    if (offset > source->size) return 0;
    if (length > source->size - offset) length = (size_t)(source->size - offset);
    if (source->data != NULL) {
        memcpy(out, source->data + offset, length);
        return (long long)length;
    }
    size_t done = 0;
    while (done < length) {
        ssize_t got = pread(source->fd, (uint8_t *)out + done, length - done, (off_t)(offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return -1;
        if (got == 0) break;  // the file shrank since fstat
        done += (size_t)got;
    }
    return (long long)done;
}

/// A small read-ahead over a file for the chunk walk (memory sources are used in place).
typedef struct header_window {
    const wt_png_source *source;
    uint64_t start;
    size_t filled;
    uint8_t buffer[4096];
} header_window;

/// The `length` bytes at `offset` (which the caller checked are within the size), or NULL with
/// the reason in `message` when a file cannot supply them.
static const uint8_t *window_at(header_window *window, uint64_t offset, size_t length, wt_message *message) {
    const wt_png_source *source = window->source;
    if (source->data != NULL) return source->data + offset;
    if (offset >= window->start && offset + length <= window->start + window->filled) {
        return window->buffer + (offset - window->start);
    }
    long long got = wt_png_source_read(source, offset, window->buffer, sizeof window->buffer);
    window->start = offset;
    window->filled = got > 0 ? (size_t)got : 0;
    if (got < 0) {
        wt_message_set(message, "read failed: %s", strerror(errno));
        return NULL;
    }
    if ((size_t)got < length) {
        wt_message_set(message, "the file shrank while it was read");
        return NULL;
    }
    return window->buffer;
}

/// Checks an eXIf chunk (data at `data_offset`) and keeps it in `walk` when it is usable.
/// Returns WT_STATUS_OK, or WT_STATUS_IO when a file could not be read.
static wt_status take_exif(header_window *window, const uint8_t type[4], uint32_t length, uint64_t data_offset,
                           uint64_t max_metadata_bytes, wt_png_chunk_walk *walk, wt_message *message) {
    if (length > max_metadata_bytes) {
        wt_message_set(&walk->exif_problem, "eXIf: %u bytes, over the metadata limit of %llu; ignored",
                       length, (unsigned long long)max_metadata_bytes);
        walk->exif_status = WT_STATUS_TOO_LARGE;
        return WT_STATUS_OK;
    }
    const wt_png_source *source = window->source;
    const uint8_t *data;  // length bytes of data, then the 4-byte CRC
    uint8_t *copy = NULL;
    if (source->data != NULL) {
        data = source->data + data_offset;
    } else {
        copy = malloc((size_t)length + 4);
        if (copy == NULL) {
            wt_message_set(message, "out of memory for the eXIf chunk");
            return WT_STATUS_NO_MEMORY;
        }
        long long got = wt_png_source_read(source, data_offset, copy, (size_t)length + 4);
        if (got != (long long)length + 4) {
            if (got < 0) wt_message_set(message, "read failed: %s", strerror(errno));
            else wt_message_set(message, "the file shrank while it was read");
            free(copy);
            return WT_STATUS_IO;
        }
        data = copy;
    }
    uint32_t crc = crc_update(crc_update(0xFFFFFFFFu, type, 4), data, length) ^ 0xFFFFFFFFu;
    if (crc != read_be32(data + length)) {
        wt_message_set(&walk->exif_problem, "eXIf: CRC error; ignored");
        walk->exif_status = WT_STATUS_CORRUPT;
        free(copy);
        return WT_STATUS_OK;
    }
    walk->exif = data;
    walk->exif_length = length;
    walk->exif_copy = copy;
    return WT_STATUS_OK;
}

wt_status wt_png_walk_chunks(const wt_png_source *source, uint64_t max_metadata_bytes,
                             wt_png_chunk_walk *walk, wt_message *message) {
    header_window window = {.source = source};
    uint64_t size = source->size;
    uint8_t signature[8];
    long long got = size >= 8 ? wt_png_source_read(source, 0, signature, 8) : 0;
    if (got < 0) {
        wt_message_set(message, "read failed: %s", strerror(errno));
        return WT_STATUS_IO;
    }
    if (got < 8 || png_sig_cmp(signature, 0, 8) != 0) {
        wt_message_set(message, "the PNG signature is missing or damaged");
        return WT_STATUS_CORRUPT;
    }
    uint64_t position = 8;
    int seen_image_data = 0;
    // A chunk is length (4), type (4), data (length), CRC (4).
    while (size - position >= 8) {
        const uint8_t *header = window_at(&window, position, 8, message);
        if (header == NULL) return WT_STATUS_IO;
        uint32_t length = read_be32(header);
        uint8_t type[4];
        memcpy(type, header + 4, 4);
        char name[16];
        describe_type(type, name);
        if (length > PNG_UINT_31_MAX) {
            wt_message_set(message, "chunk %s declares an invalid length of %u bytes", name, length);
            return WT_STATUS_CORRUPT;
        }
        uint64_t available = size - position - 8;
        if ((uint64_t)length + 4 > available) {
            // Truncated image data is libpng's to report; any other chunk this long would make
            // libpng allocate its declared length before finding out the file is shorter.
            if (memcmp(type, "IDAT", 4) == 0) break;
            wt_message_set(message, "chunk %s declares %u bytes but only %llu remain in the file",
                                  name, length, (unsigned long long)(available < 4 ? 0 : available - 4));
            return WT_STATUS_CORRUPT;
        }
        if (memcmp(type, "IEND", 4) == 0) break;
        if (memcmp(type, "IDAT", 4) == 0) seen_image_data = 1;
        // eXIf is read here, not by libpng, which would allocate any length with only a warning.
        if (walk != NULL && !seen_image_data && walk->exif == NULL && !wt_message_is_set(&walk->exif_problem) &&
            memcmp(type, "eXIf", 4) == 0) {
            wt_status status = take_exif(&window, type, length, position + 8, max_metadata_bytes,
                                             walk, message);
            if (status != WT_STATUS_OK) return status;
        }
        position += (uint64_t)length + 12;
    }
    return WT_STATUS_OK;
}

wt_status wt_png_check_structure(const uint8_t *data, size_t size, wt_message *message) {
    wt_png_source source = {.data = data, .fd = -1, .size = size};
    if (data == NULL) source.size = 0;
    return wt_png_walk_chunks(&source, 0, NULL, message);
}
