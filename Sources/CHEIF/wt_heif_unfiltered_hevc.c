#include "wt_heif_unfiltered_hevc.h"

#include <libde265/de265.h>
#include <libheif/heif_plugin.h>
#include <stdlib.h>
#include <string.h>

// An HEVC decoder plugin for libheif that is libheif's own libde265 plugin with the two in-loop
// filters (deblocking and SAO) switched off. A HEIF still is all intra pictures, and HEVC intra
// prediction reads samples from before those filters, so skipping them changes nothing but the
// filters' own smoothing of block edges (at most 3 pixels each side of an 8-pixel edge), which a
// downscale by 4 or more averages into less than a level. They are a third of libde265's work.
//
// libheif 1.15 passes the hvcC parameter sets and then the image data, every NAL unit behind a
// 4-byte big-endian length, and asks for the picture once.

typedef struct decoder {
    de265_decoder_context *context;
    int strict;
} decoder;

static struct heif_error ok(void) { return (struct heif_error){heif_error_Ok, heif_suberror_Unspecified, "Success"}; }

static struct heif_error plugin_error(enum heif_suberror_code subcode, const char *message) {
    // libheif keeps the pointer: only string literals here.
    return (struct heif_error){heif_error_Decoder_plugin_error, subcode, message};
}

static const char *name(void) { return "libde265 without in-loop filters (widget-thumbs)"; }

static int does_support_format(enum heif_compression_format format) {
    // Above libheif's own libde265 plugin (100), so a context that registers this one uses it.
    return format == heif_compression_HEVC ? 200 : 0;
}

static struct heif_error new_decoder(void **result) {
    decoder *made = calloc(1, sizeof(*made));
    if (made == NULL) return plugin_error(heif_suberror_Unspecified, "out of memory");
    made->context = de265_new_decoder();
    if (made->context == NULL) {
        free(made);
        return plugin_error(heif_suberror_Unspecified, "libde265 could not allocate a decoder");
    }
    // No worker threads: the caller's jobs are the parallelism (one decode per core).
    de265_set_parameter_bool(made->context, DE265_DECODER_PARAM_DISABLE_DEBLOCKING, 1);
    de265_set_parameter_bool(made->context, DE265_DECODER_PARAM_DISABLE_SAO, 1);
    de265_set_parameter_bool(made->context, DE265_DECODER_PARAM_SUPPRESS_FAULTY_PICTURES, 0);
    *result = made;
    return ok();
}

static void free_decoder(void *raw) {
    decoder *freed = raw;
    if (freed == NULL) return;
    de265_free_decoder(freed->context);
    free(freed);
}

static void set_strict_decoding(void *raw, int flag) { ((decoder *)raw)->strict = flag; }

static struct heif_error push_data(void *raw, const void *data, size_t size) {
    decoder *target = raw;
    const uint8_t *bytes = data;
    size_t offset = 0;
    while (offset < size) {
        if (size - offset < 4) return plugin_error(heif_suberror_End_of_data, "a NAL unit length runs past the data");
        const uint32_t length = (uint32_t)bytes[offset] << 24 | (uint32_t)bytes[offset + 1] << 16 |
                                (uint32_t)bytes[offset + 2] << 8 | bytes[offset + 3];
        offset += 4;
        if (length > size - offset || length > INT32_MAX) {
            return plugin_error(heif_suberror_End_of_data, "a NAL unit runs past the data");
        }
        const de265_error status = de265_push_NAL(target->context, bytes + offset, (int)length, 0, NULL);
        if (!de265_isOK(status)) return plugin_error(heif_suberror_Unspecified, "libde265 refused a NAL unit");
        offset += length;
    }
    return ok();
}

/// libde265's picture as a planar libheif image (libheif converts it to RGB and applies the
/// item's transforms, as for its own plugin).
static struct heif_error convert(const struct de265_image *picture, struct heif_image **result) {
    enum heif_chroma chroma;
    switch (de265_get_chroma_format(picture)) {
    case de265_chroma_mono: chroma = heif_chroma_monochrome; break;
    case de265_chroma_420: chroma = heif_chroma_420; break;
    case de265_chroma_422: chroma = heif_chroma_422; break;
    case de265_chroma_444: chroma = heif_chroma_444; break;
    default: return plugin_error(heif_suberror_Unsupported_color_conversion, "unknown HEVC chroma format");
    }
    const int width = de265_get_image_width(picture, 0);
    const int height = de265_get_image_height(picture, 0);
    if (width <= 0 || height <= 0) return plugin_error(heif_suberror_Invalid_image_size, "the picture has no size");
    struct heif_image *image = NULL;
    struct heif_error status = heif_image_create(
        width, height, chroma == heif_chroma_monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr, chroma, &image);
    if (status.code != heif_error_Ok) return status;

    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    const int planes = chroma == heif_chroma_monochrome ? 1 : 3;
    for (int plane = 0; plane < planes; plane++) {
        const int bits = de265_get_bits_per_pixel(picture, plane);
        const int plane_width = de265_get_image_width(picture, plane);
        const int plane_height = de265_get_image_height(picture, plane);
        int source_stride = 0;
        const uint8_t *source = de265_get_image_plane(picture, plane, &source_stride);
        if (bits < 1 || bits > 16 || plane_width <= 0 || plane_height <= 0 || source == NULL) {
            heif_image_release(image);
            return plugin_error(heif_suberror_Invalid_image_size, "libde265 returned an unusable plane");
        }
        status = heif_image_add_plane(image, channels[plane], plane_width, plane_height, bits);
        if (status.code != heif_error_Ok) {
            heif_image_release(image);
            return status;
        }
        int target_stride = 0;
        uint8_t *target = heif_image_get_plane(image, channels[plane], &target_stride);
        const size_t row_bytes = (size_t)plane_width * (size_t)((bits + 7) / 8);
        for (int row = 0; row < plane_height; row++) {
            memcpy(target + (size_t)row * (size_t)target_stride, source + (size_t)row * (size_t)source_stride, row_bytes);
        }
    }
    *result = image;
    return ok();
}

static struct heif_error decode_image(void *raw, struct heif_image **result) {
    decoder *source = raw;
    *result = NULL;
    de265_flush_data(source->context);
    int more = 0;
    do {
        more = 0;
        const de265_error status = de265_decode(source->context, &more);
        if (status != DE265_OK) break;  // waiting for data after the flush: all decoded
        const struct de265_image *picture = de265_get_next_picture(source->context);
        if (picture != NULL) {
            // A still has one picture; a stray second one replaces the first, as in libheif's plugin.
            if (*result != NULL) heif_image_release(*result);
            *result = NULL;
            const struct heif_error converted = convert(picture, result);
            de265_release_next_picture(source->context);
            if (converted.code != heif_error_Ok) return converted;
        }
    } while (more);
    if (*result == NULL) return plugin_error(heif_suberror_Unspecified, "libde265 decoded no picture");
    if (source->strict && !de265_isOK(de265_get_warning(source->context))) {
        heif_image_release(*result);
        *result = NULL;
        return plugin_error(heif_suberror_Unspecified, "libde265 reported a damaged picture");
    }
    return ok();
}

static const struct heif_decoder_plugin plugin = {
    .plugin_api_version = 3,
    .get_plugin_name = name,
    .init_plugin = NULL,
    .deinit_plugin = NULL,
    .does_support_format = does_support_format,
    .new_decoder = new_decoder,
    .free_decoder = free_decoder,
    .push_data = push_data,
    .decode_image = decode_image,
    .set_strict_decoding = set_strict_decoding,
    .id_name = "widget-thumbs-unfiltered-libde265",
};

const struct heif_decoder_plugin *wt_heif_unfiltered_hevc_plugin(void) { return &plugin; }
