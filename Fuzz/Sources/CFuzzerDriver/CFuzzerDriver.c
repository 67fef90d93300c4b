// Declarations only (see include/CFuzzerDriver.h); SwiftPM wants a source file in a C target.
#include "CFuzzerDriver.h"
