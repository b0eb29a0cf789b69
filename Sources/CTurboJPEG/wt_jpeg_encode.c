#include "wt_jpeg_encode.h"
#include <stdio.h>
#include <turbojpeg.h>

static void wt_copy_error(char *error, size_t capacity, const char *message) {
    if (error == NULL || capacity == 0) return;
    snprintf(error, capacity, "%s", message != NULL ? message : "unknown TurboJPEG error");
}

int wt_jpeg_encode_rgba(const unsigned char *rgba, int width, int height, int quality,
                        wt_jpeg_subsampling subsampling, wt_jpeg_scan scan,
                        unsigned char **out, size_t *out_size,
                        char *error, size_t error_capacity) {
    *out = NULL;
    *out_size = 0;
    tjhandle handle = tjInitCompress();
    if (handle == NULL) {
        wt_copy_error(error, error_capacity, tjGetErrorStr2(NULL));
        return -1;
    }
    // The accurate integer DCT is libjpeg's default for compression; with SIMD it costs no
    // more than the fast one, so say so explicitly.
    int flags = TJFLAG_ACCURATEDCT;
    if (scan == WT_JPEG_SCAN_PROGRESSIVE) flags |= TJFLAG_PROGRESSIVE;
    int samp = subsampling == WT_JPEG_SUBSAMPLING_444 ? TJSAMP_444 : TJSAMP_420;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    int status = tjCompress2(handle, rgba, width, width * 4, height, TJPF_RGBA,
                             &buffer, &size, samp, quality, flags);
    if (status != 0) {
        // Compression has no warnings worth keeping: any -1 is a failure.
        wt_copy_error(error, error_capacity, tjGetErrorStr2(handle));
        tjFree(buffer);
        tjDestroy(handle);
        return -1;
    }
    tjDestroy(handle);
    *out = buffer;
    *out_size = (size_t)size;
    return 0;
}

void wt_jpeg_encode_free(unsigned char *buffer) { tjFree(buffer); }
