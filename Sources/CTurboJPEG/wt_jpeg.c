#include "wt_jpeg.h"
#include <turbojpeg.h>
#include <stdio.h>
#include <string.h>

static void copy_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    snprintf(message, capacity, "%s", text ? text : "unknown TurboJPEG error");
}

/// Turns a -1 from TurboJPEG into a status: warnings (TJERR_WARNING) are kept apart because
/// TurboJPEG 2.1 returns -1 for them too; the scan limit is told apart by its message, the
/// only thing TurboJPEG 2.1 reports about it.
static wt_jpeg_status failure(tjhandle handle, char *message, size_t capacity) {
    const char *text = tjGetErrorStr2(handle);
    copy_message(message, capacity, text);
    if (tjGetErrorCode(handle) == TJERR_WARNING) return WT_JPEG_WARNING;
    if (text != NULL && strstr(text, "scans") != NULL) return WT_JPEG_TOO_MANY_SCANS;
    return WT_JPEG_ERROR;
}

static wt_jpeg_colorspace colorspace_of(int tjcs) {
    switch (tjcs) {
    case TJCS_RGB: return WT_JPEG_COLORSPACE_RGB;
    case TJCS_YCbCr: return WT_JPEG_COLORSPACE_YCBCR;
    case TJCS_GRAY: return WT_JPEG_COLORSPACE_GRAY;
    case TJCS_CMYK: return WT_JPEG_COLORSPACE_CMYK;
    case TJCS_YCCK: return WT_JPEG_COLORSPACE_YCCK;
    default: return WT_JPEG_COLORSPACE_UNKNOWN;
    }
}

wt_jpeg_status wt_jpeg_read_header(const uint8_t *data, size_t size, wt_jpeg_header *header,
                                   char *message, size_t message_capacity) {
    copy_message(message, message_capacity, "");
    if (data == NULL || size == 0 || header == NULL) {
        copy_message(message, message_capacity, "empty input");
        return WT_JPEG_ERROR;
    }
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) {
        copy_message(message, message_capacity, tjGetErrorStr2(NULL));
        return WT_JPEG_ERROR;
    }
    int width = 0, height = 0, subsampling = -1, colorspace = -1;
    wt_jpeg_status status = WT_JPEG_OK;
    if (tjDecompressHeader3(handle, data, (unsigned long)size, &width, &height, &subsampling, &colorspace) != 0) {
        status = failure(handle, message, message_capacity);
        // A warning only counts as a header when the header is actually there.
        if (status == WT_JPEG_WARNING && (width < 1 || height < 1)) status = WT_JPEG_ERROR;
    }
    header->width = width;
    header->height = height;
    header->colorspace = colorspace_of(colorspace);
    tjDestroy(handle);
    return status;
}

int wt_jpeg_scaling_factors(wt_jpeg_scale *factors, int capacity) {
    int count = 0;
    tjscalingfactor *all = tjGetScalingFactors(&count);
    if (all == NULL) return 0;
    int written = 0;
    for (int i = 0; i < count && written < capacity; i++) {
        if (all[i].num <= 0 || all[i].denom <= 0 || all[i].num > all[i].denom) continue;
        factors[written].num = all[i].num;
        factors[written].denom = all[i].denom;
        written++;
    }
    return written;
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

wt_jpeg_status wt_jpeg_decode(const uint8_t *data, size_t size, int width, int height,
                              wt_jpeg_output output, int flags, uint8_t *rgba, char *message, size_t message_capacity) {
    copy_message(message, message_capacity, "");
    if (data == NULL || size == 0 || rgba == NULL || width < 1 || height < 1 || width > (1 << 16)) {
        copy_message(message, message_capacity, "invalid decode arguments");
        return WT_JPEG_ERROR;
    }
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) {
        copy_message(message, message_capacity, tjGetErrorStr2(NULL));
        return WT_JPEG_ERROR;
    }
    int tjflags = TJFLAG_LIMITSCANS;
    if (flags & WT_JPEG_DECODE_STRICT) tjflags |= TJFLAG_STOPONWARNING;
    if (flags & WT_JPEG_DECODE_FAST_DCT) tjflags |= TJFLAG_FASTDCT;
    int format = output == WT_JPEG_OUTPUT_RGBA ? TJPF_RGBA : TJPF_CMYK;
    wt_jpeg_status status = WT_JPEG_OK;
    if (tjDecompress2(handle, data, (unsigned long)size, rgba, width, width * 4, height, format, tjflags) != 0) {
        status = failure(handle, message, message_capacity);
    }
    tjDestroy(handle);
    if (status <= WT_JPEG_WARNING && output != WT_JPEG_OUTPUT_RGBA) {
        cmyk_to_rgba(rgba, (size_t)width * (size_t)height, output == WT_JPEG_OUTPUT_CMYK_INVERTED);
    }
    return status;
}
