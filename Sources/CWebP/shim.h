#ifndef ARTFEED_CWEBP_SHIM_H
#define ARTFEED_CWEBP_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>

// WebP through libwebp, which reports errors by return value. Status codes as in the other
// decoder shims: 0 decoded, 3 damaged. Animated WebP is not decoded by this API (it needs
// libwebpdemux); WebPGetInfo refuses it and it is reported as damaged.

/// Reads the headers only: width and height, no pixel memory.
static inline int artfeed_webp_info(const uint8_t *data, size_t size, int *width, int *height) {
  return WebPGetInfo(data, size, width, height) ? 0 : 3;
}

/// Decodes into `rgba` (width * height * 4 bytes, sizes from artfeed_webp_info).
static inline int artfeed_webp_decode(const uint8_t *data, size_t size, int width, int height,
                                      uint8_t *rgba) {
  size_t bytes = (size_t)width * (size_t)height * 4;
  uint8_t *out = WebPDecodeRGBAInto(data, size, rgba, bytes, width * 4);
  return out != NULL ? 0 : 3;
}
#endif
