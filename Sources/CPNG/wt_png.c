#include "wt_png.h"
#include <png.h>
int wt_png_library_version(void) { return 0; }
