#ifndef ARTFEED_CZLIB_SHIM_H
#define ARTFEED_CZLIB_SHIM_H
#include <zlib.h>
#endif
