#include "wt_jpeg.h"
#include <turbojpeg.h>
#include <jconfig.h>  // LIBJPEG_TURBO_VERSION_NUMBER

int wt_jpeg_scaling_factors(wt_jpeg_scale *factors, int capacity) {
    int count = 0;
    tjscalingfactor *all = tjGetScalingFactors(&count);
    if (all == NULL) return 0;
    int written = 0;
    for (int i = 0; i < count && written < capacity; i++) {
        if (all[i].num <= 0 || all[i].denom <= 0 || all[i].num > all[i].denom) continue;
        factors[written].num = all[i].num;
        factors[written].denom = all[i].denom;
        written++;
    }
    return written;
}

uint32_t wt_jpeg_library_version(void) { return LIBJPEG_TURBO_VERSION_NUMBER; }
