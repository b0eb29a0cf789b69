#ifndef WT_PNG_CHUNKS_H
#define WT_PNG_CHUNKS_H
// Private to the CPNG shim (not in include/, so Swift never sees it).
#include "wt_png.h"

/// Where the PNG's bytes come from: memory (`data` non-NULL) or an open file read with pread
/// at explicit offsets (`fd`), `size` bytes either way (a file's size as fstat saw it).
typedef struct wt_png_source {
    const uint8_t *data;
    int fd;
    uint64_t size;
} wt_png_source;

/// Reads `length` bytes at `offset` into `out`. Returns the bytes read: fewer than `length`
/// only when a file ended early (it shrank since fstat), -1 on a read error (errno set).
long long wt_png_source_read(const wt_png_source *source, uint64_t offset, void *out, size_t length);

/// What the chunk walk found besides structural damage.
typedef struct wt_png_chunk_walk {
    /// The first eXIf chunk before the image data (its CRC checked, within the limit): points
    /// into the source's memory, or at `exif_copy` for a file.
    const uint8_t *exif;
    size_t exif_length;
    /// A file's eXIf data, malloc'd; whoever ends up with the walk frees it.
    uint8_t *exif_copy;
    /// Why an eXIf chunk was dropped ("" when none was): a warning, or an error when strict.
    wt_message exif_problem;
    wt_status exif_status;
} wt_png_chunk_walk;

/// Checks the signature and every chunk's declared length against the bytes that remain,
/// without libpng, and (when `walk` is not NULL) picks out the eXIf chunk. A file is read a
/// chunk header at a time (through a small window, so a file of tiny chunks costs one read
/// per 4 KiB), skipping the chunk data.
wt_status wt_png_walk_chunks(const wt_png_source *source, uint64_t max_metadata_bytes,
                             wt_png_chunk_walk *walk, wt_message *message);

#endif
