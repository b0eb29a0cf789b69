#ifndef WT_HEIF_FAIL_H
#define WT_HEIF_FAIL_H
// Private to the shim: one way for every CHEIF call to hand Swift its status and message.
#include <stddef.h>
#include "wt_heif.h"

/// Writes the printf-style message into `error` (when there is room) and returns `status`.
wt_heif_status wt_heif_fail(wt_heif_status status, char *error, size_t capacity, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

#endif
