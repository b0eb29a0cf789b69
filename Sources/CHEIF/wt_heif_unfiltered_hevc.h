#ifndef WT_HEIF_UNFILTERED_HEVC_H
#define WT_HEIF_UNFILTERED_HEVC_H
// Private to the shim: a libheif decoder plugin, libde265 with deblocking and SAO off.
#include <libheif/heif.h>

/// The plugin, for heif_register_decoder on one context (it outranks libheif's own plugin).
const struct heif_decoder_plugin *wt_heif_unfiltered_hevc_plugin(void);

#endif
