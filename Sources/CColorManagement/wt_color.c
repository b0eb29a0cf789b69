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

static cmsHPROFILE open_profile(cmsContext context, const uint8_t *bytes, size_t length) {
    if (bytes == NULL) return cmsCreate_sRGBProfileTHR(context);
    return cmsOpenProfileFromMemTHR(context, bytes, (cmsUInt32Number)length);
}

int wt_color_transform_rgba(const uint8_t *source_profile, size_t source_length,
                            const uint8_t *target_profile, size_t target_length,
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
    cmsHPROFILE input = open_profile(context, source_profile, source_length);
    cmsHPROFILE output = open_profile(context, target_profile, target_length);
    if (input == NULL || output == NULL) {
        fail(&sink, "an ICC profile is not readable");
    } else if (cmsGetColorSpace(input) != cmsSigRgbData || cmsGetColorSpace(output) != cmsSigRgbData) {
        fail(&sink, "an ICC profile is not an RGB profile");
    } else {
        // Relative colorimetric with black-point compensation: in-gamut colours stay exact,
        // out-of-gamut ones clip, as browsers and libvips do for display.
        transform = cmsCreateTransformTHR(context, input, TYPE_RGBA_8, output, TYPE_RGBA_8,
                                          INTENT_RELATIVE_COLORIMETRIC,
                                          cmsFLAGS_COPY_ALPHA | cmsFLAGS_BLACKPOINTCOMPENSATION);
        if (transform == NULL) {
            fail(&sink, "lcms2 could not build a transform between the ICC profiles");
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

size_t wt_color_srgb_profile(uint8_t *buffer, size_t capacity) {
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (context == NULL) return 0;
    size_t result = 0;
    cmsHPROFILE profile = cmsCreate_sRGBProfileTHR(context);
    cmsUInt32Number needed = 0;
    if (profile != NULL && cmsSaveProfileToMem(profile, NULL, &needed)) {
        result = needed;
        if (buffer != NULL && capacity >= needed) {
            cmsUInt32Number written = needed;
            if (!cmsSaveProfileToMem(profile, buffer, &written)) result = 0;
        }
    }
    if (profile) cmsCloseProfile(profile);
    cmsDeleteContext(context);
    return result;
}
