#ifndef WT_PNG_CHUNKS_H
#define WT_PNG_CHUNKS_H
// Private to the CPNG shim (not in include/, so Swift never sees it).
#include "wt_png.h"

/// What the chunk walk found besides structural damage.
typedef struct wt_png_chunk_walk {
    /// The first eXIf chunk before the image data (its CRC checked, within the limit).
    const uint8_t *exif;
    size_t exif_length;
    /// Why an eXIf chunk was dropped ("" when none was): a warning, or an error when strict.
    char exif_problem[128];
    wt_png_status exif_status;
} wt_png_chunk_walk;

/// Checks the signature and every chunk's declared length against the bytes that remain,
/// without libpng, and (when `walk` is not NULL) picks out the eXIf chunk.
wt_png_status wt_png_walk_chunks(const uint8_t *data, size_t size, uint64_t max_metadata_bytes,
                                 wt_png_chunk_walk *walk, char *message, size_t capacity);

/// snprintf into a caller's message buffer; does nothing for a NULL or empty buffer.
void wt_png_format_message(char *destination, size_t capacity, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

#endif
