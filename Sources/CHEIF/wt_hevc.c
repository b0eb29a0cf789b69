#include "wt_hevc.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif
#include <libde265/de265.h>
#include <stdlib.h>
#include <string.h>

struct wt_hevc_picture {
    de265_decoder_context *context;
    const struct de265_image *image;
    const uint8_t *planes[3];
    int strides[3];
    int32_t width, height;
};

static uint32_t big_endian(const uint8_t *bytes, int count) {
    uint32_t value = 0;
    for (int index = 0; index < count; index++) value = value << 8 | bytes[index];
    return value;
}

/// Pushes hvcC's parameter-set arrays (ISO/IEC 14496-15 8.3.3.1) and returns the size of the
/// data's NAL length fields, or -1 when the box is damaged.
static int push_parameter_sets(de265_decoder_context *context, const uint8_t *config, size_t size) {
    if (size < 23) return -1;
    const int length_size = (config[21] & 3) + 1;
    const int arrays = config[22];
    size_t offset = 23;
    for (int array = 0; array < arrays; array++) {
        if (size - offset < 3) return -1;
        const uint32_t units = big_endian(config + offset + 1, 2);
        offset += 3;
        for (uint32_t unit = 0; unit < units; unit++) {
            if (size - offset < 2) return -1;
            const uint32_t length = big_endian(config + offset, 2);
            offset += 2;
            if (length > size - offset) return -1;
            if (!de265_isOK(de265_push_NAL(context, config + offset, (int)length, 0, NULL))) return -1;
            offset += length;
        }
    }
    return length_size == 3 ? -1 : length_size;  // 3-byte lengths are not allowed
}

void wt_hevc_picture_free(wt_hevc_picture *picture) {
    if (picture == NULL) return;
    if (picture->image != NULL) de265_release_next_picture(picture->context);
    if (picture->context != NULL) de265_free_decoder(picture->context);
    free(picture);
}

wt_status wt_hevc_decode(const uint8_t *config, size_t config_size, const uint8_t *data, size_t data_size,
                         int32_t skip_loop_filters, wt_hevc_picture **result, wt_message *message) {
    if (config == NULL || data == NULL || result == NULL) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "invalid arguments");
    }
    *result = NULL;
    // hvcC fields 16-18: chroma_format_idc, bit depths minus 8. Checked before decoding anything.
    if (config_size < 23) return WT_FAIL(WT_STATUS_CORRUPT, message, "the hvcC box is too short");
    if ((config[16] & 3) != 1 || (config[17] & 7) != 0 || (config[18] & 7) != 0) {
        return WT_FAIL(WT_STATUS_UNSUPPORTED, message, "not 8-bit 4:2:0");
    }
    struct wt_hevc_picture *picture = calloc(1, sizeof(*picture));
    if (picture == NULL) return WT_FAIL(WT_STATUS_NO_MEMORY, message, "out of memory");
    picture->context = de265_new_decoder();
    if (picture->context == NULL) {
        free(picture);
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "libde265 could not allocate a decoder");
    }
    // No worker threads: one decode per job is the parallelism.
    de265_set_parameter_bool(picture->context, DE265_DECODER_PARAM_DISABLE_DEBLOCKING, skip_loop_filters ? 1 : 0);
    de265_set_parameter_bool(picture->context, DE265_DECODER_PARAM_DISABLE_SAO, skip_loop_filters ? 1 : 0);

    const int length_size = push_parameter_sets(picture->context, config, config_size);
    if (length_size < 0) {
        wt_hevc_picture_free(picture);
        return WT_FAIL(WT_STATUS_CORRUPT, message, "the hvcC box is damaged");
    }
    size_t offset = 0;
    while (offset < data_size) {
        if (data_size - offset < (size_t)length_size) break;
        const uint32_t length = big_endian(data + offset, length_size);
        offset += (size_t)length_size;
        if (length > data_size - offset || length > INT32_MAX) {
            wt_hevc_picture_free(picture);
            return WT_FAIL(WT_STATUS_CORRUPT, message, "a NAL unit runs past the image data");
        }
        if (!de265_isOK(de265_push_NAL(picture->context, data + offset, (int)length, 0, NULL))) {
            wt_hevc_picture_free(picture);
            return WT_FAIL(WT_STATUS_NO_MEMORY, message, "libde265 refused a NAL unit");
        }
        offset += length;
    }
    de265_flush_data(picture->context);
    int more = 0;
    do {
        more = 0;
        if (de265_decode(picture->context, &more) != DE265_OK) break;  // all pushed data decoded
        if (picture->image == NULL) picture->image = de265_peek_next_picture(picture->context);
    } while (more && picture->image == NULL);
    if (picture->image == NULL) picture->image = de265_peek_next_picture(picture->context);
    if (picture->image == NULL) {
        wt_hevc_picture_free(picture);
        return WT_FAIL(WT_STATUS_CORRUPT, message, "libde265 decoded no picture");
    }
    const struct de265_image *image = picture->image;
    if (de265_get_chroma_format(image) != de265_chroma_420 || de265_get_bits_per_pixel(image, 0) != 8 ||
        de265_get_bits_per_pixel(image, 1) != 8 || de265_get_bits_per_pixel(image, 2) != 8) {
        wt_hevc_picture_free(picture);
        return WT_FAIL(WT_STATUS_UNSUPPORTED, message, "the picture is not 8-bit 4:2:0");
    }
    picture->width = de265_get_image_width(image, 0);
    picture->height = de265_get_image_height(image, 0);
    for (int plane = 0; plane < 3; plane++) {
        picture->planes[plane] = de265_get_image_plane(image, plane, &picture->strides[plane]);
        const int expected_width = plane == 0 ? picture->width : (picture->width + 1) / 2;
        const int expected_height = plane == 0 ? picture->height : (picture->height + 1) / 2;
        if (picture->planes[plane] == NULL || picture->strides[plane] < expected_width ||
            de265_get_image_width(image, plane) < expected_width || de265_get_image_height(image, plane) < expected_height) {
            wt_hevc_picture_free(picture);
            return WT_FAIL(WT_STATUS_CORRUPT, message, "libde265 returned an unusable plane");
        }
    }
    if (picture->width < 1 || picture->height < 1) {
        wt_hevc_picture_free(picture);
        return WT_FAIL(WT_STATUS_CORRUPT, message, "the picture has no size");
    }
    *result = picture;
    return WT_STATUS_OK;
}

int32_t wt_hevc_picture_width(const wt_hevc_picture *picture) { return picture != NULL ? picture->width : 0; }
int32_t wt_hevc_picture_height(const wt_hevc_picture *picture) { return picture != NULL ? picture->height : 0; }

void wt_hevc_picture_colour(const wt_hevc_picture *picture, int32_t *matrix, int32_t *full_range) {
    if (matrix != NULL) *matrix = picture != NULL ? de265_get_image_matrix_coefficients(picture->image) : 2;
    if (full_range != NULL) *full_range = picture != NULL ? de265_get_image_full_range_flag(picture->image) : 0;
}

static inline uint8_t clamp(int32_t value) { return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value); }

/// The conversion in 16.16 fixed point: R = Y' + 2(1-Kr) Cr, B = Y' + 2(1-Kb) Cb, G from the
/// luma equation, with the limited-range scales folded in. Those are libheif's own, 1.1689 and
/// 1.1429 (about 256/219 and 256/224, where 255/219 and 255/224 would be exact): every libheif
/// version, and so libvips and pillow-heif, shows a limited-range HEIC that way, about half a
/// level brighter than the exact scales would.
typedef struct coefficients {
    int32_t luma_offset, y_factor, r_cr, b_cb, g_cb, g_cr;
} coefficients;

static coefficients coefficients_of(wt_hevc_matrix matrix) {
    const float kg = 1.0f - matrix.kr - matrix.kb;
    const float luma_scale = matrix.full_range ? 1.0f : 1.1689f;
    const float chroma_scale = matrix.full_range ? 1.0f : 1.1429f;
    const float one = (float)(1 << 16);
    return (coefficients){
        .luma_offset = matrix.full_range ? 0 : 16,
        .y_factor = (int32_t)(luma_scale * one + 0.5f),
        .r_cr = (int32_t)(2.0f * (1.0f - matrix.kr) * chroma_scale * one + 0.5f),
        .b_cb = (int32_t)(2.0f * (1.0f - matrix.kb) * chroma_scale * one + 0.5f),
        .g_cb = (int32_t)(2.0f * (1.0f - matrix.kb) * matrix.kb / kg * chroma_scale * one + 0.5f),
        .g_cr = (int32_t)(2.0f * (1.0f - matrix.kr) * matrix.kr / kg * chroma_scale * one + 0.5f),
    };
}

static void convert_portable(const uint8_t *luma, const uint8_t *cb_row, const uint8_t *cr_row, int32_t x,
                             int32_t count, const coefficients *k, uint8_t *rgba) {
    const int32_t half = 1 << 15;
    for (int32_t index = 0; index < count; index++) {
        const int32_t column = x + index;
        const int32_t luma_value = ((int32_t)luma[column] - k->luma_offset) * k->y_factor + half;
        const int32_t cb = (int32_t)cb_row[column / 2] - 128;
        const int32_t cr = (int32_t)cr_row[column / 2] - 128;
        uint8_t *pixel = rgba + 4 * (size_t)index;
        pixel[0] = clamp((luma_value + k->r_cr * cr) >> 16);
        pixel[1] = clamp((luma_value - k->g_cb * cb - k->g_cr * cr) >> 16);
        pixel[2] = clamp((luma_value + k->b_cb * cb) >> 16);
        pixel[3] = 255;
    }
}

int32_t wt_hevc_has_avx2(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;  // not x86-64 (arm64 Linux, say): the portable loop; not built in CI
#endif
}

#if defined(__x86_64__)

// 8 pixels' 32-bit channel values to 16 bytes of 16 pixels, clamped to 0-255 by the packs
// (as clamp() does).
__attribute__((target("avx2"))) static __m128i pack_bytes(__m256i first, __m256i second) {
    const __m256i words = _mm256_permute4x64_epi64(_mm256_packs_epi32(first, second), 0xD8);
    return _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
}

/// The portable arithmetic, 16 pixels from an even column at a time; returns the pixels done.
__attribute__((target("avx2"))) static int32_t convert_avx2(const uint8_t *luma, const uint8_t *cb_row,
                                                           const uint8_t *cr_row, int32_t x, int32_t count,
                                                           const coefficients *k, uint8_t *rgba) {
    const __m256i offset = _mm256_set1_epi32(k->luma_offset), y_factor = _mm256_set1_epi32(k->y_factor);
    const __m256i half = _mm256_set1_epi32(1 << 15), centre = _mm256_set1_epi32(128);
    const __m256i r_cr = _mm256_set1_epi32(k->r_cr), b_cb = _mm256_set1_epi32(k->b_cb);
    const __m256i g_cb = _mm256_set1_epi32(k->g_cb), g_cr = _mm256_set1_epi32(k->g_cr);
    const __m128i alpha = _mm_set1_epi8((char)0xFF);
    int32_t done = 0;
    for (; done + 16 <= count; done += 16) {
        const int32_t column = x + done;
        const __m128i y_bytes = _mm_loadu_si128((const __m128i *)(luma + column));
        // Each chroma sample serves two pixels.
        const __m128i cb_bytes = _mm_loadl_epi64((const __m128i *)(cb_row + column / 2));
        const __m128i cr_bytes = _mm_loadl_epi64((const __m128i *)(cr_row + column / 2));
        const __m128i cb_pairs = _mm_unpacklo_epi8(cb_bytes, cb_bytes), cr_pairs = _mm_unpacklo_epi8(cr_bytes, cr_bytes);
        __m256i red[2], green[2], blue[2];
        for (int part = 0; part < 2; part++) {
            const __m256i y = _mm256_cvtepu8_epi32(part == 0 ? y_bytes : _mm_srli_si128(y_bytes, 8));
            const __m256i cb = _mm256_sub_epi32(_mm256_cvtepu8_epi32(part == 0 ? cb_pairs : _mm_srli_si128(cb_pairs, 8)), centre);
            const __m256i cr = _mm256_sub_epi32(_mm256_cvtepu8_epi32(part == 0 ? cr_pairs : _mm_srli_si128(cr_pairs, 8)), centre);
            const __m256i value = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_sub_epi32(y, offset), y_factor), half);
            red[part] = _mm256_srai_epi32(_mm256_add_epi32(value, _mm256_mullo_epi32(r_cr, cr)), 16);
            green[part] = _mm256_srai_epi32(
                _mm256_sub_epi32(_mm256_sub_epi32(value, _mm256_mullo_epi32(g_cb, cb)), _mm256_mullo_epi32(g_cr, cr)), 16);
            blue[part] = _mm256_srai_epi32(_mm256_add_epi32(value, _mm256_mullo_epi32(b_cb, cb)), 16);
        }
        const __m128i r = pack_bytes(red[0], red[1]), g = pack_bytes(green[0], green[1]), b = pack_bytes(blue[0], blue[1]);
        const __m128i rg_low = _mm_unpacklo_epi8(r, g), rg_high = _mm_unpackhi_epi8(r, g);
        const __m128i ba_low = _mm_unpacklo_epi8(b, alpha), ba_high = _mm_unpackhi_epi8(b, alpha);
        __m128i *out = (__m128i *)(rgba + 4 * (size_t)done);
        _mm_storeu_si128(out + 0, _mm_unpacklo_epi16(rg_low, ba_low));
        _mm_storeu_si128(out + 1, _mm_unpackhi_epi16(rg_low, ba_low));
        _mm_storeu_si128(out + 2, _mm_unpacklo_epi16(rg_high, ba_high));
        _mm_storeu_si128(out + 3, _mm_unpackhi_epi16(rg_high, ba_high));
    }
    return done;
}
#else
/// Never called off x86-64 (wt_hevc_has_avx2() is 0): the portable loop does every pixel.
static int32_t convert_avx2(const uint8_t *luma, const uint8_t *cb_row, const uint8_t *cr_row, int32_t x,
                            int32_t count, const coefficients *k, uint8_t *rgba) {
    return 0;
}
#endif

void wt_hevc_convert_row(const uint8_t *luma, const uint8_t *cb, const uint8_t *cr, int32_t x, int32_t count,
                         wt_hevc_matrix matrix, wt_hevc_kernel kernel, uint8_t *rgba) {
    if (count <= 0) return;
    const coefficients k = coefficients_of(matrix);
    int32_t done = 0;
    if (kernel == WT_HEVC_KERNEL_AVX2) {
        // The vector loop starts on an even column, where a chroma sample starts.
        if (x % 2 != 0) {
            convert_portable(luma, cb, cr, x, 1, &k, rgba);
            done = 1;
        }
        done += convert_avx2(luma, cb, cr, x + done, count - done, &k, rgba + 4 * (size_t)done);
    }
    convert_portable(luma, cb, cr, x + done, count - done, &k, rgba + 4 * (size_t)done);
}

int wt_hevc_picture_copy_rgba(const wt_hevc_picture *picture, int32_t x, int32_t y, int32_t count,
                              wt_hevc_matrix matrix, uint8_t *rgba) {
    if (picture == NULL || rgba == NULL || x < 0 || y < 0 || count < 0 || y >= picture->height ||
        (int64_t)x + count > picture->width) {
        return -1;
    }
    wt_hevc_convert_row(picture->planes[0] + (size_t)y * (size_t)picture->strides[0],
                        picture->planes[1] + (size_t)(y / 2) * (size_t)picture->strides[1],
                        picture->planes[2] + (size_t)(y / 2) * (size_t)picture->strides[2], x, count, matrix,
                        wt_hevc_has_avx2() ? WT_HEVC_KERNEL_AVX2 : WT_HEVC_KERNEL_PORTABLE, rgba);
    return 0;
}

const char *wt_de265_version_text(void) { return de265_get_version(); }
