#ifndef WT_PNG_H
#define WT_PNG_H
// Shim over the system library: placeholder until the decoder lands.
int wt_png_library_version(void);
#endif
