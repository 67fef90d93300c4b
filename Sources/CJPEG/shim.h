#ifndef ARTFEED_CJPEG_SHIM_H
#define ARTFEED_CJPEG_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <turbojpeg.h>

// JPEG through libjpeg-turbo's TurboJPEG API, which reports errors by return value (no
// longjmp reaches Swift). Status codes shared by the decoder shims:
// 0 decoded, 1 not this format, 3 damaged (details in `message`).

/// Reads the frame header only: width and height, no pixel memory.
static inline int artfeed_jpeg_info(const uint8_t *data, size_t size, int *width, int *height) {
  tjhandle handle = tjInitDecompress();
  if (handle == NULL) return 3;
  int subsampling = 0, colorspace = 0;
  int status = tjDecompressHeader3(handle, data, (unsigned long)size, width, height,
                                   &subsampling, &colorspace);
  tjDestroy(handle);
  return status == 0 ? 0 : 3;
}

/// Decodes into `rgba` (width * height * 4 bytes, from artfeed_jpeg_info). A warning such as
/// stray bytes before a marker is tolerated; a fatal error or a truncated file is not.
/// `TJFLAG_LIMITSCANS` refuses progressive files with absurd scan counts.
static inline int artfeed_jpeg_decode(const uint8_t *data, size_t size, int width, int height,
                                      uint8_t *rgba, char *message, size_t message_size) {
  tjhandle handle = tjInitDecompress();
  if (handle == NULL) return 3;
  int status = tjDecompress2(handle, data, (unsigned long)size, rgba, width, 0, height,
                             TJPF_RGBA, TJFLAG_LIMITSCANS);
  int result = 0;
  if (status != 0) {
    const char *text = tjGetErrorStr2(handle);
    int fatal = tjGetErrorCode(handle) == TJERR_FATAL;
    int truncated = text != NULL && strstr(text, "Premature end") != NULL;
    if (fatal || truncated) {
      result = 3;
      if (message_size > 0) {
        strncpy(message, text != NULL ? text : "jpeg error", message_size - 1);
        message[message_size - 1] = 0;
      }
    }
  }
  tjDestroy(handle);
  return result;
}
#endif
