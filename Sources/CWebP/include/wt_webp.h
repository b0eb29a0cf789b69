#ifndef WT_WEBP_H
#define WT_WEBP_H
// Shim over the system library: placeholder until the decoder lands.
int wt_webp_library_version(void);
#endif
