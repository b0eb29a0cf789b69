#include "wt_webp.h"

#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

/// libwebp's status as ours, with a sentence saying what happened to the image.
static wt_status fail_vp8(VP8StatusCode code, const char *what, wt_message *message) {
    switch (code) {
    case VP8_STATUS_NOT_ENOUGH_DATA:
        return WT_FAIL(WT_STATUS_TRUNCATED, message, "%s: truncated (the data ends before the image does)", what);
    case VP8_STATUS_OUT_OF_MEMORY:
        return WT_FAIL(WT_STATUS_NO_MEMORY, message, "%s: libwebp ran out of memory", what);
    case VP8_STATUS_INVALID_PARAM:
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "%s: libwebp refused the decode parameters", what);
    case VP8_STATUS_BITSTREAM_ERROR:
        return WT_FAIL(WT_STATUS_CORRUPT, message, "%s: invalid WebP bitstream", what);
    case VP8_STATUS_UNSUPPORTED_FEATURE:
        return WT_FAIL(WT_STATUS_UNSUPPORTED, message, "%s: uses a WebP feature libwebp cannot decode", what);
    case VP8_STATUS_SUSPENDED:
        // WebPDecode's "cannot parse partitions": a VP8 partition runs past the data.
        return WT_FAIL(WT_STATUS_CORRUPT, message, "%s: the lossy bitstream's partitions run past the end of the data", what);
    case VP8_STATUS_USER_ABORT:
        return WT_FAIL(WT_STATUS_CORRUPT, message, "%s: libwebp stopped early (status %d)", what, (int)code);
    case VP8_STATUS_OK:
        break;
    }
    return WT_STATUS_OK;
}

static uint32_t read_le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t read_le24(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16;
}

enum { RIFF_HEADER = 12, CHUNK_HEADER = 8, VP8X_PAYLOAD = 10 };

wt_status wt_webp_read_header(const uint8_t *data, size_t size, uint32_t max_chunks,
                              wt_webp_header *header, wt_message *message) {
    if (data == NULL || header == NULL) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "no data");
    }
    memset(header, 0, sizeof(*header));
    if (size < RIFF_HEADER) {
        return WT_FAIL(WT_STATUS_TRUNCATED, message,
                    "truncated: %zu bytes is too short for a RIFF header", size);
    }
    if (memcmp(data, "RIFF", 4) != 0 || memcmp(data + 8, "WEBP", 4) != 0) {
        return WT_FAIL(WT_STATUS_CORRUPT, message, "not a RIFF WEBP container");
    }
    const uint32_t riff_size = read_le32(data + 4);
    if (riff_size < 4 + CHUNK_HEADER) {
        return WT_FAIL(WT_STATUS_CORRUPT, message,
                    "the RIFF size (%u bytes) is too small to hold an image", riff_size);
    }
    // As libwebp does: bytes past the RIFF chunk are not part of the image. 64-bit sums
    // throughout so no declared size can wrap.
    const uint64_t riff_end = (uint64_t)riff_size + CHUNK_HEADER;
    const uint64_t end = riff_end < size ? riff_end : size;

    uint64_t position = RIFF_HEADER;
    while (position + CHUNK_HEADER <= end) {
        const uint8_t *chunk = data + position;
        const uint32_t payload = read_le32(chunk + 4);
        if (header->chunk_count == max_chunks) {
            return WT_FAIL(WT_STATUS_TOO_LARGE, message,
                        "the file holds more than %u RIFF chunks (frames and metadata)", max_chunks);
        }
        header->chunk_count += 1;
        if (position == RIFF_HEADER && memcmp(chunk, "VP8X", 4) == 0) {
            if (payload < VP8X_PAYLOAD) {
                return WT_FAIL(WT_STATUS_CORRUPT, message, "the VP8X chunk is %u bytes, under 10", payload);
            }
            if (position + CHUNK_HEADER + VP8X_PAYLOAD > end) break;
            header->is_extended = 1;
            header->vp8x_flags = chunk[CHUNK_HEADER];
            // 24-bit fields, stored minus one: up to 16,777,216 x 16,777,216 declared.
            header->width = (int64_t)read_le24(chunk + CHUNK_HEADER + 4) + 1;
            header->height = (int64_t)read_le24(chunk + CHUNK_HEADER + 7) + 1;
        }
        position += CHUNK_HEADER + (uint64_t)payload + (payload & 1);
    }
    if (header->chunk_count == 0) {
        return WT_FAIL(WT_STATUS_TRUNCATED, message, "truncated: no chunk after the RIFF header");
    }
    if (memcmp(data + RIFF_HEADER, "VP8X", 4) == 0) {
        if (!header->is_extended) {
            return WT_FAIL(WT_STATUS_TRUNCATED, message, "truncated inside the VP8X header");
        }
        return WT_STATUS_OK;
    }
    // A simple file: the size is in the VP8 or VP8L bitstream header (14 bits per side).
    WebPBitstreamFeatures features;
    const VP8StatusCode status = WebPGetFeatures(data, size, &features);
    if (status != VP8_STATUS_OK) return fail_vp8(status, "reading the image header", message);
    header->width = features.width;
    header->height = features.height;
    return WT_STATUS_OK;
}

static void copy_chunk(const WebPDemuxer *demux, const char fourcc[4], const uint8_t *data,
                       size_t *offset, size_t *size) {
    WebPChunkIterator chunk;
    if (WebPDemuxGetChunk(demux, fourcc, 1, &chunk)) {
        *offset = (size_t)(chunk.chunk.bytes - data);
        *size = chunk.chunk.size;
    }
    WebPDemuxReleaseChunkIterator(&chunk);
}

wt_status wt_webp_probe(const uint8_t *data, size_t size, wt_webp_info *info, wt_message *message) {
    if (data == NULL || info == NULL) return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "no data");
    memset(info, 0, sizeof(*info));

    WebPBitstreamFeatures features;
    const VP8StatusCode feature_status = WebPGetFeatures(data, size, &features);
    const WebPData webp = { data, size };
    WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
    WebPDemuxer *demux = WebPDemuxPartial(&webp, &state);

    if (demux == NULL) {
        // The demuxer is stricter than the decoder (a bad trailing chunk size fails it).
        // A still image can still be decoded; only its metadata is lost.
        if (feature_status == VP8_STATUS_OK && !features.has_animation) {
            info->container_damaged = 1;
            info->canvas_width = info->frame_width = features.width;
            info->canvas_height = info->frame_height = features.height;
            info->frame_count = 1;
            info->frame_has_alpha = features.has_alpha;
            info->frame_format = features.format;
            info->frame_size = size;
            return WT_STATUS_OK;
        }
        if (feature_status != VP8_STATUS_OK) return fail_vp8(feature_status, "reading the container", message);
        return WT_FAIL(WT_STATUS_CORRUPT, message, "libwebpdemux cannot parse the animation's container");
    }
    if (state == WEBP_DEMUX_PARSING_HEADER) {
        WebPDemuxDelete(demux);
        return WT_FAIL(WT_STATUS_TRUNCATED, message, "truncated inside the container header");
    }

    info->canvas_width = (int32_t)WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    info->canvas_height = (int32_t)WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    info->vp8x_flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS);
    info->has_animation = (info->vp8x_flags & ANIMATION_FLAG) != 0;
    info->frame_count = (int32_t)WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    info->container_complete = state == WEBP_DEMUX_DONE;
    copy_chunk(demux, "EXIF", data, &info->exif_offset, &info->exif_size);
    copy_chunk(demux, "ICCP", data, &info->iccp_offset, &info->iccp_size);

    WebPIterator frame;
    const int has_frame = WebPDemuxGetFrame(demux, 1, &frame);
    wt_status result = WT_STATUS_OK;
    if (!has_frame) {
        result = info->container_complete
            ? WT_FAIL(WT_STATUS_CORRUPT, message, "the file holds no image")
            : WT_FAIL(WT_STATUS_TRUNCATED, message, "truncated before the first frame");
    } else {
        info->frame_x = frame.x_offset;
        info->frame_y = frame.y_offset;
        info->frame_width = frame.width;
        info->frame_height = frame.height;
        info->frame_complete = frame.complete;
        if (info->has_animation) {
            info->frame_offset = (size_t)(frame.fragment.bytes - data);
            info->frame_size = frame.fragment.size;
        } else {
            // A still image decodes from the whole file, exactly as dwebp does.
            info->frame_size = size;
        }
        WebPBitstreamFeatures frame_features;
        const VP8StatusCode status = WebPGetFeatures(data + info->frame_offset, info->frame_size, &frame_features);
        if (status == VP8_STATUS_OK) {
            info->frame_has_alpha = frame_features.has_alpha;
            info->frame_format = frame_features.format;
        } else {
            result = fail_vp8(status, "reading the first frame's header", message);
        }
    }
    WebPDemuxReleaseIterator(&frame);
    WebPDemuxDelete(demux);
    return result;
}

/// Salvages the rows of a truncated bitstream with the incremental decoder, which (unlike
/// WebPDecode) reports how far it got. Writes into the same external buffer.
static int32_t decode_rows_available(const uint8_t *bitstream, size_t size, WebPDecoderConfig *config) {
    WebPIDecoder *decoder = WebPIDecode(NULL, 0, config);
    if (decoder == NULL) return 0;
    int32_t rows = 0;
    const VP8StatusCode status = WebPIUpdate(decoder, bitstream, size);
    if (status == VP8_STATUS_OK) {
        rows = config->output.height;
    } else if (status == VP8_STATUS_SUSPENDED) {
        int last_y = 0;
        if (WebPIDecGetRGB(decoder, &last_y, NULL, NULL, NULL) != NULL) rows = last_y;
    }
    WebPIDelete(decoder);
    return rows < 0 ? 0 : rows;
}

wt_status wt_webp_decode(const uint8_t *bitstream, size_t size,
                         uint8_t *rgba, size_t rgba_size, int32_t stride,
                         int32_t width, int32_t height, int32_t allow_partial,
                         int32_t *rows_decoded, wt_message *message) {
    if (rows_decoded != NULL) *rows_decoded = 0;
    if (bitstream == NULL || rgba == NULL || rows_decoded == NULL || width <= 0 || height <= 0 ||
        (int64_t)stride < (int64_t)width * 4 ||
        (uint64_t)rgba_size < (uint64_t)stride * (uint64_t)(height - 1) + (uint64_t)width * 4) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message,
                    "the output buffer does not fit %dx%d pixels", (int)width, (int)height);
    }
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        return WT_FAIL(WT_STATUS_INVALID_ARGUMENT, message, "libwebp's decoder ABI does not match");
    }
    VP8StatusCode status = WebPGetFeatures(bitstream, size, &config.input);
    if (status != VP8_STATUS_OK) return fail_vp8(status, "reading the image header", message);

    config.options.use_threads = 0;
    if (width != config.input.width || height != config.input.height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = width;
        config.options.scaled_height = height;
    }
    config.output.colorspace = MODE_RGBA;  // straight alpha, as `dwebp -pam`
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = rgba;
    config.output.u.RGBA.stride = stride;
    config.output.u.RGBA.size = rgba_size;

    status = WebPDecode(bitstream, size, &config);
    WebPFreeDecBuffer(&config.output);  // no-op for external memory; kept for symmetry
    if (status == VP8_STATUS_OK) {
        *rows_decoded = height;
        return WT_STATUS_OK;
    }
    if (status == VP8_STATUS_NOT_ENOUGH_DATA && allow_partial) {
        *rows_decoded = decode_rows_available(bitstream, size, &config);
        WebPFreeDecBuffer(&config.output);
    }
    return fail_vp8(status, "decoding", message);
}

int wt_webp_library_version(void) { return WebPGetDecoderVersion(); }
