// The shim's own pass over the chunk list, before libpng sees the file: libpng allocates a
// chunk's declared length before reading it (only warning when it is over the limit), so
// lengths are checked against the bytes that are really there, and eXIf is read here.
#include "wt_png_chunks.h"
#include <png.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>



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

/// CRC-32 of a chunk's type and data, as PNG defines it.
static uint32_t chunk_crc(const uint8_t *type_and_data, size_t length) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_crc_table);
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < length; i++) c = crc_table[(c ^ type_and_data[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}


wt_png_status wt_png_walk_chunks(const uint8_t *data, size_t size, uint64_t max_metadata_bytes,
                                 wt_png_chunk_walk *walk, char *message, size_t capacity) {
    if (data == NULL || size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        wt_png_format_message(message, capacity, "the PNG signature is missing or damaged");
        return WT_PNG_CORRUPT;
    }
    size_t position = 8;
    int seen_image_data = 0;
    // A chunk is length (4), type (4), data (length), CRC (4).
    while (size - position >= 8) {
        uint32_t length = read_be32(data + position);
        const uint8_t *type = data + position + 4;
        char name[16];
        describe_type(type, name);
        if (length > PNG_UINT_31_MAX) {
            wt_png_format_message(message, capacity, "chunk %s declares an invalid length of %u bytes", name, length);
            return WT_PNG_CORRUPT;
        }
        size_t available = size - position - 8;
        if ((size_t)length + 4 > available) {
            // Truncated image data is libpng's to report; any other chunk this long would make
            // libpng allocate its declared length before finding out the file is shorter.
            if (memcmp(type, "IDAT", 4) == 0) break;
            wt_png_format_message(message, capacity, "chunk %s declares %u bytes but only %zu remain in the file",
                           name, length, available < 4 ? (size_t)0 : available - 4);
            return WT_PNG_CORRUPT;
        }
        if (memcmp(type, "IEND", 4) == 0) break;
        if (memcmp(type, "IDAT", 4) == 0) seen_image_data = 1;
        // eXIf is read here, not by libpng, which would allocate any length with only a warning.
        if (walk != NULL && !seen_image_data && walk->exif == NULL && walk->exif_problem[0] == '\0' &&
            memcmp(type, "eXIf", 4) == 0) {
            if (length > max_metadata_bytes) {
                wt_png_format_message(walk->exif_problem, sizeof walk->exif_problem,
                               "eXIf: %u bytes, over the metadata limit of %llu; ignored",
                               length, (unsigned long long)max_metadata_bytes);
                walk->exif_status = WT_PNG_TOO_LARGE;
            } else if (chunk_crc(type, (size_t)length + 4) != read_be32(type + 4 + length)) {
                wt_png_format_message(walk->exif_problem, sizeof walk->exif_problem, "eXIf: CRC error; ignored");
                walk->exif_status = WT_PNG_CORRUPT;
            } else {
                walk->exif = type + 4;
                walk->exif_length = length;
            }
        }
        position += (size_t)length + 12;
    }
    return WT_PNG_OK;
}

wt_png_status wt_png_check_structure(const uint8_t *data, size_t size, char *message, size_t capacity) {
    return wt_png_walk_chunks(data, size, 0, NULL, message, capacity);
}

void wt_png_format_message(char *destination, size_t capacity, const char *format, ...) {
    if (destination == NULL || capacity == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(destination, capacity, format, arguments);
    va_end(arguments);
}
