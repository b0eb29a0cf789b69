#include "wt_color.h"
#include <lcms2.h>
#include <math.h>
#include <string.h>

/// Keeps the first error: lcms's own text is more precise than the summary a caller adds.
static void keep_first(wt_message *message, const char *text) {
    if (!wt_message_is_set(message)) wt_message_set(message, "%s", text);
}

static void log_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    wt_message *message = cmsGetContextUserData(context);
    if (message != NULL) keep_first(message, text);
}

static cmsHPROFILE open_profile(cmsContext context, const uint8_t *bytes, size_t length) {
    if (bytes == NULL) return cmsCreate_sRGBProfileTHR(context);
    return cmsOpenProfileFromMemTHR(context, bytes, (cmsUInt32Number)length);
}

int wt_color_transform_rgba(const uint8_t *source_profile, size_t source_length,
                            const uint8_t *target_profile, size_t target_length,
                            uint8_t *rgba, size_t pixel_count, wt_message *message) {
    wt_message_clear(message);
    // A context per call: the error handler and every object are this call's own, so
    // conversions on several threads never share lcms state.
    cmsContext context = cmsCreateContext(NULL, message);
    if (context == NULL) {
        keep_first(message, "lcms2 could not create a context");
        return -1;
    }
    cmsSetLogErrorHandlerTHR(context, log_error);

    int status = -1;
    cmsHTRANSFORM transform = NULL;
    cmsHPROFILE input = open_profile(context, source_profile, source_length);
    cmsHPROFILE output = open_profile(context, target_profile, target_length);
    if (input == NULL || output == NULL) {
        keep_first(message, "an ICC profile is not readable");
    } else if (cmsGetColorSpace(input) != cmsSigRgbData || cmsGetColorSpace(output) != cmsSigRgbData) {
        keep_first(message, "an ICC profile is not an RGB profile");
    } else {
        // Relative colorimetric with black-point compensation: in-gamut colours stay exact,
        // out-of-gamut ones clip, as browsers and libvips do for display.
        transform = cmsCreateTransformTHR(context, input, TYPE_RGBA_8, output, TYPE_RGBA_8,
                                          INTENT_RELATIVE_COLORIMETRIC,
                                          cmsFLAGS_COPY_ALPHA | cmsFLAGS_BLACKPOINTCOMPENSATION);
        if (transform == NULL) {
            keep_first(message, "lcms2 could not build a transform between the ICC profiles");
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

static double pq_to_relative(double signal) {
    // SMPTE ST 2084 EOTF: signal to cd/m2, then relative to 203 cd/m2 reference white.
    const double m1 = 2610.0 / 16384.0, m2 = 2523.0 / 4096.0 * 128.0;
    const double c1 = 3424.0 / 4096.0, c2 = 2413.0 / 4096.0 * 32.0, c3 = 2392.0 / 4096.0 * 32.0;
    const double p = pow(signal, 1.0 / m2);
    const double numerator = p - c1 > 0 ? p - c1 : 0;
    const double luminance = 10000.0 * pow(numerator / (c2 - c3 * p), 1.0 / m1);
    return luminance / 203.0;
}

static double hlg_to_relative(double signal) {
    // ARIB STD-B67 inverse OETF (scene light 0-1), then the OOTF for a 1000 cd/m2 display.
    const double a = 0.17883277, b = 1.0 - 4.0 * a, c = 0.5 - a * log(4.0 * a);
    const double scene = signal <= 0.5 ? signal * signal / 3.0 : (exp((signal - c) / a) + b) / 12.0;
    return 1000.0 * pow(scene, 1.2) / 203.0;
}

static cmsToneCurve *tabulated(cmsContext context, double (*relative)(double)) {
    enum { ENTRIES = 4096 };
    cmsFloat32Number table[ENTRIES];  // 16 KiB on the stack; lcms copies it
    for (int index = 0; index < ENTRIES; index++) {
        double value = relative((double)index / (ENTRIES - 1));
        table[index] = (cmsFloat32Number)(value > 1.0 ? 1.0 : (value < 0.0 ? 0.0 : value));
    }
    return cmsBuildTabulatedToneCurveFloat(context, ENTRIES, table);
}

size_t wt_color_rgb_profile(const float chromaticities[8], wt_color_transfer transfer, double gamma,
                            const char *description, uint8_t *buffer, size_t capacity) {
    if (chromaticities == NULL) return 0;
    for (int index = 0; index < 8; index++) {
        if (!(chromaticities[index] > 0.0f && chromaticities[index] < 1.0f)) return 0;
    }
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (context == NULL) return 0;
    cmsToneCurve *curve = NULL;
    switch (transfer) {
    case WT_COLOR_TRANSFER_SRGB: {
        const cmsFloat64Number parameters[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
        curve = cmsBuildParametricToneCurve(context, 4, parameters);
        break;
    }
    case WT_COLOR_TRANSFER_BT709: {
        const cmsFloat64Number parameters[5] = {1.0 / 0.45, 1.0 / 1.099, 0.099 / 1.099, 1.0 / 4.5, 0.081};
        curve = cmsBuildParametricToneCurve(context, 4, parameters);
        break;
    }
    case WT_COLOR_TRANSFER_GAMMA:
        curve = gamma > 0 && gamma < 10 ? cmsBuildGamma(context, gamma) : NULL;
        break;
    case WT_COLOR_TRANSFER_PQ:
        curve = tabulated(context, pq_to_relative);
        break;
    case WT_COLOR_TRANSFER_HLG:
        curve = tabulated(context, hlg_to_relative);
        break;
    }
    size_t result = 0;
    cmsHPROFILE profile = NULL;
    if (curve != NULL) {
        const cmsCIExyY white = {chromaticities[6], chromaticities[7], 1.0};
        const cmsCIExyYTRIPLE primaries = {
            {chromaticities[0], chromaticities[1], 1.0},
            {chromaticities[2], chromaticities[3], 1.0},
            {chromaticities[4], chromaticities[5], 1.0},
        };
        cmsToneCurve *curves[3] = {curve, curve, curve};
        profile = cmsCreateRGBProfileTHR(context, &white, &primaries, curves);
    }
    if (profile != NULL && description != NULL) {
        cmsMLU *text = cmsMLUalloc(context, 1);
        if (text != NULL && cmsMLUsetASCII(text, "en", "US", description)) {
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
        }
        if (text != NULL) cmsMLUfree(text);
    }
    cmsUInt32Number needed = 0;
    if (profile != NULL && cmsSaveProfileToMem(profile, NULL, &needed)) {
        result = needed;
        if (buffer != NULL && capacity >= needed) {
            cmsUInt32Number written = needed;
            if (!cmsSaveProfileToMem(profile, buffer, &written)) result = 0;
        } else if (buffer != NULL) {
            result = needed;
        }
    }
    if (profile) cmsCloseProfile(profile);
    if (curve) cmsFreeToneCurve(curve);
    cmsDeleteContext(context);
    return result;
}

int wt_color_library_version(void) { return cmsGetEncodedCMMversion(); }
