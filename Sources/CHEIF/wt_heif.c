#include "wt_heif.h"
#include "wt_heif_unfiltered_hevc.h"

#include <libheif/heif.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct wt_heif_file {
    struct heif_context *context;
    struct heif_image_handle *primary;
    int unfiltered_plugin_registered;
};

struct wt_heif_pixels {
    struct heif_image *image;
    const uint8_t *plane;
    int stride;
    int32_t width, height;
    int32_t bits;
    int32_t has_alpha, premultiplied;
};

/// libheif's error as our status, with its own message after `what`.
static wt_status fail_heif(struct heif_error result, const char *what, wt_message *message) {
    wt_status status;
    switch (result.code) {
    case heif_error_Ok:
        return WT_STATUS_OK;
    case heif_error_Unsupported_filetype:
    case heif_error_Unsupported_feature:
        status = WT_STATUS_UNSUPPORTED;
        break;
    case heif_error_Memory_allocation_error:
        status = WT_STATUS_NO_MEMORY;
        break;
    case heif_error_Usage_error:
        status = WT_STATUS_INVALID_ARGUMENT;
        break;
    default:
        status = result.subcode == heif_suberror_Security_limit_exceeded ? WT_STATUS_TOO_LARGE : WT_STATUS_CORRUPT;
        break;
    }
    // Some libheif messages end in a newline; a report line must not.
    char text[256];
    snprintf(text, sizeof(text), "%s", result.message != NULL && result.message[0] != '\0' ? result.message : "no message");
    size_t length = strlen(text);
    for (size_t index = 0; index < length; index++) {
        if (text[index] == '\n' || text[index] == '\r') text[index] = ' ';
    }
    while (length > 0 && text[length - 1] == ' ') text[--length] = '\0';
    return WT_FAIL(status, message, "%s: %s (libheif error %d.%d)", what, text, (int)result.code, (int)result.subcode);
}

// heif_init loads the decoder plugins once per process; it is not safe to race.
static pthread_once_t library_once = PTHREAD_ONCE_INIT;
static void initialise_library(void) { heif_init(NULL); }

wt_status wt_heif_open(const uint8_t *data, size_t size, int32_t max_side, int32_t max_threads,
                       uint32_t primary_id, wt_heif_file **file, wt_message *message) {
    if (file == NULL || (data == NULL && size > 0) || max_side < 1 || max_threads < 0) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "invalid arguments");
    }
    *file = NULL;
    if (size == 0) {
        return WT_FAIL(WT_STATUS_CORRUPT, message, "the file is empty");
    }
    pthread_once(&library_once, initialise_library);

    struct wt_heif_file *opened = calloc(1, sizeof(*opened));
    if (opened == NULL) {
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "out of memory");
    }
    opened->context = heif_context_alloc();
    if (opened->context == NULL) {
        free(opened);
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "libheif could not allocate a context");
    }
    // Before reading: libheif checks ispe and grid sizes against this while parsing.
    heif_context_set_maximum_image_size_limit(opened->context, max_side);
    heif_context_set_max_decoding_threads(opened->context, max_threads);

    struct heif_error result = heif_context_read_from_memory(opened->context, data, size, NULL);
    if (result.code == heif_error_Ok) {
        result = primary_id == 0 ? heif_context_get_primary_image_handle(opened->context, &opened->primary)
                                 : heif_context_get_image_handle(opened->context, primary_id, &opened->primary);
    }
    if (result.code != heif_error_Ok) {
        // The message lives in the context: copy it out before freeing.
        const wt_status status = fail_heif(result, "cannot read the HEIF structure", message);
        wt_heif_close(opened);
        return status;
    }
    *file = opened;
    return WT_STATUS_OK;
}

void wt_heif_close(wt_heif_file *file) {
    if (file == NULL) return;
    if (file->primary != NULL) heif_image_handle_release(file->primary);
    if (file->context != NULL) heif_context_free(file->context);
    free(file);
}

static void describe(const struct heif_image_handle *handle, uint32_t id, wt_heif_image_facts *facts) {
    facts->item_id = id;
    facts->width = heif_image_handle_get_width(handle);
    facts->height = heif_image_handle_get_height(handle);
    facts->ispe_width = heif_image_handle_get_ispe_width(handle);
    facts->ispe_height = heif_image_handle_get_ispe_height(handle);
    facts->luma_bits = heif_image_handle_get_luma_bits_per_pixel(handle);
    facts->chroma_bits = heif_image_handle_get_chroma_bits_per_pixel(handle);
    facts->has_alpha = heif_image_handle_has_alpha_channel(handle);
    facts->premultiplied_alpha = heif_image_handle_is_premultiplied_alpha(handle);
}

/// The first Exif block's id, or 0.
static heif_item_id first_exif_id(const struct heif_image_handle *handle) {
    heif_item_id id = 0;
    return heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 ? id : 0;
}

wt_status wt_heif_read_info(wt_heif_file *file, wt_heif_info *info, wt_message *message) {
    if (file == NULL || info == NULL) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "invalid arguments");
    }
    memset(info, 0, sizeof(*info));

    describe(file->primary, 0, &info->primary);
    info->top_level_images = heif_context_get_number_of_top_level_images(file->context);

    const int thumbnails = heif_image_handle_get_number_of_thumbnails(file->primary);
    info->thumbnail_count = thumbnails;
    if (thumbnails > 0) {
        heif_item_id ids[WT_HEIF_MAX_LISTED_THUMBNAILS];
        const int listed = heif_image_handle_get_list_of_thumbnail_IDs(file->primary, ids, WT_HEIF_MAX_LISTED_THUMBNAILS);
        for (int index = 0; index < listed; index++) {
            struct heif_image_handle *thumbnail = NULL;
            if (heif_image_handle_get_thumbnail(file->primary, ids[index], &thumbnail).code == heif_error_Ok) {
                describe(thumbnail, ids[index], &info->thumbnails[index]);
                heif_image_handle_release(thumbnail);
            }
        }
    }
    info->depth_images = heif_image_handle_get_number_of_depth_images(file->primary);
    info->other_auxiliary_images = heif_image_handle_get_number_of_auxiliary_images(
        file->primary, LIBHEIF_AUX_IMAGE_FILTER_OMIT_ALPHA | LIBHEIF_AUX_IMAGE_FILTER_OMIT_DEPTH);

    // The handle reports one type, ICC first; ask for each kind to see both.
    info->icc_size = heif_image_handle_get_raw_color_profile_size(file->primary);
    if (info->icc_size > 0) info->color_flags |= WT_HEIF_COLOR_ICC;
    struct heif_color_profile_nclx *nclx = NULL;
    const struct heif_error nclx_result = heif_image_handle_get_nclx_color_profile(file->primary, &nclx);
    // libheif hands out the profile even when it fails on an unknown code point (and the
    // caller must free it): keep the codes, with no chromaticities, so Swift refuses to guess.
    if (nclx != NULL && (nclx_result.code == heif_error_Ok || nclx_result.code == heif_error_Invalid_input)) {
        info->color_flags |= WT_HEIF_COLOR_NCLX;
        info->nclx_primaries = (int32_t)nclx->color_primaries;
        info->nclx_transfer = (int32_t)nclx->transfer_characteristics;
        info->nclx_matrix = (int32_t)nclx->matrix_coefficients;
        info->nclx_full_range = nclx->full_range_flag;
        if (nclx_result.code == heif_error_Ok) {
            const float xy[8] = {
                nclx->color_primary_red_x, nclx->color_primary_red_y, nclx->color_primary_green_x,
                nclx->color_primary_green_y, nclx->color_primary_blue_x, nclx->color_primary_blue_y,
                nclx->color_primary_white_x, nclx->color_primary_white_y,
            };
            memcpy(info->nclx_chromaticities, xy, sizeof(xy));
        }
    }
    if (nclx != NULL) heif_nclx_color_profile_free(nclx);

    const heif_item_id exif = first_exif_id(file->primary);
    info->exif_size = exif != 0 ? heif_image_handle_get_metadata_size(file->primary, exif) : 0;
    return WT_STATUS_OK;
}

wt_status wt_heif_copy_icc(wt_heif_file *file, uint8_t *buffer, size_t size, wt_message *message) {
    if (file == NULL || buffer == NULL || size != heif_image_handle_get_raw_color_profile_size(file->primary)) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "the ICC buffer does not match the profile");
    }
    return fail_heif(heif_image_handle_get_raw_color_profile(file->primary, buffer), "cannot read the ICC profile",
                     message);
}

wt_status wt_heif_copy_exif(wt_heif_file *file, uint8_t *buffer, size_t size, wt_message *message) {
    const heif_item_id exif = file != NULL ? first_exif_id(file->primary) : 0;
    if (exif == 0 || buffer == NULL || size != heif_image_handle_get_metadata_size(file->primary, exif)) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "the Exif buffer does not match the block");
    }
    return fail_heif(heif_image_handle_get_metadata(file->primary, exif, buffer), "cannot read the Exif block",
                     message);
}

wt_status wt_heif_decode(wt_heif_file *file, uint32_t thumbnail_id, int32_t strict,
                         wt_heif_loop_filters loop_filters, wt_heif_pixels **pixels, int32_t *width, int32_t *height,
                         wt_message *message) {
    if (file == NULL || pixels == NULL || width == NULL || height == NULL) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "invalid arguments");
    }
    *pixels = NULL;
    struct heif_image_handle *handle = file->primary;
    if (thumbnail_id != 0) {
        struct heif_error result = heif_image_handle_get_thumbnail(file->primary, thumbnail_id, &handle);
        if (result.code != heif_error_Ok) return fail_heif(result, "no such thumbnail", message);
    }
    if (loop_filters == WT_HEIF_LOOP_FILTERS_SKIP && !file->unfiltered_plugin_registered) {
        const struct heif_error registered = heif_register_decoder(file->context, wt_heif_unfiltered_hevc_plugin());
        if (registered.code != heif_error_Ok) {
            if (handle != file->primary) heif_image_handle_release(handle);
            return fail_heif(registered, "cannot register the HEVC decoder", message);
        }
        file->unfiltered_plugin_registered = 1;
    }
    const int deep = heif_image_handle_get_luma_bits_per_pixel(handle) > 8;
    const int alpha = heif_image_handle_has_alpha_channel(handle);
    // Without alpha, 3 bytes a pixel instead of 4: a quarter less for a whole 12 MP photo.
    const enum heif_chroma chroma = deep ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                         : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);

    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) {
        if (handle != file->primary) heif_image_handle_release(handle);
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "out of memory");
    }
    options->ignore_transformations = 0;  // libheif applies irot, imir and clap, once
    options->convert_hdr_to_8bit = 0;     // we round to 8 bits ourselves (it truncates)
    options->strict_decoding = strict ? 1 : 0;
    struct heif_image *image = NULL;
    struct heif_error result = heif_decode_image(handle, &image, heif_colorspace_RGB, chroma, options);
    heif_decoding_options_free(options);
    const int premultiplied = heif_image_handle_is_premultiplied_alpha(handle);
    // The message may live in the handle's item: copy it out before releasing the handle.
    const wt_status status = fail_heif(result, "cannot decode the image", message);
    if (handle != file->primary) heif_image_handle_release(handle);
    if (status != WT_STATUS_OK) {
        if (image != NULL) heif_image_release(image);
        return status;
    }

    struct wt_heif_pixels *decoded = calloc(1, sizeof(*decoded));
    if (decoded == NULL) {
        heif_image_release(image);
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "out of memory");
    }
    decoded->image = image;
    decoded->width = heif_image_get_width(image, heif_channel_interleaved);
    decoded->height = heif_image_get_height(image, heif_channel_interleaved);
    decoded->bits = heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved);
    decoded->has_alpha = alpha;
    decoded->premultiplied = premultiplied || heif_image_is_premultiplied_alpha(image);
    decoded->plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &decoded->stride);
    const int64_t sample_bytes = deep ? 2 : 1;
    if (decoded->plane == NULL || decoded->width < 1 || decoded->height < 1 || decoded->bits < 1 || decoded->bits > 16 ||
        (int64_t)decoded->stride < (int64_t)decoded->width * (alpha ? 4 : 3) * sample_bytes) {
        wt_heif_pixels_free(decoded);
        return WT_FAIL(WT_STATUS_CORRUPT, message, "libheif returned no usable interleaved plane");
    }
    *width = decoded->width;
    *height = decoded->height;
    *pixels = decoded;
    return WT_STATUS_OK;
}

void wt_heif_pixels_free(wt_heif_pixels *pixels) {
    if (pixels == NULL) return;
    if (pixels->image != NULL) heif_image_release(pixels->image);
    free(pixels);
}

int wt_heif_pixels_crop(wt_heif_pixels *pixels, int32_t width, int32_t height) {
    if (pixels == NULL || width < 1 || height < 1 || width > pixels->width || height > pixels->height) return -1;
    pixels->width = width;
    pixels->height = height;
    return 0;
}

int32_t wt_heif_pixels_bits(const wt_heif_pixels *pixels) { return pixels != NULL ? pixels->bits : 0; }

/// Undoes premultiplication, rounding to nearest (alpha 0 leaves black).
static void unpremultiply(uint8_t *rgba, int32_t width) {
    for (int32_t x = 0; x < width; x++, rgba += 4) {
        const unsigned alpha = rgba[3];
        if (alpha == 255) continue;
        for (int channel = 0; channel < 3; channel++) {
            const unsigned value = alpha == 0 ? 0 : (rgba[channel] * 255u + alpha / 2) / alpha;
            rgba[channel] = (uint8_t)(value > 255 ? 255 : value);
        }
    }
}

int wt_heif_pixels_copy_rows(const wt_heif_pixels *pixels, int32_t first_row, int32_t row_count,
                             uint8_t *rgba, size_t stride) {
    if (pixels == NULL || rgba == NULL || first_row < 0 || row_count < 0 ||
        (int64_t)first_row + row_count > pixels->height || stride < (size_t)pixels->width * 4) {
        return -1;
    }
    const int channels = pixels->has_alpha ? 4 : 3;
    // Nearest 8-bit level of a `bits`-bit sample v: round(v * 255 / max), in integers.
    const uint32_t max = (1u << pixels->bits) - 1;
    for (int32_t row = 0; row < row_count; row++) {
        const uint8_t *source = pixels->plane + (size_t)(first_row + row) * (size_t)pixels->stride;
        uint8_t *target = rgba + (size_t)row * stride;
        if (pixels->bits <= 8 && channels == 4) {
            memcpy(target, source, (size_t)pixels->width * 4);
        } else if (pixels->bits <= 8) {
            for (int32_t x = 0; x < pixels->width; x++) {
                target[4 * x] = source[3 * x];
                target[4 * x + 1] = source[3 * x + 1];
                target[4 * x + 2] = source[3 * x + 2];
                target[4 * x + 3] = 255;
            }
        } else {
            for (int32_t x = 0; x < pixels->width; x++) {
                for (int channel = 0; channel < 4; channel++) {
                    if (channel == 3 && channels == 3) {
                        target[4 * x + 3] = 255;
                        continue;
                    }
                    const uint8_t *sample = source + 2 * (channels * x + channel);
                    uint32_t value = (uint32_t)sample[0] | (uint32_t)sample[1] << 8;
                    if (value > max) value = max;
                    target[4 * x + channel] = (uint8_t)((value * 255u + max / 2) / max);
                }
            }
        }
        if (pixels->has_alpha && pixels->premultiplied) unpremultiply(target, pixels->width);
    }
    return 0;
}

uint32_t wt_heif_library_version(void) { return heif_get_version_number(); }

const char *wt_heif_version_text(void) { return heif_get_version(); }

int wt_heif_codec_names(int encoders, char *buffer, size_t size) {
    enum { capacity = 16 };
    const char *names[capacity];
    int count = 0;
    if (encoders) {
        const struct heif_encoder_descriptor *found[capacity];
        count = heif_get_encoder_descriptors(heif_compression_undefined, NULL, found, capacity);
        for (int i = 0; i < count; i++) names[i] = heif_encoder_descriptor_get_name(found[i]);
    } else {
        const struct heif_decoder_descriptor *found[capacity];
        count = heif_get_decoder_descriptors(heif_compression_undefined, found, capacity);
        for (int i = 0; i < count; i++) names[i] = heif_decoder_descriptor_get_name(found[i]);
    }
    if (size == 0) return count;
    buffer[0] = '\0';
    for (int i = 0; i < count; i++) {
        size_t used = strlen(buffer);
        snprintf(buffer + used, size - used, "%s%s", i ? "; " : "", names[i] ? names[i] : "?");
    }
    return count;
}
