#ifndef WT_MESSAGE_H
#define WT_MESSAGE_H
// How every C shim tells Swift why a call failed: the call returns a wt_status (what kind of
// failure), the caller passes a wt_message, the shim writes one line into it with
// wt_message_set (why), and Swift reads both back (ShimMessage, ShimStatus). The message is
// fixed size and owned by the caller, so a failure allocates nothing and no pointer outlives
// the call.
#include <stddef.h>

/// What kind of failure, with one meaning across every shim (decoders and encoders), so Swift
/// turns a status into an error in one place. A shim whose library cannot tell two kinds apart
/// returns the nearer one and says more in the message.
typedef enum wt_status {
    WT_STATUS_OK = 0,
    /// Not a valid file of its format, or damaged beyond use; also a library warning a strict
    /// caller refused.
    WT_STATUS_CORRUPT = 1,
    /// The data ends before the image does.
    WT_STATUS_TRUNCATED = 2,
    /// Valid, but uses something the library cannot decode.
    WT_STATUS_UNSUPPORTED = 3,
    /// Over a limit: dimensions, pixels, a metadata chunk, scans, chunks, a library's own cap.
    WT_STATUS_TOO_LARGE = 4,
    /// An allocation failed.
    WT_STATUS_NO_MEMORY = 5,
    /// The caller's arguments do not fit (a shim bug or a contract broken, never the input's fault).
    WT_STATUS_INVALID_ARGUMENT = 6,
    /// Reading the file failed, or it shrank while it was read.
    WT_STATUS_IO = 7,
} wt_status;

/// Room for one line, NUL included; longer text is cut.
#define WT_MESSAGE_CAPACITY 512

typedef struct wt_message {
    char text[WT_MESSAGE_CAPACITY];
} wt_message;

/// Writes the printf-style text into `message`, replacing what was there. NULL is ignored.
void wt_message_set(wt_message *message, const char *format, ...) __attribute__((format(printf, 2, 3)));

/// Empties `message`. NULL is ignored.
void wt_message_clear(wt_message *message);

/// 1 when `message` holds text, 0 when it is empty or NULL.
int wt_message_is_set(const wt_message *message);

/// Sets the message and evaluates to `status`, for `return WT_FAIL(WT_STATUS_..., message, "...", ...);`.
#define WT_FAIL(status, message, ...) (wt_message_set((message), __VA_ARGS__), (status))

#endif
