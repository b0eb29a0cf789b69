#ifndef WT_MESSAGE_H
#define WT_MESSAGE_H
// How every C shim tells Swift why a call failed: the caller passes a wt_message, the shim
// writes one line into it with wt_message_set, and Swift reads it back (ShimMessage). Fixed
// size and owned by the caller, so a failure allocates nothing and no pointer outlives the call.
#include <stddef.h>

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

/// Sets the message and evaluates to `status`, for `return WT_FAIL(STATUS, message, "...", ...);`
/// in a shim whose calls return their own status type.
#define WT_FAIL(status, message, ...) (wt_message_set((message), __VA_ARGS__), (status))

#endif
