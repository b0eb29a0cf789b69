// Test fixtures only (see wt_heif_testing.h).
#include "wt_heif_testing.h"
#include <libheif/heif.h>
#include <stdlib.h>
#include <string.h>

struct memory_writer {
    uint8_t *bytes;
    size_t size;
};

static struct heif_error write_to_memory(struct heif_context *context, const void *data, size_t size, void *userdata) {
    (void)context;
    struct memory_writer *writer = userdata;
    writer->bytes = malloc(size > 0 ? size : 1);
    if (writer->bytes == NULL) {
        return (struct heif_error){heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
    }
    memcpy(writer->bytes, data, size);
    writer->size = size;
    return (struct heif_error){heif_error_Ok, heif_suberror_Unspecified, "Success"};
}

/// Sets `message` from a failed libheif call; 0 for success, else -1.
static int failed(struct heif_error result, const char *what, wt_message *message) {
    if (result.code == heif_error_Ok) return 0;
    wt_message_set(message, "%s: %s", what, result.message != NULL ? result.message : "no message");
    return -1;
}

int wt_heif_testing_encode(const uint8_t *rgb, int width, int height, wt_heif_testing_codec codec,
                           wt_heif_testing_colour colour, const char *const *encoder_parameters, int image_count,
                           uint8_t **file, size_t *file_size, wt_message *message) {
    *file = NULL;
    *file_size = 0;
    struct heif_image *image = NULL;
    if (failed(heif_image_create(width, height, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image),
               "heif_image_create", message) ||
        failed(heif_image_add_plane(image, heif_channel_interleaved, width, height, 8), "heif_image_add_plane",
               message)) {
        if (image != NULL) heif_image_release(image);
        return -1;
    }
    int stride = 0;
    uint8_t *plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int y = 0; y < height; y++) memcpy(plane + (size_t)y * (size_t)stride, rgb + (size_t)y * (size_t)width * 3, (size_t)width * 3);

    struct heif_context *context = heif_context_alloc();
    struct heif_encoder *encoder = NULL;
    int status = failed(heif_context_get_encoder_for_format(context, codec == WT_HEIF_TESTING_AV1 ? heif_compression_AV1
                                                                                                   : heif_compression_HEVC,
                                                            &encoder),
                        "no encoder", message);
    if (status == 0) status = failed(heif_encoder_set_lossy_quality(encoder, 90), "quality", message);
    for (const char *const *parameter = encoder_parameters; status == 0 && parameter != NULL && parameter[0] != NULL;
         parameter += 2) {
        status = failed(heif_encoder_set_parameter_string(encoder, parameter[0], parameter[1]), parameter[0], message);
    }
    struct heif_encoding_options *options = heif_encoding_options_alloc();
    struct heif_color_profile_nclx *nclx = NULL;
    if (colour.write_nclx) {
        nclx = heif_nclx_color_profile_alloc();
        nclx->color_primaries = (enum heif_color_primaries)colour.primaries;
        nclx->transfer_characteristics = (enum heif_transfer_characteristics)colour.transfer;
        nclx->matrix_coefficients = (enum heif_matrix_coefficients)colour.matrix;
        nclx->full_range_flag = (uint8_t)colour.full_range;
        // libheif 1.15 writes the image's own profile; newer versions take the option.
        heif_image_set_nclx_color_profile(image, nclx);
        options->output_nclx_profile = nclx;
        options->macOS_compatibility_workaround_no_nclx_profile = 0;
    }
    for (int index = 0; status == 0 && index < image_count; index++) {
        status = failed(heif_context_encode_image(context, image, encoder, options, NULL), "encode", message);
    }
    struct memory_writer output = {NULL, 0};
    struct heif_writer writer = {1, write_to_memory};
    if (status == 0) status = failed(heif_context_write(context, &writer, &output), "write", message);
    heif_encoding_options_free(options);
    if (nclx != NULL) heif_nclx_color_profile_free(nclx);
    if (encoder != NULL) heif_encoder_release(encoder);
    heif_context_free(context);
    heif_image_release(image);
    if (status != 0) {
        free(output.bytes);
        return -1;
    }
    *file = output.bytes;
    *file_size = output.size;
    return 0;
}

void wt_heif_testing_free(uint8_t *file) { free(file); }

int wt_heif_testing_decode(const uint8_t *file, size_t size, int width, int height, uint8_t *rgb,
                           wt_message *message) {
    struct heif_context *context = heif_context_alloc();
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int status = failed(heif_context_read_from_memory_without_copy(context, file, size, NULL), "read", message);
    if (status == 0) status = failed(heif_context_get_primary_image_handle(context, &handle), "primary", message);
    if (status == 0) {
        status = failed(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL),
                        "decode", message);
    }
    if (status == 0 && (heif_image_get_width(image, heif_channel_interleaved) != width ||
                        heif_image_get_height(image, heif_channel_interleaved) != height)) {
        wt_message_set(message, "libheif decoded another size");
        status = -1;
    }
    if (status == 0) {
        int stride = 0;
        const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
        for (int y = 0; y < height; y++) {
            memcpy(rgb + (size_t)y * (size_t)width * 3, plane + (size_t)y * (size_t)stride, (size_t)width * 3);
        }
    }
    if (image != NULL) heif_image_release(image);
    if (handle != NULL) heif_image_handle_release(handle);
    heif_context_free(context);
    return status;
}
