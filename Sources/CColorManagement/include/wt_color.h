#ifndef WT_COLOR_H
#define WT_COLOR_H
// Colour conversion through Little CMS 2: an embedded ICC profile's RGB to sRGB, in place,
// alpha copied. Returns 0 on success, -1 with a message in `error` (NUL-terminated).
#include <stddef.h>
#include <stdint.h>

int wt_color_rgba_to_srgb(const uint8_t *profile, size_t profile_length,
                          uint8_t *rgba, size_t pixel_count,
                          char *error, size_t error_capacity);

#endif
