#ifndef ARTFEED_CWEBP_SHIM_H
#define ARTFEED_CWEBP_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

// WebP through libwebp, which reports errors by return value. Status codes as in the other
// decoder shims: 0 decoded, 3 damaged. A still WebP is decoded straight into the caller's
// buffer; an animated one (which WebPDecode refuses) through libwebpdemux's animation
// decoder, which composes the first frame onto the canvas.

/// Reads the headers only: width and height (the canvas, for an animation), no pixel memory.
static inline int artfeed_webp_info(const uint8_t *data, size_t size, int *width, int *height) {
  return WebPGetInfo(data, size, width, height) ? 0 : 3;
}

/// True when the file is an animation (VP8X with the animation flag).
static inline int artfeed_webp_is_animated(const uint8_t *data, size_t size) {
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return 0;
  return features.has_animation;
}

/// Decodes the first frame of an animation into `rgba` (width * height * 4 bytes, the canvas
/// size from artfeed_webp_info).
static inline int artfeed_webp_decode_first_frame(const uint8_t *data, size_t size, int width,
                                                  int height, uint8_t *rgba) {
  WebPData input = {data, size};
  WebPAnimDecoderOptions options;
  if (!WebPAnimDecoderOptionsInit(&options)) return 3;
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  WebPAnimDecoder *decoder = WebPAnimDecoderNew(&input, &options);
  if (decoder == NULL) return 3;
  WebPAnimInfo info;
  int result = 3;
  uint8_t *frame = NULL;
  int timestamp = 0;
  if (WebPAnimDecoderGetInfo(decoder, &info) && (int)info.canvas_width == width &&
      (int)info.canvas_height == height && WebPAnimDecoderGetNext(decoder, &frame, &timestamp) &&
      frame != NULL) {
    memcpy(rgba, frame, (size_t)width * (size_t)height * 4);
    result = 0;
  }
  WebPAnimDecoderDelete(decoder);
  return result;
}

/// Decodes into `rgba` (width * height * 4 bytes, sizes from artfeed_webp_info).
static inline int artfeed_webp_decode(const uint8_t *data, size_t size, int width, int height,
                                      uint8_t *rgba) {
  if (artfeed_webp_is_animated(data, size)) {
    return artfeed_webp_decode_first_frame(data, size, width, height, rgba);
  }
  size_t bytes = (size_t)width * (size_t)height * 4;
  uint8_t *out = WebPDecodeRGBAInto(data, size, rgba, bytes, width * 4);
  return out != NULL ? 0 : 3;
}

// MARK: - Animation, frame by frame

/// Opens an animated WebP for composed frames (RGBA, the canvas's size); NULL when it is not
/// one libwebpdemux accepts. `frames`, `loops`, the canvas size come from its header.
static inline WebPAnimDecoder *artfeed_webp_animation_open(const uint8_t *data, size_t size,
                                                           int *width, int *height,
                                                           int *frames, int *loops) {
  WebPData input = {data, size};
  WebPAnimDecoderOptions options;
  if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  WebPAnimDecoder *decoder = WebPAnimDecoderNew(&input, &options);
  if (decoder == NULL) return NULL;
  WebPAnimInfo info;
  if (!WebPAnimDecoderGetInfo(decoder, &info)) {
    WebPAnimDecoderDelete(decoder);
    return NULL;
  }
  *width = (int)info.canvas_width;
  *height = (int)info.canvas_height;
  *frames = (int)info.frame_count;
  *loops = (int)info.loop_count;
  return decoder;
}

/// The next composed frame (owned by the decoder, valid until the next call) and the time it
/// ends at, in milliseconds from the start. 0, 1 at the end, 3 when damaged or cut short.
static inline int artfeed_webp_animation_next(WebPAnimDecoder *decoder, uint8_t **frame,
                                              int *timestamp) {
  if (!WebPAnimDecoderHasMoreFrames(decoder)) return 1;
  return WebPAnimDecoderGetNext(decoder, frame, timestamp) && *frame != NULL ? 0 : 3;
}
#endif
