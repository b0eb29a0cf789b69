// Test fixtures only (see wt_jpeg_testing.h).
#include "wt_jpeg_testing.h"
#include <turbojpeg.h>

int wt_jpeg_testing_compress(const uint8_t *pixels, int width, int height, wt_jpeg_testing_input input,
                             wt_jpeg_testing_subsampling subsampling, int quality, int progressive,
                             uint8_t **jpeg, size_t *jpeg_size, wt_message *message) {
    static const int formats[] = { TJPF_RGBA, TJPF_GRAY, TJPF_CMYK };
    static const int samplings[] = { TJSAMP_444, TJSAMP_422, TJSAMP_420, TJSAMP_GRAY };
    *jpeg = NULL;
    *jpeg_size = 0;
    tjhandle compressor = tjInitCompress();
    if (compressor == NULL) {
        wt_message_set(message, "%s", tjGetErrorStr2(NULL));
        return -1;
    }
    unsigned char *plain = NULL;
    unsigned long plain_size = 0;
    int rc = tjCompress2(compressor, pixels, width, 0, height, formats[input], &plain, &plain_size,
                         samplings[subsampling], quality, TJFLAG_ACCURATEDCT);
    if (rc != 0) wt_message_set(message, "%s", tjGetErrorStr2(compressor));
    tjDestroy(compressor);
    if (rc != 0) {
        tjFree(plain);
        return -1;
    }
    if (!progressive) {
        *jpeg = plain;
        *jpeg_size = plain_size;
        return 0;
    }
    tjhandle transformer = tjInitTransform();
    if (transformer == NULL) {
        wt_message_set(message, "%s", tjGetErrorStr2(NULL));
        tjFree(plain);
        return -1;
    }
    tjtransform transform = { 0 };
    transform.op = TJXOP_NONE;
    transform.options = TJXOPT_PROGRESSIVE;
    unsigned char *recoded = NULL;
    unsigned long recoded_size = 0;
    rc = tjTransform(transformer, plain, plain_size, 1, &recoded, &recoded_size, &transform, 0);
    if (rc != 0) wt_message_set(message, "%s", tjGetErrorStr2(transformer));
    tjDestroy(transformer);
    tjFree(plain);
    if (rc != 0) {
        tjFree(recoded);
        return -1;
    }
    *jpeg = recoded;
    *jpeg_size = recoded_size;
    return 0;
}

void wt_jpeg_testing_free(uint8_t *jpeg) { tjFree(jpeg); }

int wt_jpeg_testing_decode(const uint8_t *jpeg, size_t size, int width, int height, int strict,
                           uint8_t *rgba, wt_message *message) {
    tjhandle handle = tjInitDecompress();
    if (handle == NULL) {
        wt_message_set(message, "%s", tjGetErrorStr2(NULL));
        return -1;
    }
    int flags = TJFLAG_LIMITSCANS | (strict ? TJFLAG_STOPONWARNING : 0);
    int rc = tjDecompress2(handle, jpeg, (unsigned long)size, rgba, width, width * 4, height, TJPF_RGBA, flags);
    if (rc != 0) {
        wt_message_set(message, "%s", tjGetErrorStr2(handle));
        if (!strict && tjGetErrorCode(handle) == TJERR_WARNING) rc = 0;
    }
    tjDestroy(handle);
    return rc == 0 ? 0 : -1;
}
