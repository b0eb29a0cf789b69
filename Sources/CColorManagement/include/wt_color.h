#ifndef WT_COLOR_H
#define WT_COLOR_H
// Colour conversion through Little CMS 2: RGBA8 pixels from one RGB ICC profile to another,
// in place, alpha copied. A NULL profile means lcms's built-in sRGB. Returns 0 on success,
// -1 with a message in `error` (NUL-terminated).
#include <stddef.h>
#include <stdint.h>

int wt_color_transform_rgba(const uint8_t *source_profile, size_t source_length,
                            const uint8_t *target_profile, size_t target_length,
                            uint8_t *rgba, size_t pixel_count,
                            char *error, size_t error_capacity);

/// Writes Little CMS's built-in sRGB profile into `buffer` and returns its size; with a NULL
/// or too small buffer, returns the size needed and writes nothing. 0 on failure.
size_t wt_color_srgb_profile(uint8_t *buffer, size_t capacity);

#endif
