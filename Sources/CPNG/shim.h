#ifndef ARTFEED_CPNG_SHIM_H
#define ARTFEED_CPNG_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <png.h>

// PNG through libpng's simplified API: it catches libpng's longjmp itself and reports
// failure by return value, so nothing unwinds through Swift. Status codes as in the other
// decoder shims: 0 decoded, 3 damaged (details in `message`).

/// Reads the header chunks only: width and height, no pixel memory.
static inline int artfeed_png_info(const uint8_t *data, size_t size, int *width, int *height) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, size)) {
    png_image_free(&image);
    return 3;
  }
  *width = (int)image.width;
  *height = (int)image.height;
  png_image_free(&image);
  return 0;
}

/// Decodes into `rgba` (width * height * 4 bytes, sizes from artfeed_png_info) as
/// non-premultiplied RGBA8, whatever the file's colour type and bit depth.
static inline int artfeed_png_decode(const uint8_t *data, size_t size, int width, int height,
                                     uint8_t *rgba, char *message, size_t message_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  int ok = png_image_begin_read_from_memory(&image, data, size);
  if (ok && ((int)image.width != width || (int)image.height != height)) ok = 0;
  if (ok) {
    image.format = PNG_FORMAT_RGBA;
    ok = png_image_finish_read(&image, NULL, rgba, 0, NULL);
  }
  if (!ok && message_size > 0) {
    strncpy(message, image.message[0] ? image.message : "png error", message_size - 1);
    message[message_size - 1] = 0;
  }
  png_image_free(&image);
  return ok ? 0 : 3;
}
/// Encodes RGBA8 pixels as a PNG into `out` (`*out_size` bytes available); on return
/// `*out_size` is the PNG's size. Fast compression (PNG_IMAGE_FLAG_FAST): pictures are
/// encoded while the reader waits. Returns 0, 2 when `out` is too small (the size needed is
/// then in `*out_size`), 3 on failure.
static inline int artfeed_png_encode(const uint8_t *rgba, int width, int height, uint8_t *out,
                                     size_t *out_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = (png_uint_32)width;
  image.height = (png_uint_32)height;
  image.format = PNG_FORMAT_RGBA;
  image.flags = PNG_IMAGE_FLAG_FAST;
  png_alloc_size_t size = *out_size;
  int ok = png_image_write_to_memory(&image, out, &size, 0, rgba, 0, NULL);
  png_image_free(&image);
  if (ok) {
    *out_size = size;
    return 0;
  }
  if (size > *out_size) {
    *out_size = size;
    return 2;
  }
  return 3;
}
#endif
