#ifndef WT_HEIF_H
#define WT_HEIF_H
// Decoding shim over libheif 1.15 (HEIC through libde265, AVIF through dav1d/libaom). Every
// libheif error stays in here: Swift sees a wt_status (wt_message.h) and the reason in its
// wt_message: WT_STATUS_CORRUPT for an invalid or damaged file (libheif's Invalid_input, a
// failed decode), WT_STATUS_UNSUPPORTED for what libheif or its plugins cannot decode,
// WT_STATUS_TOO_LARGE over libheif's image size limit or one the caller passed. No libheif type
// crosses this header; the two opaque handles own libheif objects.
#include <stddef.h>
#include <stdint.h>
#include "wt_message.h"

/// How many embedded thumbnails `wt_heif_info` lists (a file may declare more).
#define WT_HEIF_MAX_LISTED_THUMBNAILS 8

/// One image item as libheif describes it, without decoding it.
typedef struct wt_heif_image_facts {
    uint32_t item_id;
    /// Size after libheif applies the item's transforms (irot, imir, clap): the upright size.
    int32_t width, height;
    /// Size as stored (the ispe property), before any transform.
    int32_t ispe_width, ispe_height;
    int32_t luma_bits, chroma_bits;
    int32_t has_alpha, premultiplied_alpha;
} wt_heif_image_facts;

/// Which colour description the primary image carries (a file may carry both).
enum {
    WT_HEIF_COLOR_ICC = 1,  // prof or rICC
    WT_HEIF_COLOR_NCLX = 2,
};

typedef struct wt_heif_info {
    wt_heif_image_facts primary;
    int32_t top_level_images;
    /// Thumbnails of the primary image: all of them counted, the first few listed.
    int32_t thumbnail_count;
    wt_heif_image_facts thumbnails[WT_HEIF_MAX_LISTED_THUMBNAILS];
    /// Auxiliary images of the primary: depth maps, and the rest (gain maps, mattes) apart
    /// from the alpha plane.
    int32_t depth_images;
    int32_t other_auxiliary_images;
    /// WT_HEIF_COLOR_ICC | WT_HEIF_COLOR_NCLX.
    uint32_t color_flags;
    size_t icc_size;
    /// nclx code points (ITU-T H.273) and libheif's chromaticities for the primaries:
    /// red x,y, green x,y, blue x,y, white x,y.
    int32_t nclx_primaries, nclx_transfer, nclx_matrix, nclx_full_range;
    float nclx_chromaticities[8];
    /// Size of the first Exif metadata block (0: none).
    size_t exif_size;
} wt_heif_info;

typedef struct wt_heif_file wt_heif_file;
typedef struct wt_heif_pixels wt_heif_pixels;

/// Parses the file's boxes (libheif copies `data`). `max_side` becomes libheif's image size
/// limit; `max_threads` bounds libheif's tile-decoding threads (0: decode in the calling thread).
/// `primary_id` 0 takes the file's primary item; another id takes that image item instead.
wt_status wt_heif_open(const uint8_t *data, size_t size, int32_t max_side, int32_t max_threads,
                       uint32_t primary_id, wt_heif_file **file, wt_message *message);
void wt_heif_close(wt_heif_file *file);

/// The facts about the primary image, its thumbnails, auxiliary images and colour.
wt_status wt_heif_read_info(wt_heif_file *file, wt_heif_info *info, wt_message *message);

/// Copies the primary's ICC profile (`info.icc_size` bytes) or its first Exif block
/// (`info.exif_size` bytes, starting with Exif's 4-byte TIFF header offset) into `buffer`.
wt_status wt_heif_copy_icc(wt_heif_file *file, uint8_t *buffer, size_t size, wt_message *message);
wt_status wt_heif_copy_exif(wt_heif_file *file, uint8_t *buffer, size_t size, wt_message *message);

/// Whether HEVC's in-loop filters (deblocking, SAO) run. Skipping them is exact for intra
/// prediction and costs under a level once the image is downscaled 4x or more; AVIF ignores it.
typedef enum wt_heif_loop_filters {
    WT_HEIF_LOOP_FILTERS_RUN = 0,
    WT_HEIF_LOOP_FILTERS_SKIP = 1,
} wt_heif_loop_filters;

/// Decodes the primary image (`thumbnail_id` 0) or the thumbnail with that item id, with its
/// transforms applied once by libheif and the alpha plane merged, as interleaved RGB or RGBA
/// with 8 bits, or 16-bit little-endian samples for 10- and 12-bit images. `strict` makes
/// libheif refuse what it would otherwise decode with a warning.
wt_status wt_heif_decode(wt_heif_file *file, uint32_t thumbnail_id, int32_t strict,
                         wt_heif_loop_filters loop_filters, wt_heif_pixels **pixels, int32_t *width, int32_t *height,
                         wt_message *message);
void wt_heif_pixels_free(wt_heif_pixels *pixels);

/// Narrows the pixels to their top-left `width` x `height` (never wider or taller than they
/// are): libheif 1.15 returns the coded size when it exceeds the declared one. 0, or -1.
int wt_heif_pixels_crop(wt_heif_pixels *pixels, int32_t width, int32_t height);

/// Bits per sample of the decoded pixels (8, 10, 12, ...).
int32_t wt_heif_pixels_bits(const wt_heif_pixels *pixels);

/// Writes rows [first_row, first_row + row_count) as straight-alpha RGBA8 to `rgba` (`stride`
/// bytes apart): deeper samples rounded to the nearest 8-bit level, a missing alpha set to
/// 255, premultiplied alpha undone. Returns 0, or -1 for rows outside the image.
int wt_heif_pixels_copy_rows(const wt_heif_pixels *pixels, int32_t first_row, int32_t row_count,
                             uint8_t *rgba, size_t stride);

/// libheif's version as 0xMMmmpp00 (heif_get_version_number).
uint32_t wt_heif_library_version(void);

/// libheif's version as it reports it at run time ("1.15.1").
const char *wt_heif_version_text(void);

/// The names of the codecs libheif has (its built-in ones and its plugins), decoders when
/// `encoders` is 0, "; " between them, cut to fit `size` (always terminated); the count.
int wt_heif_codec_names(int encoders, char *buffer, size_t size);

#endif
