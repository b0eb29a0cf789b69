#include "wt_jpeg.h"
#include <turbojpeg.h>
int wt_jpeg_library_version(void) { return 0; }
