#ifndef WT_HEIF_ENCODE_CHILD_H
#define WT_HEIF_ENCODE_CHILD_H
// wt_heif_encode_rgba in a child process. x265 does not survive an allocation failure: under
// `ulimit -v` it wrote a flat green file and reported success, deadlocked, or crashed with
// SIGSEGV or SIGABRT, which takes a whole batch and its report with it. In a child process
// the crash, the hang (a time limit) and x265's own "x265 [error]" lines (standard error goes
// to /dev/null) stay there: the caller gets a wt_status and a message, as from any shim.
//
// The two sides speak over a socket pair that is the child's standard input and output: a
// request (a header, the pixels, the ICC profile), then a reply (a header, the message, the
// file). The child is any executable whose entry point calls wt_heif_encode_serve; both sides
// are meant to be one binary (widget-thumbs runs /proc/self/exe), and the header carries a
// version so that two binaries that differ refuse each other instead of misreading.
#include <stddef.h>
#include "wt_heif_encode.h"
#include "wt_message.h"

/// wt_heif_encode_rgba's contract, run by `argv` (argv[0] is the executable's path; NULL
/// ends the list) in a child process that is given `time_limit_ms` milliseconds for the
/// whole exchange before it is killed. Besides the encoder's own statuses: WT_STATUS_NO_MEMORY
/// when the child was killed by a signal (the message names it; the encoders die that way when
/// an allocation fails) or could not be started for want of memory, WT_STATUS_IO when it could
/// not be started otherwise, ran out of time, or replied with something that is no reply.
int wt_heif_encode_rgba_in_child(const char *const *argv, int time_limit_ms,
                                 const unsigned char *rgba, int width, int height, int has_alpha,
                                 const wt_heif_encode_settings *settings,
                                 const unsigned char *icc, size_t icc_size,
                                 unsigned char **out, size_t *out_size, wt_message *message);

/// The child's side: reads one request from `in_fd`, encodes it with wt_heif_encode_rgba and
/// writes the reply to `out_fd`. Returns 0 when a reply was written (a failed encode is a
/// reply too), 1 when the request was not one or the reply could not be written.
int wt_heif_encode_serve(int in_fd, int out_fd);

#endif
