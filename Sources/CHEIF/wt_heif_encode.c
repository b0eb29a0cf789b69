#include "wt_heif_encode.h"

#include <libheif/heif.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// heif_init registers the encoder plugins once per process; it is not safe to race.
static pthread_once_t encode_library_once = PTHREAD_ONCE_INIT;
static void initialise_encode_library(void) { heif_init(NULL); }

/// WT_STATUS_OK, or libheif's error as a wt_status with its message after `what`. An encoder
/// that refuses what it was given is asked for something it cannot do: INVALID_ARGUMENT.
static wt_status failed(struct heif_error result, const char *what, wt_message *message) {
    if (result.code == heif_error_Ok) return WT_STATUS_OK;
    wt_message_set(message, "%s: %s (libheif error %d.%d)", what,
                   result.message != NULL && result.message[0] != '\0' ? result.message : "no message",
                   (int)result.code, (int)result.subcode);
    // Some libheif messages hold newlines; a report line must not.
    for (char *character = message != NULL ? message->text : NULL; character != NULL && *character != '\0'; character++) {
        if (*character == '\n' || *character == '\r') *character = ' ';
    }
    switch (result.code) {
    case heif_error_Memory_allocation_error: return WT_STATUS_NO_MEMORY;
    case heif_error_Unsupported_feature:
    case heif_error_Unsupported_filetype: return WT_STATUS_UNSUPPORTED;
    default: return WT_STATUS_INVALID_ARGUMENT;
    }
}

/// The file libheif writes, gathered in one growing buffer.
typedef struct {
    unsigned char *bytes;
    size_t size;
    int out_of_memory;
} memory_output;

static struct heif_error write_to_memory(struct heif_context *context, const void *data, size_t size, void *userdata) {
    (void)context;
    memory_output *output = userdata;
    unsigned char *grown = realloc(output->bytes, output->size + size);
    if (grown == NULL) {
        output->out_of_memory = 1;
        struct heif_error error = { heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory" };
        return error;
    }
    memcpy(grown + output->size, data, size);
    output->bytes = grown;
    output->size += size;
    struct heif_error ok = { heif_error_Ok, heif_suberror_Unspecified, "" };
    return ok;
}

/// The speed or preset `effort` (0-6) stands for, on the chosen encoder.
static wt_status set_effort(struct heif_encoder *encoder, const wt_heif_encode_settings *settings, wt_message *message) {
    wt_status status;
    if (settings->codec == WT_HEIF_CODEC_AV1) {
        int speed = 10 - settings->effort > 9 ? 9 : 10 - settings->effort;
        status = failed(heif_encoder_set_parameter_integer(encoder, "speed", speed), "aom speed", message);
        if (status != WT_STATUS_OK) return status;
        return failed(heif_encoder_set_parameter_integer(encoder, "threads", 1), "aom threads", message);
    }
    static const char *const presets[] = { "ultrafast", "superfast", "veryfast", "faster", "medium", "slow", "slower" };
    status = failed(heif_encoder_set_parameter_string(encoder, "preset", presets[settings->effort]), "x265 preset", message);
    // One worker thread and one frame thread: x265 takes every core otherwise.
    if (status == WT_STATUS_OK) status = failed(heif_encoder_set_parameter_string(encoder, "x265:pools", "1"), "x265 pools", message);
    if (status == WT_STATUS_OK) status = failed(heif_encoder_set_parameter_string(encoder, "x265:frame-threads", "1"), "x265 frame threads", message);
    if (status != WT_STATUS_OK) return status;
    // x265 prints its own "x265 [error]" lines on standard error, unterminated and naming no
    // file; what failed reaches the user through libheif's error instead.
    return failed(heif_encoder_set_parameter_string(encoder, "x265:log-level", "none"), "x265 log level", message);
}

/// An 8-bit interleaved RGB or RGBA heif_image holding `rgba`'s pixels, tagged sRGB, in `*made`.
static wt_status make_image(const unsigned char *rgba, int width, int height, int has_alpha,
                            const unsigned char *icc, size_t icc_size, const struct heif_color_profile_nclx *nclx,
                            struct heif_image **made, wt_message *message) {
    struct heif_image *image = NULL;
    enum heif_chroma chroma = has_alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB;
    wt_status status = failed(heif_image_create(width, height, heif_colorspace_RGB, chroma, &image), "heif_image_create", message);
    if (status != WT_STATUS_OK) return status;
    status = failed(heif_image_add_plane(image, heif_channel_interleaved, width, height, 8), "heif_image_add_plane", message);
    if (status == WT_STATUS_OK) status = failed(heif_image_set_nclx_color_profile(image, nclx), "the nclx profile", message);
    if (status == WT_STATUS_OK && icc != NULL) {
        status = failed(heif_image_set_raw_color_profile(image, "prof", icc, icc_size), "the ICC profile", message);
    }
    int stride = 0;
    uint8_t *plane = status == WT_STATUS_OK ? heif_image_get_plane(image, heif_channel_interleaved, &stride) : NULL;
    if (status == WT_STATUS_OK && plane == NULL) {
        status = WT_FAIL(WT_STATUS_NO_MEMORY, message, "libheif gave no pixel plane");
    }
    if (status != WT_STATUS_OK) {
        heif_image_release(image);
        return status;
    }
    int channels = has_alpha ? 4 : 3;
    for (int y = 0; y < height; y++) {
        const unsigned char *source = rgba + (size_t)y * (size_t)width * 4;
        uint8_t *row = plane + (size_t)y * (size_t)stride;
        if (has_alpha) {
            memcpy(row, source, (size_t)width * 4);
        } else {
            for (int x = 0; x < width; x++) memcpy(row + x * channels, source + x * 4, 3);
        }
    }
    *made = image;
    return WT_STATUS_OK;
}

int wt_heif_encode_rgba(const unsigned char *rgba, int width, int height, int has_alpha,
                        const wt_heif_encode_settings *settings,
                        const unsigned char *icc, size_t icc_size,
                        unsigned char **out, size_t *out_size, wt_message *message) {
    if (out == NULL || out_size == NULL || rgba == NULL || settings == NULL || width < 1 || height < 1
        || settings->quality < 0 || settings->quality > 100 || settings->effort < 0 || settings->effort > 6
        || (settings->codec != WT_HEIF_CODEC_AV1 && settings->codec != WT_HEIF_CODEC_HEVC)) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "invalid arguments");
    }
    *out = NULL;
    *out_size = 0;
    pthread_once(&encode_library_once, initialise_encode_library);

    struct heif_context *context = heif_context_alloc();
    if (context == NULL) {
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "libheif could not allocate a context");
    }
    enum heif_compression_format compression =
        settings->codec == WT_HEIF_CODEC_AV1 ? heif_compression_AV1 : heif_compression_HEVC;
    struct heif_encoder *encoder = NULL;
    struct heif_image *image = NULL;
    struct heif_encoding_options *options = NULL;
    struct heif_color_profile_nclx *nclx = heif_nclx_color_profile_alloc();
    memory_output output = { NULL, 0, 0 };
    wt_status status = WT_STATUS_OK;

    if (nclx == NULL) {
        status = WT_FAIL(WT_STATUS_NO_MEMORY, message, "libheif could not allocate an nclx profile");
        goto done;
    }
    // sRGB as H.273 code points: what our pixels are, whether or not an ICC profile says more.
    nclx->color_primaries = heif_color_primaries_ITU_R_BT_709_5;
    nclx->transfer_characteristics = heif_transfer_characteristic_IEC_61966_2_1;
    nclx->matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_601_6;
    nclx->full_range_flag = 1;

    status = failed(heif_context_get_encoder_for_format(context, compression, &encoder),
                    settings->codec == WT_HEIF_CODEC_AV1 ? "no AV1 encoder in libheif" : "no HEVC encoder in libheif", message);
    if (status == WT_STATUS_OK) status = failed(heif_encoder_set_lossy_quality(encoder, settings->quality), "quality", message);
    if (status == WT_STATUS_OK) status = set_effort(encoder, settings, message);
    if (status == WT_STATUS_OK) status = make_image(rgba, width, height, has_alpha, icc, icc_size, nclx, &image, message);
    if (status != WT_STATUS_OK) goto done;

    options = heif_encoding_options_alloc();
    if (options == NULL) {
        status = WT_FAIL(WT_STATUS_NO_MEMORY, message, "libheif could not allocate encoding options");
        goto done;
    }
    options->save_alpha_channel = has_alpha ? 1 : 0;
    // Both colour boxes when there is a profile, and the nclx box even for plain sRGB (libheif
    // leaves it out by default for old macOS versions): a reader then never has to guess.
    options->save_two_colr_boxes_when_ICC_and_nclx_available = 1;
    options->output_nclx_profile = nclx;
    options->macOS_compatibility_workaround_no_nclx_profile = 0;

    status = failed(heif_context_encode_image(context, image, encoder, options, NULL), "encoding", message);
    if (status != WT_STATUS_OK) goto done;
    struct heif_writer writer = { 1, write_to_memory };
    status = failed(heif_context_write(context, &writer, &output), "writing the file", message);
    if (status != WT_STATUS_OK) goto done;
    *out = output.bytes;
    *out_size = output.size;
    output.bytes = NULL;

done:
    free(output.bytes);
    if (options != NULL) heif_encoding_options_free(options);
    if (image != NULL) heif_image_release(image);
    if (encoder != NULL) heif_encoder_release(encoder);
    if (nclx != NULL) heif_nclx_color_profile_free(nclx);
    heif_context_free(context);
    return status;
}

void wt_heif_encode_free(unsigned char *buffer) { free(buffer); }
