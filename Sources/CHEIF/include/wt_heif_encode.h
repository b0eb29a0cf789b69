#ifndef WT_HEIF_ENCODE_H
#define WT_HEIF_ENCODE_H
// Encoding shim over libheif 1.15's encoders (AV1 through libaom, HEVC through x265): one
// still image, RGB or RGBA, to an AVIF or HEIC file in memory. Every libheif error stays in
// here: Swift sees a wt_status and the reason in a wt_message, the convention of the other
// encoder shims (wt_jpeg_encode.h, wt_webp_encode.h, wt_png.h).
#include <stddef.h>
#include <stdint.h>
#include "wt_message.h"

/// Which libheif encoder writes the file.
typedef enum wt_heif_codec {
    /// AV1 in a HEIF container: an .avif file (major brand "avif").
    WT_HEIF_CODEC_AV1 = 1,
    /// HEVC in a HEIF container: a .heic file (major brand "heic").
    WT_HEIF_CODEC_HEVC = 2,
} wt_heif_codec;

/// Settings for one encode.
typedef struct {
    wt_heif_codec codec;
    /// 0-100: libheif's lossy quality (mapped by each encoder to its quantiser).
    int quality;
    /// 0 (fastest) to 6 (smallest): aom's speed 9..4 (10 - effort, at most 9) or x265's
    /// preset ultrafast, superfast, veryfast, faster, medium, slow, slower.
    int effort;
} wt_heif_encode_settings;

/// Encodes `width` x `height` RGBA8 pixels (no row padding, straight alpha) as AVIF or HEIC,
/// 8-bit 4:2:0, with an alpha plane only when `has_alpha` is 1. The colour description is an
/// nclx box saying sRGB (BT.709 primaries, sRGB transfer, BT.601 matrix, full range), plus a
/// prof box with `icc` when it is non-NULL. No Exif, no XMP. Each encoder runs on one thread
/// (a batch already runs one image per core). Returns WT_STATUS_OK (0, as an int) and sets
/// `*out`/`*out_size` (free with wt_heif_encode_free), or another wt_status (wt_message.h;
/// NO_MEMORY, UNSUPPORTED without the encoder, INVALID_ARGUMENT) with the reason in `message`.
int wt_heif_encode_rgba(const unsigned char *rgba, int width, int height, int has_alpha,
                        const wt_heif_encode_settings *settings,
                        const unsigned char *icc, size_t icc_size,
                        unsigned char **out, size_t *out_size, wt_message *message);

/// Frees a buffer returned by wt_heif_encode_rgba.
void wt_heif_encode_free(unsigned char *buffer);

// MARK: - In a child process
//
// wt_heif_encode_rgba in a child process. x265 does not survive an allocation failure: under
// `ulimit -v` it wrote a flat green file and reported success, deadlocked, or crashed with
// SIGSEGV or SIGABRT, which takes a whole batch and its report with it. In a child process
// the crash, the hang (stopped: no CPU time for 10 s, or a time limit) and x265's own "x265 [error]" lines (standard error goes
// to /dev/null) stay there: the caller gets a wt_status and a message, as from any shim.
//
// The two sides speak over a socket pair that is the child's standard input and output: a
// request (a header, the pixels, the ICC profile), then a reply (a header, the message, the
// file), as many times as the parent asks: starting a child costs more than a small encode.
// The child is any executable whose entry point calls wt_heif_encode_serve; both sides are
// meant to be one binary (widget-thumbs runs /proc/self/exe), and the header carries a version
// so that two binaries that differ refuse each other instead of misreading.

/// Starts `argv` (argv[0] is the executable's path; NULL ends the list) as a child that serves
/// encodes, with one end of a socket pair as its standard input and output and standard error
/// on /dev/null: WT_STATUS_OK with `*channel` and `*pid`, WT_STATUS_NO_MEMORY when the system
/// had no memory or processes to spare, WT_STATUS_IO otherwise.
int wt_heif_encode_child_start(const char *const *argv, int *channel, int *pid, wt_message *message);

/// Whether the idle child on `channel` is still there to serve a request: 1, or 0 when it has
/// ended (killed while idle: the OOM killer, a cgroup), after closing `channel` and reaping it.
/// Costs a poll and a waitpid, no exchange with the child.
int wt_heif_encode_child_alive(int channel, int pid);

/// wt_heif_encode_rgba's contract, run by the child on `channel`, which is given `time_limit_ms`
/// milliseconds for the exchange and stopped as hung when it uses no CPU time for 10 s. When
/// the child replied (an encoder failure included) `*reusable` is 1 and the child serves the
/// next request; otherwise it has been stopped and reaped, its channel closed (`*reusable` is -1
/// when it was gone before it took the whole request, so no encode ran and the request may go
/// to a fresh child), and the status is
/// WT_STATUS_NO_MEMORY when it died of a signal (the message names it; the encoders die that
/// way when an allocation fails) or hung, WT_STATUS_IO when it ran out of time or replied with
/// something that is no reply.
int wt_heif_encode_rgba_in_child(int channel, int pid, int time_limit_ms,
                                 const unsigned char *rgba, int width, int height, int has_alpha,
                                 const wt_heif_encode_settings *settings,
                                 const unsigned char *icc, size_t icc_size,
                                 unsigned char **out, size_t *out_size, int *reusable, wt_message *message);

/// The child's side: serves requests from `in_fd` (each encoded with wt_heif_encode_rgba, its
/// reply written to `out_fd`) until the parent closes its end. Returns 0 then, 1 when a
/// request was not one or a reply could not be written.
int wt_heif_encode_serve(int in_fd, int out_fd);

#endif
