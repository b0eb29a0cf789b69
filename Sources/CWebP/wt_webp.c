#include "wt_webp.h"
#include <webp/decode.h>
int wt_webp_library_version(void) { return 0; }
