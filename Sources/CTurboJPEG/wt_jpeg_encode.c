// JPEG encoding through libjpeg-turbo's libjpeg API rather than tjCompress2: TurboJPEG 2.1
// cannot ask for optimized Huffman tables on a baseline JPEG, which saves ~3% of the bytes.
// libjpeg reports errors by calling error_exit, which must not return: ours longjmps back to
// wt_jpeg_encode_rgba, so no longjmp ever crosses a Swift frame.
#include "wt_jpeg_encode.h"
#include <setjmp.h>
#include <stdio.h>  // jpeglib.h needs FILE
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    wt_message *message;
    /// What the longjmp reports; volatile, as it is read back after the jump.
    volatile wt_status status;
} wt_encode_error;

static void wt_on_error_exit(j_common_ptr cinfo) {
    wt_encode_error *handler = (wt_encode_error *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    wt_message_set(handler->message, "%s", text);
    handler->status = cinfo->err->msg_code == JERR_OUT_OF_MEMORY ? WT_STATUS_NO_MEMORY : WT_STATUS_INVALID_ARGUMENT;
    longjmp(handler->jump, 1);
}

// Compression warnings (none that libjpeg emits for valid parameters) are not worth a line.
static void wt_on_message(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

int wt_jpeg_encode_rgba(const unsigned char *rgba, int width, int height, int quality,
                        wt_jpeg_subsampling subsampling, wt_jpeg_scan scan, wt_jpeg_huffman huffman,
                        unsigned char **out, size_t *out_size, wt_message *message) {
    *out = NULL;
    *out_size = 0;
    if (width <= 0 || height <= 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
        int over = width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION;
        return WT_FAIL(over ? WT_STATUS_TOO_LARGE : WT_STATUS_INVALID_ARGUMENT, message,
                       "JPEG dimensions must be 1 to 65500 per side");
    }
    struct jpeg_compress_struct cinfo;
    wt_encode_error handler;
    cinfo.err = jpeg_std_error(&handler.base);
    handler.base.error_exit = wt_on_error_exit;
    handler.base.emit_message = wt_on_message;
    handler.message = message;
    // libjpeg's memory destination allocates (and grows) this buffer and writes its address
    // here, through the pointer, so after a longjmp it holds the buffer to free.
    unsigned char *destination = NULL;
    unsigned long size = 0;
    if (setjmp(handler.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(destination);
        return handler.status;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &destination, &size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBA;  // alpha is skipped by the colour converter
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    // The accurate integer DCT is libjpeg's default for compression; with SIMD it costs no
    // more than the fast one, so say so explicitly.
    cinfo.dct_method = JDCT_ISLOW;
    int factor = subsampling == WT_JPEG_SUBSAMPLING_444 ? 1 : 2;
    cinfo.comp_info[0].h_samp_factor = factor;
    cinfo.comp_info[0].v_samp_factor = factor;
    // Progressive mode always computes its own tables (libjpeg forces optimize_coding there).
    cinfo.optimize_coding = huffman == WT_JPEG_HUFFMAN_OPTIMIZED ? TRUE : FALSE;
    if (scan == WT_JPEG_SCAN_PROGRESSIVE) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    const size_t stride = (size_t)width * 4;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = destination;
    *out_size = (size_t)size;
    return WT_STATUS_OK;
}

void wt_jpeg_encode_free(unsigned char *buffer) { free(buffer); }
