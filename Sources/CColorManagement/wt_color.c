#include "wt_color.h"
#include <lcms2.h>
#include <stdio.h>
#include <string.h>

typedef struct { char *buffer; size_t capacity; } error_sink;

static void log_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    error_sink *sink = cmsGetContextUserData(context);
    if (sink != NULL && sink->capacity > 0 && sink->buffer[0] == '\0')
        snprintf(sink->buffer, sink->capacity, "%s", text);
}

static int fail(error_sink *sink, const char *text) {
    if (sink->capacity > 0 && sink->buffer[0] == '\0') snprintf(sink->buffer, sink->capacity, "%s", text);
    return -1;
}

int wt_color_rgba_to_srgb(const uint8_t *profile, size_t profile_length,
                          uint8_t *rgba, size_t pixel_count,
                          char *error, size_t error_capacity) {
    error_sink sink = { error, error_capacity };
    if (error_capacity > 0) error[0] = '\0';
    // A context per call: the error handler and every object are this call's own, so
    // conversions on several threads never share lcms state.
    cmsContext context = cmsCreateContext(NULL, &sink);
    if (context == NULL) return fail(&sink, "lcms2 could not create a context");
    cmsSetLogErrorHandlerTHR(context, log_error);

    int status = -1;
    cmsHTRANSFORM transform = NULL;
    cmsHPROFILE output = cmsCreate_sRGBProfileTHR(context);
    cmsHPROFILE input = cmsOpenProfileFromMemTHR(context, profile, (cmsUInt32Number)profile_length);
    if (input == NULL || output == NULL) {
        fail(&sink, "the embedded ICC profile is not readable");
    } else if (cmsGetColorSpace(input) != cmsSigRgbData) {
        fail(&sink, "the embedded ICC profile is not an RGB profile");
    } else {
        // Relative colorimetric with black-point compensation: in-gamut colours stay exact,
        // out-of-gamut ones clip, as browsers and libvips do for display.
        transform = cmsCreateTransformTHR(context, input, TYPE_RGBA_8, output, TYPE_RGBA_8,
                                          INTENT_RELATIVE_COLORIMETRIC,
                                          cmsFLAGS_COPY_ALPHA | cmsFLAGS_BLACKPOINTCOMPENSATION);
        if (transform == NULL) {
            fail(&sink, "lcms2 could not build a transform for the embedded ICC profile");
        } else {
            // cmsDoTransform counts pixels in a cmsUInt32Number: go in chunks.
            const size_t chunk = 1u << 20;
            for (size_t done = 0; done < pixel_count; done += chunk) {
                size_t count = pixel_count - done < chunk ? pixel_count - done : chunk;
                cmsDoTransform(transform, rgba + done * 4, rgba + done * 4, (cmsUInt32Number)count);
            }
            status = 0;
        }
    }
    if (transform) cmsDeleteTransform(transform);
    if (input) cmsCloseProfile(input);
    if (output) cmsCloseProfile(output);
    cmsDeleteContext(context);
    return status;
}
