#ifndef WT_COLOR_H
#define WT_COLOR_H
// Colour conversion through Little CMS 2: RGBA8 pixels from one RGB ICC profile to another,
// in place, alpha copied. A NULL profile means lcms's built-in sRGB. Returns 0 on success,
// -1 with lcms's first error (or ours) in `message`.
#include <stddef.h>
#include <stdint.h>
#include "wt_message.h"

int wt_color_transform_rgba(const uint8_t *source_profile, size_t source_length,
                            const uint8_t *target_profile, size_t target_length,
                            uint8_t *rgba, size_t pixel_count, wt_message *message);

/// Writes Little CMS's built-in sRGB profile into `buffer` and returns its size; with a NULL
/// or too small buffer, returns the size needed and writes nothing. 0 on failure.
size_t wt_color_srgb_profile(uint8_t *buffer, size_t capacity);

/// Transfer functions a profile can be built with (`wt_color_rgb_profile`).
typedef enum wt_color_transfer {
    /// IEC 61966-2-1 (sRGB), piecewise.
    WT_COLOR_TRANSFER_SRGB = 0,
    /// ITU-R BT.709 / BT.601 / BT.2020 camera curve (its inverse, piecewise).
    WT_COLOR_TRANSFER_BT709 = 1,
    /// A pure power law with the exponent given (2.2, 2.8, 1.0 for linear).
    WT_COLOR_TRANSFER_GAMMA = 2,
    /// SMPTE ST 2084 (PQ), absolute: 203 cd/m2 (BT.2408 reference white) maps to 1.0 and
    /// brighter values clip.
    WT_COLOR_TRANSFER_PQ = 3,
    /// ARIB STD-B67 (HLG), inverse OETF then the BT.2100 OOTF for a 1000 cd/m2 display
    /// (gamma 1.2, per channel), 203 cd/m2 to 1.0 and brighter values clipping.
    WT_COLOR_TRANSFER_HLG = 4,
} wt_color_transfer;

/// Builds an RGB ICC profile from CIE xy chromaticities (red, green, blue, white: 8 floats)
/// and a transfer function (`gamma` only for WT_COLOR_TRANSFER_GAMMA), with `description` as
/// its 'desc' tag, into `buffer`; returns its size. With a NULL or too small buffer, returns
/// the size needed and writes nothing. 0 when lcms2 refuses the primaries.
size_t wt_color_rgb_profile(const float chromaticities[8], wt_color_transfer transfer, double gamma,
                            const char *description, uint8_t *buffer, size_t capacity);

/// lcms2's run-time version (2140 for 2.14).
int wt_color_library_version(void);

#endif
