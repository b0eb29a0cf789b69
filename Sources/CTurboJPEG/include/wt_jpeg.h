#ifndef WT_JPEG_H
#define WT_JPEG_H
// Shim over the system library: placeholder until the decoder lands.
int wt_jpeg_library_version(void);
#endif
