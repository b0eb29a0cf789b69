#include "wt_png_encode.h"
#include <png.h>
#include <stdlib.h>
#include <string.h>

/// A growing output buffer, and the message libpng's error goes to.
typedef struct {
    unsigned char *bytes;
    size_t size;
    size_t capacity;
    wt_message *message;
} wt_png_writer;

static void wt_png_write_data(png_structp png, png_bytep data, png_size_t length) {
    wt_png_writer *writer = (wt_png_writer *)png_get_io_ptr(png);
    if (writer->size + length > writer->capacity) {
        size_t capacity = writer->capacity < 4096 ? 4096 : writer->capacity;
        while (capacity < writer->size + length) capacity *= 2;
        unsigned char *grown = realloc(writer->bytes, capacity);
        if (grown == NULL) {
            png_error(png, "out of memory growing the output buffer");
        }
        writer->bytes = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->bytes + writer->size, data, length);
    writer->size += length;
}

static void wt_png_flush(png_structp png) { (void)png; }

static void wt_png_on_error(png_structp png, png_const_charp text) {
    wt_png_writer *writer = (wt_png_writer *)png_get_error_ptr(png);
    wt_message_set(writer->message, "%s", text);
    png_longjmp(png, 1);
}

static void wt_png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;  // warnings on write (e.g. about an unusual ICC header) do not stop us
}

int wt_png_encode_rgba(const unsigned char *rgba, int width, int height,
                       wt_png_channels channels, int compression_level,
                       const unsigned char *icc, size_t icc_size,
                       unsigned char **out, size_t *out_size, wt_message *message) {
    *out = NULL;
    *out_size = 0;
    wt_message_clear(message);
    // Everything read after a longjmp back into this frame is either volatile or on the heap:
    // the writer is calloc'd so its fields, changed by the callbacks, are never indeterminate.
    wt_png_writer *volatile writer = calloc(1, sizeof(wt_png_writer));
    if (writer == NULL) {
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "out of memory");
    }
    writer->message = message;
    png_structp volatile png = png_create_write_struct(PNG_LIBPNG_VER_STRING, writer,
                                                       wt_png_on_error, wt_png_on_warning);
    if (png == NULL) {
        free(writer);
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "png_create_write_struct failed");
    }
    png_infop volatile info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        if (info == NULL) wt_message_set(message, "png_create_info_struct failed");
        // libpng allocates nothing big but the output buffer: running out of memory is the one
        // failure valid arguments meet, and its messages say so.
        int no_memory = info == NULL || (message != NULL && strstr(message->text, "out of memory") != NULL);
        png_structp p = png;
        png_infop i = info;
        png_destroy_write_struct(&p, i != NULL ? &i : NULL);
        free(rows);
        free(writer->bytes);
        free(writer);
        return no_memory ? WT_STATUS_NO_MEMORY : WT_STATUS_INVALID_ARGUMENT;
    }
    png_set_write_fn(png, writer, wt_png_write_data, wt_png_flush);
    png_set_compression_level(png, compression_level);
    int color_type = channels == WT_PNG_CHANNELS_RGB ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA;
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (icc != NULL && icc_size > 0) {
        // libpng checks the profile's header (length, class, colour space against the image)
        // and reports a bad one through wt_png_on_error, so it is never silently dropped.
        png_set_iCCP(png, info, "ICC Profile", PNG_COMPRESSION_TYPE_BASE,
                     (png_const_bytep)icc, (png_uint_32)icc_size);
    }
    png_write_info(png, info);
    // Opaque RGBA rows become RGB: libpng strips the fourth byte as a filler on write.
    if (channels == WT_PNG_CHANNELS_RGB) png_set_filler(png, 0, PNG_FILLER_AFTER);

    rows = malloc(sizeof(png_bytep) * (size_t)height);
    if (rows == NULL) png_error(png, "out of memory for row pointers");
    for (int y = 0; y < height; y++) rows[y] = (png_bytep)(rgba + (size_t)y * (size_t)width * 4);
    png_write_image(png, rows);
    png_write_end(png, NULL);

    png_structp p = png;
    png_infop i = info;
    png_destroy_write_struct(&p, &i);
    free(rows);
    *out = writer->bytes;
    *out_size = writer->size;
    free(writer);
    return WT_STATUS_OK;
}

void wt_png_encode_free(unsigned char *buffer) { free(buffer); }
