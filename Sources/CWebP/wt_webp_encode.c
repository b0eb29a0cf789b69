#include "wt_webp_encode.h"
#include <string.h>
#include <webp/encode.h>
#include <webp/mux.h>

static const char *wt_encoding_error_text(WebPEncodingError code) {
    switch (code) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory while flushing the bitstream";
    case VP8_ENC_ERROR_NULL_PARAMETER: return "a NULL parameter";
    case VP8_ENC_ERROR_INVALID_CONFIGURATION: return "invalid configuration";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "bad picture dimensions (WebP allows at most 16383x16383)";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW: return "partition 0 is too big (over 512 KiB)";
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "a partition is too big (over 16 MiB)";
    case VP8_ENC_ERROR_BAD_WRITE: return "the writer failed";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would be over 4 GiB";
    case VP8_ENC_ERROR_USER_ABORT: return "aborted";
    default: return "unknown libwebp encoding error";
    }
}

/// The shared status for a libwebp encoding error: memory, a size libwebp cannot hold, or a
/// call this shim got wrong.
static wt_status wt_encoding_error_status(WebPEncodingError code) {
    switch (code) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return WT_STATUS_NO_MEMORY;
    case VP8_ENC_ERROR_BAD_DIMENSION:
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW:
    case VP8_ENC_ERROR_PARTITION_OVERFLOW:
    case VP8_ENC_ERROR_FILE_TOO_BIG: return WT_STATUS_TOO_LARGE;
    default: return WT_STATUS_INVALID_ARGUMENT;
    }
}

wt_webp_encode_settings wt_webp_encode_defaults(void) {
    wt_webp_encode_settings settings = { 75.0f, 4, 100, 0 };
    return settings;
}

/// Wraps a plain WebP bitstream in a VP8X container with an ICCP chunk.
static int wt_webp_add_icc(const uint8_t *webp, size_t webp_size,
                           const unsigned char *icc, size_t icc_size,
                           unsigned char **out, size_t *out_size, wt_message *message) {
    WebPMux *mux = WebPMuxNew();
    if (mux == NULL) {
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "WebPMuxNew: out of memory");
    }
    WebPData image = { webp, webp_size };
    WebPData profile = { icc, icc_size };
    WebPData assembled = { NULL, 0 };
    WebPMuxError status = WebPMuxSetImage(mux, &image, 0);
    if (status == WEBP_MUX_OK) status = WebPMuxSetChunk(mux, "ICCP", &profile, 0);
    if (status == WEBP_MUX_OK) status = WebPMuxAssemble(mux, &assembled);
    WebPMuxDelete(mux);
    if (status != WEBP_MUX_OK) {
        wt_message_set(message, "WebPMux could not add the ICC profile (error %d)", (int)status);
        WebPDataClear(&assembled);
        return status == WEBP_MUX_MEMORY_ERROR ? WT_STATUS_NO_MEMORY : WT_STATUS_INVALID_ARGUMENT;
    }
    *out = (unsigned char *)assembled.bytes;
    *out_size = assembled.size;
    return WT_STATUS_OK;
}

int wt_webp_encode_rgba(const unsigned char *rgba, int width, int height,
                        const wt_webp_encode_settings *settings,
                        const unsigned char *icc, size_t icc_size,
                        unsigned char **out, size_t *out_size, wt_message *message) {
    *out = NULL;
    *out_size = 0;
    WebPConfig config;
    if (!WebPConfigInit(&config)) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "libwebp version mismatch (WebPConfigInit)");
    }
    config.quality = settings->quality;
    config.method = settings->method;
    config.alpha_quality = settings->alpha_quality;
    config.use_sharp_yuv = settings->use_sharp_yuv;
    if (!WebPValidateConfig(&config)) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message,
                       "invalid WebP settings (quality 0-100, method 0-6, alpha_quality 0-100)");
    }

    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "libwebp version mismatch (WebPPictureInit)");
    }
    // Lossy without sharp YUV: import straight to YUVA (one pass). Sharp YUV happens in the
    // RGB to YUV conversion inside WebPEncode, so then the picture must stay ARGB until there.
    picture.use_argb = settings->use_sharp_yuv ? 1 : 0;
    picture.width = width;
    picture.height = height;
    if (!WebPPictureImportRGBA(&picture, rgba, width * 4)) {
        WebPEncodingError code = picture.error_code;
        WebPPictureFree(&picture);
        return WT_FAIL(wt_encoding_error_status(code), message, "%s", wt_encoding_error_text(code));
    }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    WebPEncodingError code = picture.error_code;
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return WT_FAIL(wt_encoding_error_status(code), message, "%s", wt_encoding_error_text(code));
    }
    if (icc == NULL || icc_size == 0) {
        *out = writer.mem;
        *out_size = writer.size;
        return WT_STATUS_OK;
    }
    int status = wt_webp_add_icc(writer.mem, writer.size, icc, icc_size, out, out_size, message);
    WebPMemoryWriterClear(&writer);
    return status;
}

void wt_webp_encode_free(unsigned char *buffer) { WebPFree(buffer); }
