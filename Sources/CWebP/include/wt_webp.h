#ifndef WT_WEBP_H
#define WT_WEBP_H
// Decoding shim over libwebp 1.2 and libwebpdemux. Every libwebp status code stays in here:
// Swift sees a wt_status (wt_message.h) and the reason in its wt_message: WT_STATUS_TRUNCATED
// when the data ends before the image does (VP8_STATUS_NOT_ENOUGH_DATA), WT_STATUS_CORRUPT for a
// bad RIFF container or bitstream, WT_STATUS_UNSUPPORTED for a valid bitstream libwebp cannot
// decode, WT_STATUS_TOO_LARGE over the chunk count the caller passed. No libwebp type crosses
// this header, and nothing here keeps a pointer to the caller's data after returning.
#include <stddef.h>
#include <stdint.h>
#include "wt_message.h"

/// Bitstream kind, as WebPBitstreamFeatures.format.
enum {
    WT_WEBP_FORMAT_MIXED = 0,    // undefined or mixed (animations)
    WT_WEBP_FORMAT_LOSSY = 1,    // VP8, possibly with an ALPH chunk
    WT_WEBP_FORMAT_LOSSLESS = 2, // VP8L
};

/// What a walk over the RIFF chunk headers learns, without libwebp and without allocating:
/// enough to check the size limits before libwebp allocates anything.
typedef struct wt_webp_header {
    /// Canvas size: VP8X's 24-bit fields for an extended file, the bitstream's otherwise.
    int64_t width, height;
    /// 1 when the first chunk is VP8X (extended format).
    int32_t is_extended;
    /// VP8X feature flags (0 for a simple file): 0x02 animation, 0x04 XMP, 0x08 EXIF,
    /// 0x10 alpha, 0x20 ICC.
    uint32_t vp8x_flags;
    /// Chunks inside the RIFF payload, counted up to the cap.
    uint32_t chunk_count;
} wt_webp_header;

/// Reads the RIFF header and walks the chunk headers. Fails with WT_STATUS_TOO_LARGE as soon as
/// the file holds more than `max_chunks` chunks (libwebpdemux allocates one record per chunk).
wt_status wt_webp_read_header(const uint8_t *data, size_t size, uint32_t max_chunks,
                              wt_webp_header *header, wt_message *message);

/// Container facts from libwebpdemux plus the first frame's bitstream features. Offsets
/// are into the caller's `data`; a size of 0 means absent.
typedef struct wt_webp_info {
    int32_t canvas_width, canvas_height;
    uint32_t vp8x_flags;
    int32_t has_animation;
    /// Complete frames the demuxer found (1 for a still image).
    int32_t frame_count;
    /// 1 when the whole container parsed (0: data missing at the end).
    int32_t container_complete;
    /// 1 when libwebpdemux refused the container but the still image's bitstream is readable:
    /// metadata is then unavailable (a strict caller refuses the file).
    int32_t container_damaged;
    /// First frame (for a still image: the image). Its bitstream is the ALPH+VP8 or VP8L
    /// chunks at frame_offset, with no RIFF header (or the whole file for a still image).
    int32_t frame_x, frame_y, frame_width, frame_height;
    int32_t frame_has_alpha, frame_format, frame_complete;
    size_t frame_offset, frame_size;
    size_t exif_offset, exif_size;
    size_t iccp_offset, iccp_size;
} wt_webp_info;

/// Parses the container with libwebpdemux (partial data allowed) and reads the first frame's
/// bitstream header. Call only after the header's size passed the caller's limits.
wt_status wt_webp_probe(const uint8_t *data, size_t size, wt_webp_info *info, wt_message *message);

/// Decodes a bitstream (a whole WebP file or a frame's ALPH+VP8/VP8L chunks) as straight-alpha
/// RGBA8 into `rgba`, `width` x `height` pixels at `stride` bytes per row (scaled by libwebp
/// when that differs from the bitstream's size). Single-threaded.
/// When the data is truncated and `allow_partial` is set, decodes again incrementally and
/// returns WT_STATUS_TRUNCATED with the rows that made it in `rows_decoded` (0 if none); rows
/// below are left as they were. On WT_STATUS_OK `rows_decoded` is `height`.
wt_status wt_webp_decode(const uint8_t *bitstream, size_t size,
                         uint8_t *rgba, size_t rgba_size, int32_t stride,
                         int32_t width, int32_t height, int32_t allow_partial,
                         int32_t *rows_decoded, wt_message *message);

/// libwebp's decoder version, 0xMMmmrr (0x010204 for 1.2.4).
int wt_webp_library_version(void);

#endif
